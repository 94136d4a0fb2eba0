// The Node.js options the API server runs with, wherever it is started: the Dockerfile's CMD, `npm run start:prod`,
// `npm start` (scripts/start.js), the browser tests, Lighthouse and the page bench (api-server.js), the cluster test
// and the search bench's server. server-node-options.spec.js checks that the Dockerfile and package.json say the same.

/**
 * --max-semi-space-size=32 (MB; V8's default lets it grow to 16 on 64-bit machines): the young generation that every
 * request's short-lived objects (a search answer's rows and counts, a page's JSON) are made in. Larger, it is swept
 * less often and fewer objects live long enough to be copied into the old generation. In the server's CPU profile
 * over the search bench's mixes (MariaDB, 100,000 listings) the garbage collector's share of the thread went from
 * 5.6 / 6.8 / 7.5 / 8.5 % to 4.1 / 4.7 / 5.8 / 7.3 % (realistic, an edit a second, 10 edits a second, live market);
 * 64 MB did no better. It costs up to 48 MB more memory at most (three semi-spaces' worth), 24 MB more resident
 * after start in the bench.
 */
const SERVER_NODE_OPTIONS = ['--max-semi-space-size=32'];

module.exports = { SERVER_NODE_OPTIONS };
