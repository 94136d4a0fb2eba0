// Component tests (storefront, admin console): testing-library's findBy* and waitFor wait up to 5 s, not its
// default 1 s. Role queries over a large form are slow in jsdom, and under the whole suite's load (jest beside
// the browser tests) a first query of ListingForm's makes outlasted 1 s in a fresh-clone CI run.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 5000 });
