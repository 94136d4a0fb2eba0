// The search page without dead ends: results on a phone's first screen, applied filters as removable chips,
// make and model in one place, a filter panel that scrolls with the page, whole cards as links.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { join } = require('node:path');
const { openBrowser, screenshots, SHOTS, PHONE, DESKTOP } = require('../lib');

let browser;
let page;
before(async () => {
  browser = await openBrowser();
  page = await browser.newPage();
});
after(async () => browser?.close());

test('390 px: the first screen shows a result; the bar is one field beside Filters', async () => {
  await page.setViewportSize(PHONE);
  await page.goto('/search');
  const first = page.locator('.vehicle-grid article').first();
  await first.waitFor();
  const box = await first.boundingBox();
  assert.ok(box.y < PHONE.height - 80, `the first result starts at ${box.y} px of a ${PHONE.height} px screen`);
  assert.equal(await page.locator('#bar-make').isVisible(), false, 'the make is in the Filters drawer on a phone');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('dialog', { name: 'Filters' }).getByLabel(/^Make/).first().waitFor();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: join(SHOTS, 'search-first-screen-390.png') });
});

test('applied filters show as removable chips with Clear all; make and model are chosen once on desktop', async () => {
  await page.setViewportSize(DESKTOP);
  const { vehicles } = await (await page.request.get('/api/vehicles/search?limit=1')).json();
  const { make, model } = vehicles[0];
  await page.goto(`/search?make=${encodeURIComponent(make)}&model=${encodeURIComponent(model)}&maxPrice=500000&features=Sunroof%2FMoonroof`);
  await page.locator('.vehicle-grid article, .empty-state').first().waitFor();
  assert.equal(await page.getByLabel(/^Make/).count(), 1, 'one make field on the page');
  const chips = page.getByRole('group', { name: 'Applied filters' });
  for (const label of [`Make: ${make}`, `Model: ${model}`, 'Up to $500,000', 'Sunroof/Moonroof']) {
    await chips.getByRole('button', { name: `Remove filter: ${label}` }).waitFor();
  }
  await screenshots(page, 'search-chips');
  await chips.getByRole('button', { name: 'Remove filter: Sunroof/Moonroof' }).click();
  await page.waitForURL((url) => !url.search.includes('features'));
  await chips.getByRole('button', { name: `Remove filter: Make: ${make}` }).click();
  await page.waitForURL((url) => !url.search.includes('make=') && !url.search.includes('model='));
  await chips.getByRole('button', { name: 'Clear all' }).click();
  await page.waitForURL((url) => url.search === '');
  await page.getByRole('group', { name: 'Applied filters' }).waitFor({ state: 'detached' });
});

test('the desktop filter panel scrolls with the page, its feature list folded', async () => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/search');
  const panel = page.locator('.search-sidebar');
  await panel.waitFor();
  const overflow = await panel.evaluate((el) => ({ overflowY: getComputedStyle(el).overflowY, scrolls: el.scrollHeight > el.clientHeight + 1 }));
  assert.equal(overflow.scrolls, false, 'the panel is not a box that scrolls inside itself');
  assert.equal(await panel.locator('details.filter-features').getAttribute('open'), null);
  await panel.locator('details.filter-features > summary').click();
  await panel.getByRole('checkbox').first().waitFor();
});

test('the whole card opens the listing, and a card carries at most two badges', async () => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/search');
  const card = page.locator('.vehicle-grid article').first();
  await card.waitFor();
  const counts = await page.locator('.vehicle-card-badges').evaluateAll((els) => els.map((el) => el.children.length));
  assert.ok(counts.every((n) => n <= 2), `badges per card: ${counts.join(', ')}`);
  const box = await card.locator('.vehicle-card-meta').boundingBox();
  await page.mouse.click(box.x + 4, box.y + box.height / 2);
  await page.waitForURL(/\/vehicles\/\d+$/);
});
