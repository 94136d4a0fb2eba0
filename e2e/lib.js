// Helpers of the browser tests: one Chromium per test file, pages at the two checked widths, screenshots.
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { launchBrowser } = require('../scripts/lib/chromium');

const BASE_URL = process.env.E2E_BASE_URL;
if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: run the browser tests through e2e/run.js');

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = join(__dirname, 'screenshots');

/** A browser with a fresh profile; pages share its local storage like tabs of one browser. */
async function openBrowser(options = {}) {
  const context = await launchBrowser({
    baseURL: BASE_URL,
    viewport: DESKTOP,
    // Scroll-reveal sections show at once, so full-page screenshots show every section.
    reducedMotion: 'reduce',
    ...options,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Desktop (1440) and phone (390) screenshots of the page as it is now, full length. */
async function screenshots(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** Public listings through the API, to pick test subjects from whatever the demo data holds. */
async function api(path) {
  const response = await fetch(`${BASE_URL}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

const toastText = (page) => page.locator('.toast').innerText();

module.exports = { BASE_URL, DESKTOP, PHONE, openBrowser, screenshots, api, toastText };
