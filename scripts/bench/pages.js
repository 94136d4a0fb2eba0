#!/usr/bin/env node
// `npm run bench:pages [-- --duration 10 --connections 16]`
//
// Drawn pages against the JSON API behind them, in one run (issue 28): starts the built server in production
// mode (scratch SQLite, the demo data, rate limits raised for the run), then measures with autocannon, one row
// at a time at the same concurrency, as a new signed-out visitor's browser asks (brotli accepted, no cookie):
//   - the landing page, the search page, listing pages (every demo listing in turn);
//   - the same pages revalidated by a browser that holds them (If-None-Match: 304);
//   - the landing page at made-up addresses (`/?n=…`: its drawing does not read the query, so it is kept once);
//   - the search page with a new filter each request (`/search?maxMileage=…`: drawn every time, what a miss costs);
//   - the API answers those pages are made of: recent listings, the search page's first results, one listing.
// Prints req/s, p50/p99 and the bytes of each answer (as sent, and the page's plain HTML), the load average
// before and after, and whether the pages reach half the API's req/s with p99 under 100 ms.
// Do not run it beside the test suite: both want the machine's cores.
'use strict';
const { loadavg } = require('node:os');
const { parseArgs } = require('node:util');
const autocannon = require('autocannon');
const { startApiServer } = require('../lib/api-server');

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'br, gzip',
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** autocannon on `paths` in turn, `headers` on each request: req/s, p50, p99, answers other than expected (a timeout, once: autocannon counts it among its errors). */
async function measure(baseUrl, paths, headers, expectStatus) {
  let next = 0;
  const samples = [];
  let wrong = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
    setupClient: (client) =>
      client.on('response', (status, _bytes, time) => {
        samples.push(time);
        if (status !== expectStatus) wrong += 1;
      }),
  });
  samples.sort((a, b) => a - b);
  return { rps: samples.length / (result.duration || DURATION), p50: percentile(samples, 50), p99: percentile(samples, 99), requests: samples.length, wrong: wrong + result.errors };
}

/** One answer's bytes as sent with `headers`, and its ETag; plain: its decoded length. */
async function sizeOf(baseUrl, path, headers) {
  const response = await fetch(baseUrl + path, { headers });
  const plain = (await response.arrayBuffer()).byteLength;
  // fetch decodes: ask for the raw length through the header the server set, else measure encoded bytes apart.
  const encoding = response.headers.get('content-encoding');
  let sent = plain;
  if (encoding) {
    const raw = await new Promise((resolve, reject) => {
      const { request } = require('node:http');
      const url = new URL(baseUrl + path);
      const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
        let n = 0;
        res.on('data', (chunk) => (n += chunk.length));
        res.on('end', () => resolve(n));
      });
      req.on('error', reject);
      req.end();
    });
    sent = raw;
  }
  return { status: response.status, plain, sent, encoding, etag: response.headers.get('etag') };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  // The global per-address limit out of the way: every row comes from this one address, over a million a minute
  // on a fast machine (at a million, the later rows were answered 429).
  const server = await startApiServer({ env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'error' } });
  try {
    const base = server.baseUrl;
    const recent = await (await fetch(`${base}/api/vehicles/recent`)).json();
    const search = await (await fetch(`${base}/api/vehicles/search?limit=1`)).json();
    const ids = recent.map((v) => v.id);
    if (ids.length === 0) throw new Error('no demo listings');
    // The search page asks for its first results exactly as the storefront does (firstViewRequests).
    const html = await (await fetch(`${base}/search`, { headers: BROWSER })).text();
    const firstView = JSON.parse(/<script type="application\/json" id="first-view">(.*?)<\/script>/s.exec(html)?.[1] ?? '[]');
    const searchApi = firstView.find((a) => a.kind === 'search')?.path ?? '/api/vehicles/search';
    const listingPaths = ids.map((id) => `/vehicles/${id}`);
    const etagOf = async (path) => (await sizeOf(base, path, BROWSER)).etag;

    const rows = [
      { what: 'landing page', kind: 'page', paths: ['/'], headers: BROWSER, status: 200 },
      { what: 'search page', kind: 'page', paths: ['/search'], headers: BROWSER, status: 200 },
      { what: `listing pages (${ids.length})`, kind: 'page', paths: listingPaths, headers: BROWSER, status: 200 },
      { what: 'landing page, revalidated (304)', kind: 'page', paths: ['/'], headers: { ...BROWSER, 'if-none-match': await etagOf('/') }, status: 304 },
      { what: 'search page, revalidated (304)', kind: 'page', paths: ['/search'], headers: { ...BROWSER, 'if-none-match': await etagOf('/search') }, status: 304 },
      { what: 'landing page, made-up queries', kind: 'page', paths: Array.from({ length: 1_000_000 }, (_, i) => `/?n=${i}`), headers: BROWSER, status: 200 },
      { what: 'search page, drawn each time', kind: 'miss', paths: Array.from({ length: 1_000_000 }, (_, i) => `/search?maxMileage=${1_000_000 + i}`), headers: BROWSER, status: 200 },
      { what: 'API: recent listings', kind: 'api', paths: ['/api/vehicles/recent'], headers: { accept: 'application/json' }, status: 200 },
      { what: 'API: search, first page', kind: 'api', paths: [searchApi], headers: { accept: 'application/json' }, status: 200 },
      { what: `API: one listing (${ids.length})`, kind: 'api', paths: ids.map((id) => `/api/vehicles/${id}`), headers: { accept: 'application/json' }, status: 200 },
    ];
    console.log(`Pages bench: demo data (${search.total} public listings), SQLite, production mode, ${CONNECTIONS} connections, ${DURATION} s a row`);
    console.log(`Load average before: ${load()}`);
    for (const row of rows) {
      const size = await sizeOf(base, row.paths[0], row.headers);
      row.size = size;
      // Warm: the kept page (or answer) exists before the clock starts, as on a running site.
      await fetch(base + row.paths[0], { headers: row.headers });
      row.result = await measure(base, row.paths, row.headers, row.status);
      process.stdout.write('.');
    }
    console.log(`\nLoad average after: ${load()}\n`);
    const header = `${'what'.padEnd(36)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'sent'.padStart(13)}${'HTML/JSON'.padStart(11)}${'errors'.padStart(8)}`;
    console.log(header);
    console.log('-'.repeat(header.length));
    for (const { what, size, result } of rows) {
      const sent = size.status === 304 ? '304, 0 B' : `${kb(size.sent)}${size.encoding ? ` ${size.encoding}` : ''}`;
      console.log(
        `${what.padEnd(36)}${result.rps.toFixed(0).padStart(8)}${result.p50.toFixed(1).padStart(9)}${result.p99.toFixed(1).padStart(9)}${sent.padStart(13)}${(size.status === 304 ? '' : kb(size.plain)).padStart(11)}${String(result.wrong).padStart(8)}`,
      );
    }
    const pages = rows.filter((r) => r.kind === 'page' && r.status === 200);
    const api = rows.filter((r) => r.kind === 'api');
    const apiRps = api.reduce((sum, r) => sum + r.result.rps, 0) / api.length;
    console.log(`\nAPI behind the pages: ${apiRps.toFixed(0)} req/s on average`);
    for (const page of pages) {
      const ok = page.result.rps >= apiRps / 2 && page.result.p99 < 100;
      console.log(`${page.what}: ${page.result.rps.toFixed(0)} req/s (${((100 * page.result.rps) / apiRps).toFixed(0)} % of the API's), p99 ${page.result.p99.toFixed(1)} ms: goal (half the API's req/s, p99 < 100 ms) ${ok ? 'met' : 'NOT met'}`);
    }
    if (rows.some((r) => r.result.wrong > 0)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
