const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { openBrowser, screenshots, BASE_URL } = require('../lib');

let browser;
let page;
before(async () => {
  browser = await openBrowser({ reducedMotion: 'no-preference' });
  page = await browser.newPage();
});
after(async () => browser?.close());

const activeTitle = () => page.locator('.slide.is-active .slide-title').innerText();

test('the slideshow shows up to 20 slides without the site frame and advances every 4 s', async () => {
  await page.goto('/iframe-slideshow');
  await page.locator('.slide.is-active').waitFor();
  assert.equal(await page.locator('header.site-header').count(), 0);
  assert.equal(await page.locator('footer').count(), 0);
  const slides = await page.locator('.slide').count();
  assert.ok(slides > 1 && slides <= 20, `${slides} slides`);
  assert.equal(await page.locator('.slide-dot').count(), slides);
  const first = await activeTitle();
  await page.waitForFunction((t) => document.querySelector('.slide.is-active .slide-title')?.textContent !== t, first, { timeout: 6000 });
  await page.getByRole('button', { name: 'Previous vehicle' }).click();
  assert.equal(await activeTitle(), first);
  await screenshots(page, 'slideshow');
});

test('a click opens the search page in a new tab', async () => {
  await page.goto('/iframe-slideshow');
  await page.locator('.slide.is-active').waitFor();
  const [popup] = await Promise.all([browser.waitForEvent('page'), page.locator('.slideshow').click({ position: { x: 200, y: 150 } })]);
  await popup.waitForURL(`${BASE_URL}/search`);
  await popup.close();
});

test('other sites may frame the slideshow, and no other page', async () => {
  const slideshow = await fetch(`${BASE_URL}/iframe-slideshow`);
  assert.match(slideshow.headers.get('content-security-policy'), /frame-ancestors \*/);
  assert.equal(slideshow.headers.get('x-frame-options'), null);
  const home = await fetch(`${BASE_URL}/`);
  assert.match(home.headers.get('content-security-policy'), /frame-ancestors 'none'/);
  assert.equal(home.headers.get('x-frame-options'), 'DENY');
});
