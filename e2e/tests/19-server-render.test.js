// Public pages drawn by the server: a signed-out visitor sees the page before (and without) its scripts, the
// storefront then takes that very markup over (hydration) without drawing it again, and nothing moves.
const { test, before } = require('node:test');
const assert = require('node:assert/strict');
const { join } = require('node:path');
const { openBrowser, assertAccessible, api, DESKTOP, PHONE, SHOTS } = require('../lib');

let vehicle;
before(async () => {
  // A listing with photos (another test's listing may have none).
  const recent = await api('/api/vehicles/recent');
  vehicle = recent.find((v) => v.images.length > 0) ?? recent[0];
});

const pages = () => [
  { name: 'landing', path: '/', heading: /Find your next car/ },
  { name: 'search', path: '/search', heading: /Search for any vehicle/ },
  { name: 'listing', path: `/vehicles/${vehicle.id}`, heading: new RegExp(`${vehicle.year} ${vehicle.make} ${vehicle.model}`) },
  { name: 'faq', path: '/faq', heading: /Frequently Asked Questions/ },
];

for (const size of [PHONE, DESKTOP]) {
  const label = size === PHONE ? 'phone' : 'desktop';

  test(`without JavaScript the public pages are there, photos and all, at ${size.width} px`, async () => {
    const browser = await openBrowser({ viewport: size, javaScriptEnabled: false });
    try {
      const page = await browser.newPage();
      for (const { name, path, heading } of pages()) {
        // Scripts off: the page never becomes the app's, so only its load is waited for.
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        await page.waitForLoadState('load');
        assert.match(await page.locator('main h1').first().innerText(), heading, `${path} has its heading`);
        if (name === 'search') assert.ok((await page.locator('.search-results .vehicle-grid article').count()) > 0, 'the search page lists its results');
        if (name === 'landing') assert.ok((await page.getByRole('list', { name: 'Recent listings' }).locator('article').count()) > 0, 'the landing page lists recent listings');
        if (name === 'listing' && vehicle.images.length > 0) {
          const photo = page.locator('.gallery-main img');
          assert.ok(await photo.evaluate((img) => img.complete && img.naturalWidth > 0), 'the listing photo has loaded');
        }
        await page.screenshot({ path: join(SHOTS, `server-drawn-${name}-${label}.png`), fullPage: name !== 'search' });
      }
    } finally {
      await browser.close();
    }
  });

  test(`the app takes the server's page over without drawing it again, and nothing moves, at ${size.width} px`, async () => {
    const browser = await openBrowser({ viewport: size });
    try {
      const page = await browser.newPage();
      const complaints = [];
      page.on('console', (message) => ['warning', 'error'].includes(message.type()) && complaints.push(message.text()));
      page.on('pageerror', (error) => complaints.push(error.message));
      // Before the app starts (after the load event), mark the heading the server drew: markup React took over
      // keeps an attribute it does not know; markup it drew again would not. And add up the layout shifts.
      await page.addInitScript(() => {
        window.__shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => document.querySelector('main h1')?.setAttribute('data-drawn-by-server', ''));
      });
      for (const { name, path } of pages()) {
        const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
        assert.match(await response.text(), /<div id="root" data-server-rendered>/, `${path} is drawn by the server`);
        await page.waitForFunction(() => !document.querySelector('#root[data-server-rendered]'));
        await page.waitForLoadState('networkidle');
        assert.equal(await page.locator('main h1[data-drawn-by-server]').count(), 1, `${path}: the heading the server drew is still there`);
        const shifts = await page.evaluate(() => window.__shifts);
        assert.ok(shifts < 0.02, `${path}: layout shift ${shifts.toFixed(3)} while the app took over`);
        if (name === 'search' || name === 'listing') await assertAccessible(page, `server-drawn ${name}`);
      }
      assert.deepEqual(complaints, [], 'no warning or error in the console');

      // The page answers taps once it is the app's: the phone menu opens, a card opens its listing in the app.
      await page.goto('/search');
      if (size === PHONE) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        await page.keyboard.press('Escape');
      }
      await page.evaluate(() => (window.__samePage = true));
      await page.locator('.search-results .vehicle-grid article a').first().click();
      await page.getByRole('heading', { level: 1 }).filter({ hasText: /\d{4} / }).waitFor();
      assert.equal(await page.evaluate(() => window.__samePage), true, 'the listing was drawn by the app, not loaded anew');
    } finally {
      await browser.close();
    }
  });
}
