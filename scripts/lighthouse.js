#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (the npm package) with Debian's Chromium against the built app with the demo
// data: /, /search and one /vehicles/{id}, mobile emulation (Lighthouse's default), the four category scores
// of each page and its paint metrics (FCP, LCP, TBT, CLS). Goal: 95+ in each category, LCP under 2.5 s.
// Reports go to lighthouse-reports/ (gitignored); LIGHTHOUSE_URL=http://… measures a running server instead.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { startApiServer } = require('./lib/api-server');
const { CHROMIUM_FLAGS, CHROMIUM_PATH, assertChromium, freshProfile } = require('./lib/chromium');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GOALS = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 95 };
const reports = join(__dirname, '..', 'lighthouse-reports');

async function main() {
  assertChromium();
  const server = process.env.LIGHTHOUSE_URL ? null : await startApiServer();
  const baseUrl = process.env.LIGHTHOUSE_URL ?? server.baseUrl;
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const rows = [];
  let chrome;
  try {
    const recent = await (await fetch(`${baseUrl}/api/vehicles/recent`)).json();
    if (!Array.isArray(recent) || recent.length === 0) throw new Error('No listings to measure: is the demo data there?');
    const paths = ['/', '/search', `/vehicles/${recent[0].id}`];
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir: freshProfile('lighthouse-') });
    mkdirSync(reports, { recursive: true });
    for (const path of paths) {
      // A first visit warms the server (cached answers, compiled templates) like a live site.
      await fetch(`${baseUrl}${path}`);
      const result = await lighthouse(`${baseUrl}${path}`, { port: chrome.port, output: 'html', logLevel: 'error', onlyCategories: CATEGORIES });
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c].score ?? 0) * 100)]));
      const metric = (id) => result.lhr.audits[id]?.numericValue ?? NaN;
      rows.push({ path, ...scores, fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift') });
      writeFileSync(join(reports, `${path.replace(/\W+/g, '_') || 'home'}.html`), result.report);
      const failing = Object.values(result.lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
        .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
      if (failing.length) console.log(`  ${path}: below 0.9: ${failing.join(', ')}`);
    }
  } finally {
    await chrome?.kill();
    await server?.stop();
  }
  console.log('\npage                       perf  a11y  best   seo    FCP s   LCP s  TBT ms    CLS   (mobile)');
  for (const r of rows) {
    const metrics = [(r.fcp / 1000).toFixed(2), (r.lcp / 1000).toFixed(2), r.tbt.toFixed(0), r.cls.toFixed(3)].map((m) => m.padStart(7)).join(' ');
    console.log(`${r.path.padEnd(26)} ${CATEGORIES.map((c) => String(r[c]).padStart(5)).join(' ')} ${metrics}`);
  }
  const missed = rows.flatMap((r) => CATEGORIES.filter((c) => r[c] < GOALS[c]).map((c) => `${r.path} ${c} ${r[c]} < ${GOALS[c]}`));
  if (missed.length) console.log(`\nBelow goal: ${missed.join('; ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
