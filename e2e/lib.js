// Helpers of the browser tests: a fresh browser context per test file (on the run's one Chromium), pages at the two
// checked widths, screenshots only when asked (E2E_SCREENSHOTS=1) or when a test fails.
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const assert = require('node:assert/strict');
const { afterEach } = require('node:test');

const AXE_SOURCE = require('axe-core').source;
const { launchBrowser } = require('../scripts/lib/chromium');

const BASE_URL = process.env.E2E_BASE_URL;
if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: run the browser tests through e2e/run.js');

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = join(__dirname, 'screenshots');
/** Screenshots assert nothing: they are written when asked for (E2E_SCREENSHOTS=1), else only for a failing test. */
const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** The contexts this file has open, for the failure screenshots. */
const openContexts = new Set();
/** Each page's own screenshot method (page.screenshot is wrapped to honour KEEP_SCREENSHOTS). */
const realScreenshot = new WeakMap();

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
  for (const prepare of [waitForAppOnNavigation, screenshotOnlyWhenAsked]) {
    context.pages().forEach(prepare);
    context.on('page', prepare);
  }
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  return context;
}

/** A test's `page.screenshot({ path })` writes the file only with E2E_SCREENSHOTS=1; a screenshot into a buffer is always taken. */
function screenshotOnlyWhenAsked(page) {
  const take = page.screenshot.bind(page);
  realScreenshot.set(page, take);
  page.screenshot = async (options = {}) => (KEEP_SCREENSHOTS || !options.path ? take(options) : Buffer.alloc(0));
}

/** A failing test leaves a screenshot of each page it had open: e2e/screenshots/failed-<test>-<n>.png. */
afterEach(async (t) => {
  if (t.passed) return;
  const pages = [...openContexts].flatMap((context) => context.pages());
  const name = t.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  for (const [i, page] of pages.entries()) {
    const path = join(SHOTS, `failed-${name}-${i + 1}.png`);
    await (realScreenshot.get(page) ?? page.screenshot.bind(page))({ path, fullPage: true, timeout: 15_000 })
      .then(() => console.log(`# screenshot of the failing test: ${path}`))
      .catch(() => undefined);
  }
});

/**
 * A public page the server drew (its root has data-server-rendered) shows at once but answers taps only once
 * the storefront has taken it over, after its load event; so a test's navigation that waits for the load
 * (Playwright's default) also waits for that, as a person waits for a page to respond. Navigations that ask
 * for less (`waitUntil: 'domcontentloaded'`, to see a page while its photos are held back) do not.
 */
function waitForAppOnNavigation(page) {
  for (const name of ['goto', 'reload', 'goBack', 'goForward']) {
    const navigate = page[name].bind(page);
    page[name] = async (...args) => {
      const response = await navigate(...args);
      const options = args.find((a) => typeof a === 'object' && a !== null) ?? {};
      if ((options.waitUntil ?? 'load') === 'load' || options.waitUntil === 'networkidle') {
        await page.waitForFunction(() => !document.querySelector('#root[data-server-rendered]'), null, { timeout: 15_000 });
      }
      return response;
    };
  }
}

/**
 * axe-core's WCAG 2.x A/AA rules on the page as it is now; fails with each critical or serious violation,
 * its rule, help text and the first offending elements. `exclude`: CSS selectors left out (a known problem
 * another change fixes; say which where it is used).
 */
async function assertAccessible(page, label, { exclude = [] } = {}) {
  const loaded = await page.evaluate(() => typeof window.axe === 'object');
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy refuses inline scripts.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (excluded) => {
    const context = excluded.length ? { include: [['html']], exclude: excluded.map((s) => [s]) } : document;
    const result = await window.axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')), count: v.nodes.length }));
  }, exclude);
  const report = violations.map((v) => `  ${v.impact} ${v.id} (${v.count}×): ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n');
  assert.equal(violations.length, 0, `axe-core on ${label} at ${page.viewportSize().width} px:\n${report}`);
}

/**
 * The page as it is now at desktop (1440) and phone (390) width, each checked by axe-core (no critical or serious
 * violation) unless `{ axe: false }`; `exclude` as for assertAccessible. Full-length screenshots of both
 * (e2e/screenshots/<name>-desktop.png, -phone.png) with E2E_SCREENSHOTS=1.
 */
async function screenshots(page, name, { axe = true, exclude = [] } = {}) {
  if (!axe && !KEEP_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
    if (axe) await assertAccessible(page, name, { exclude });
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

/** The session-storage key under which watchForTexts notes the texts a tab has shown. */
const SHOWN_TEXTS_KEY = 'e2e-texts-shown';

/**
 * Notes whether the page shows any of `texts` from its next navigation on, however briefly, in the tab's session
 * storage (which a redirect keeps). A message shown for half a second before a redirect ("Logging in again…") can
 * come and go before a navigation's load event on a busy machine, so a wait that starts after the navigation misses
 * it. Call before navigating; `shown(text)` then answers whether it was seen.
 */
async function watchForTexts(page, texts) {
  await page.addInitScript(({ needles, KEY }) => {
    const note = (node) => {
      const text = node.textContent ?? '';
      const found = needles.filter((needle) => text.includes(needle));
      if (found.length === 0) return;
      const shown = new Set(JSON.parse(sessionStorage.getItem(KEY) ?? '[]'));
      for (const needle of found) shown.add(needle);
      sessionStorage.setItem(KEY, JSON.stringify([...shown]));
    };
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) note(node);
    }).observe(document, { childList: true, subtree: true });
  }, { needles: texts, KEY: SHOWN_TEXTS_KEY });
  return { shown: (text) => page.evaluate(({ needle, KEY }) => JSON.parse(sessionStorage.getItem(KEY) ?? '[]').includes(needle), { needle: text, KEY: SHOWN_TEXTS_KEY }) };
}

module.exports = { BASE_URL, DESKTOP, PHONE, SHOTS, openBrowser, screenshots, assertAccessible, api, toastText, watchForTexts };
