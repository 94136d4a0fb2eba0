const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { openBrowser, screenshots, api } = require('../lib');

let browser;
let page;
before(async () => {
  browser = await openBrowser();
  page = await browser.newPage();
});
after(async () => browser?.close());

const cardTitles = () => page.locator('.search-results > .vehicle-grid .vehicle-card-title').allInnerTexts();
const cardPrices = async () =>
  (await page.locator('.search-results > .vehicle-grid .vehicle-card-price').allInnerTexts()).map((p) => Number(p.replace(/[$,]/g, '')));
const countText = () => page.locator('.results-count').innerText();
/** Until the results section has its data (it is aria-busy while a search is asked for) and says how many it found. */
const resultsSettled = () =>
  page.waitForFunction(() => {
    const section = document.querySelector('.search-results');
    return section?.getAttribute('aria-busy') === 'false' && / found$/.test(section.querySelector('.results-count')?.textContent ?? '');
  });
/**
 * Chooses `value` in `select`, then waits until the search it asks for is answered and drawn. The address changes
 * before the page asks, so waiting for the address and then for a settled section could see the last search's cards.
 */
async function chooseAndSettle(select, value) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/vehicles/search?') && new URL(r.url()).searchParams.get('sortBy') === value);
  await select.selectOption(value);
  await answered;
  await page.waitForURL(new RegExp(`sortBy=${value}`));
  await resultsSettled();
}
/** Until the count reads `text`, exactly: a sort or filter just chosen may not have asked for its search yet. */
const countReads = (text) => page.locator('.results-count').filter({ hasText: new RegExp(`^${text}$`) }).waitFor();

test('search by make and model from the address preselects both and shows only that car', async () => {
  const recent = await api('/api/vehicles/recent');
  const { make, model } = recent[0];
  await page.goto(`/search?make=${encodeURIComponent(make)}&model=${encodeURIComponent(model)}`);
  await page.getByRole('heading', { name: 'Search for any vehicle' }).waitFor();
  await page.locator('.search-results > .vehicle-grid article').first().waitFor();
  assert.equal(await page.locator('#bar-make').inputValue(), make);
  assert.equal(await page.locator('#bar-model').inputValue(), model);
  const titles = await cardTitles();
  assert.ok(titles.length > 0);
  for (const title of titles.slice(0, 24)) assert.ok(title.includes(`${make} ${model}`), `${title} is a ${make} ${model}`);
  await screenshots(page, 'search-make-model');
});

test("once a make is searched, the model list holds only that make's models with listings, each with its count", async () => {
  const result = await api('/api/vehicles/search?make=Porsche');
  const expected = result.facets.model.map((f) => `${f.label} (${f.count})`);
  assert.ok(expected.length > 0, 'the demo has Porsches');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/search?make=Porsche');
    await page.locator('.search-results > .vehicle-grid article').first().waitFor();
    // The bar's select at 1440 px; on a phone, the Filters drawer's.
    if (width === 390) await page.getByRole('button', { name: /^Filters/ }).click();
    const model = width === 390 ? page.locator('#drawer-panel-model') : page.locator('#bar-model');
    await page.waitForFunction((id) => document.querySelector(id)?.querySelectorAll('option').length > 1, width === 390 ? '#drawer-panel-model' : '#bar-model');
    const options = (await model.locator('option').allInnerTexts()).slice(1);
    assert.deepEqual(options, expected);
    assert.equal(expected.reduce((n, o) => n + Number(/\((\d+)\)$/.exec(o)[1]), 0), result.total, 'the counts add up to the make’s listings');
    if (width === 390) await screenshots(page, 'search-drawer-models');
  }
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('with a ZIP code, cards show how far each car is and "Nearest First" sorts by it', async () => {
  await page.goto('/search');
  await page.locator('.search-results article').first().waitFor();
  assert.equal(await page.locator('#sort option[value="distance_asc"]').count(), 0, 'no distance sort without a ZIP code');
  await page.goto('/search?zipCode=78701&radius=500');
  await page.locator('.search-results article').first().waitFor();
  await chooseAndSettle(page.locator('#sort'), 'distance_asc');
  const miles = (await page.locator('.search-results > .vehicle-grid .vehicle-card-distance').allInnerTexts()).map((t) =>
    t.startsWith('Under') ? 0 : Number(t.replace(/[^\d]/g, '')),
  );
  assert.ok(miles.length > 0, 'cards show distances');
  assert.equal(miles.length, await page.locator('.search-results > .vehicle-grid article').count(), 'every card says how far it is');
  assert.deepEqual(miles, [...miles].sort((a, b) => a - b), 'nearest first');
  await screenshots(page, 'search-nearest-first');
});

test('a misspelt keyword finds what the right spelling finds, and "Best Match" ranks it', async () => {
  const right = await api('/api/vehicles/search?query=porsche&limit=100');
  assert.ok(right.total > 0, 'the demo has Porsches');
  await page.goto('/search');
  await page.locator('.search-results article').first().waitFor();
  assert.equal(await page.locator('#sort option[value="relevance_desc"]').count(), 0, 'no relevance sort without keywords');
  await page.locator('#bar-query').fill('porshe');
  await page.locator('#bar-query').press('Enter');
  await page.waitForURL(/query=porshe/);
  await page.locator('#sort option[value="relevance_desc"]').waitFor({ state: 'attached' });
  await chooseAndSettle(page.locator('#sort'), 'relevance_desc');
  const typed = await api('/api/vehicles/search?query=porshe&sortBy=relevance_desc&limit=100');
  assert.deepEqual(typed.vehicles.map((v) => v.id).sort(), right.vehicles.map((v) => v.id).sort());
  await countReads(`${right.total.toLocaleString('en-US')} ${right.total === 1 ? 'vehicle' : 'vehicles'} found`);
  const titles = await cardTitles();
  assert.ok(titles[0].includes('Porsche'), `${titles[0]} ranks first`);
  await screenshots(page, 'search-best-match');
});

test('the model waits for a make, and choosing a make clears the model', async () => {
  await page.goto('/search');
  const model = page.locator('#bar-model');
  assert.equal(await model.isDisabled(), true);
  assert.equal(await model.locator('option').first().innerText(), 'Choose Make First');
});

test('sorting and filtering change the results and the address', async () => {
  await page.goto('/search');
  await page.locator('.search-results article').first().waitFor();
  const allCount = await countText();

  await chooseAndSettle(page.locator('#sort'), 'price_asc');
  const ascending = await cardPrices();
  assert.deepEqual(ascending, [...ascending].sort((a, b) => a - b), 'prices ascend');

  await page.locator('#sort').selectOption('price_desc');
  await page.waitForURL(/sortBy=price_desc/);
  await page.waitForFunction((first) => {
    const p = document.querySelector('.search-results .vehicle-card-price');
    return p && Number(p.textContent.replace(/[$,]/g, '')) !== first;
  }, ascending[0]);
  const descending = await cardPrices();
  assert.deepEqual(descending, [...descending].sort((a, b) => b - a), 'prices descend');

  await page.locator('#side-bodyType').selectOption('suv');
  await page.waitForURL(/bodyType=suv/);
  await page.waitForFunction((before) => document.querySelector('.results-count')?.textContent !== before, allCount);
  await resultsSettled();
  assert.notEqual(await countText(), allCount);
  await screenshots(page, 'search-filtered');

  await page.locator('.search-sidebar').getByRole('button', { name: 'Clear all' }).click();
  await page.waitForURL((url) => url.search === '');
});

test('Load More Vehicles adds the next 24', async () => {
  await page.goto('/search');
  const cards = page.locator('.search-results > .vehicle-grid article');
  await cards.first().waitFor();
  // The drawn page holds its first screen's results; the storefront then asks for the whole first page of 24.
  await page.waitForFunction(() => document.querySelectorAll('.search-results > .vehicle-grid article').length >= 24);
  assert.equal(await cards.count(), 24);
  const total = Number((await countText()).replace(/\D/g, ''));
  assert.ok(total > 24, `demo data has more than 24 listings (${total})`);
  await page.getByRole('button', { name: 'Load More Vehicles' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.search-results > .vehicle-grid article').length === n, Math.min(48, total));
});

test('phone: the filter drawer opens, filters, and closes with Escape', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await drawer.locator('#drawer-fuelType').selectOption('gasoline');
  await page.waitForURL(/fuelType=gasoline/);
  await page.screenshot({ path: require('node:path').join(__dirname, '..', 'screenshots', 'search-drawer-phone.png') });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a search that matches nothing shows the empty state', async () => {
  await page.goto('/search?query=zzzz-no-such-car-zzzz');
  await page.getByText('No vehicles found').waitFor();
  await page.getByText('Try adjusting your search criteria or clear some filters to see more results.').waitFor();
});

test("the search bar shows each field's whole placeholder or choice at 1024, 1280 and 1440 px", async () => {
  const wide = await browser.newPage();
  try {
    for (const width of [1024, 1280, 1440]) {
      await wide.setViewportSize({ width, height: 900 });
      await wide.goto('/search');
      const cut = await wide.locator('.search-bar').evaluate((bar) =>
        [...bar.querySelectorAll('input, select')].flatMap((field) => {
          const text = field instanceof HTMLSelectElement ? field.options[field.selectedIndex]?.text ?? '' : field.placeholder;
          const style = getComputedStyle(field);
          const context = document.createElement('canvas').getContext('2d');
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          // The text, the padding, and a select's arrow (drawn inside its right padding, plus a little).
          const needed = context.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + (field instanceof HTMLSelectElement ? 4 : 0);
          return field.clientWidth < needed ? [`"${text}" needs ${Math.ceil(needed)} px, has ${field.clientWidth}`] : [];
        }),
      );
      assert.deepEqual(cut, [], `at ${width} px`);
    }
  } finally {
    await wide.close();
  }
});
