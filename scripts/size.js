#!/usr/bin/env node
// `npm run size`: first-load JavaScript and CSS of the three public pages (landing `/`, a search `/search`, a
// listing `/vehicles/{id}`), gzip, as a signed-out visitor's browser loads them: the built API with the demo data
// (scripts/lib/api-server.js, as for the browser tests) draws each page with real listings, Debian's Chromium opens
// it with an empty cache and waits until the storefront has taken the page over (hydrated) and the network is
// quiet, and the gzip size of every .js and .css file of the site the page requested is summed. Fails when a
// page's JavaScript passes the budget (issue 28: 120 KB gzip).
// SIZE_URL=http://… measures a running server instead; SIZE_BUDGET_KB changes the budget.
const zlib = require('node:zlib');
const { launchBrowser } = require('./lib/chromium');
const { publicPages } = require('./lib/public-pages');

const BUDGET_KB = Number(process.env.SIZE_BUDGET_KB || 120);
const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * The .js and .css files of `baseUrl` that loading `path` requests, each with its size as sent uncompressed and
 * gzipped (level 9, as the build's precompressed copies): until the page is hydrated and the network idle.
 */
async function firstLoad(context, baseUrl, path) {
  const origin = new URL(baseUrl).origin;
  const page = await context.newPage();
  const files = new Map();
  const pending = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !/\.(js|css)$/.test(url.pathname) || files.has(url.pathname)) return;
    files.set(url.pathname, null);
    pending.push(
      response.body().then((body) => files.set(url.pathname, { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length })),
    );
  });
  try {
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`);
    // The server drew the page; the storefront's scripts load after its first paint and take it over.
    await page.waitForSelector(`#root:not([${SERVER_RENDERED_ATTRIBUTE}])`, { state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
  } finally {
    await page.close();
  }
  return [...files].map(([file, size]) => ({ file, ...size })).sort((a, b) => a.file.localeCompare(b.file));
}

/** Measures every public page, each in a fresh browser context (an empty cache): [{ name, path, files, js, css }]. */
async function measurePages(baseUrl) {
  const results = [];
  for (const { name, path } of await publicPages(baseUrl)) {
    const context = await launchBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const files = await firstLoad(context, baseUrl, path);
      const sum = (ext) => files.filter((f) => f.file.endsWith(ext)).reduce((s, f) => s + f.gzip, 0);
      results.push({ name, path, files, js: sum('.js'), css: sum('.css') });
    } finally {
      await context.close();
    }
  }
  return results;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  let server = null;
  if (!process.env.SIZE_URL) {
    const { startApiServer } = require('./lib/api-server');
    server = await startApiServer({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  }
  const baseUrl = process.env.SIZE_URL ?? server.baseUrl;
  let results;
  try {
    results = await measurePages(baseUrl);
  } finally {
    await server?.stop();
  }
  for (const { name, path, files } of results) {
    console.log(`\n${name} (${path})`);
    for (const f of files) console.log(`  ${f.file.padEnd(40)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`);
  }
  console.log(`\nFirst load, gzip (budget ${BUDGET_KB} KB of JavaScript per page):`);
  for (const r of results) console.log(`  ${r.name.padEnd(8)} JavaScript ${kb(r.js).padStart(9)}   CSS ${kb(r.css).padStart(8)}   ${r.path}`);
  const over = results.filter((r) => r.js > BUDGET_KB * 1024);
  if (over.length > 0) {
    console.error(`✖ First-load JavaScript is over the ${BUDGET_KB} KB budget on: ${over.map((r) => r.name).join(', ')}`);
    process.exit(1);
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { measurePages, BUDGET_KB };
