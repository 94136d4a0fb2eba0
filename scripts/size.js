#!/usr/bin/env node
// `npm run size`: first-load JavaScript and CSS of the landing page, gzip, as a browser loads it.
// Serves the storefront build (apps/storefront/dist) with a tiny static server (every page path answers
// index.html, /api answers 404 so no data arrives), opens / in Debian's Chromium, and sums the gzip size of
// every .js and .css file the page requested. Fails when the JavaScript passes the budget.
const http = require('node:http');
const { existsSync, readFileSync, statSync } = require('node:fs');
const { extname, join, normalize } = require('node:path');
const zlib = require('node:zlib');
const { launchBrowser } = require('./lib/chromium');

const BUDGET_KB = Number(process.env.SIZE_BUDGET_KB || 170);
const dist = join(__dirname, '..', 'apps', 'storefront', 'dist');
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json' };

function serve() {
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"statusCode":404,"message":"Not Found"}');
      return;
    }
    const file = normalize(join(dist, path));
    const isFile = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    const target = isFile ? file : join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(target)] || 'application/octet-stream' }).end(readFileSync(target));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main() {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('No storefront build: run "npm run build:storefront" first.');
  const server = await serve();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const context = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  const requested = new Set();
  try {
    const page = await context.newPage();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && /\.(js|css)$/.test(url.pathname)) requested.add(url.pathname);
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Sell Your Car with Personal Support' }).waitFor();
  } finally {
    await context.close();
    server.close();
  }

  const rows = [...requested].sort().map((path) => {
    const body = readFileSync(join(dist, path));
    return { path, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
  });
  const sum = (ext) => rows.filter((r) => r.path.endsWith(ext)).reduce((s, r) => s + r.gzip, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const r of rows) console.log(`${r.path.padEnd(40)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(10)} gzip`);
  const js = sum('.js');
  console.log(`\nLanding page first load: JavaScript ${kb(js)} gzip (budget ${BUDGET_KB} KB), CSS ${kb(sum('.css'))} gzip`);
  if (js > BUDGET_KB * 1024) {
    console.error(`✖ First-load JavaScript is over the ${BUDGET_KB} KB budget`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
