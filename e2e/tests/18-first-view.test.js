// The first view: a signed-out visitor's first screen draws from the answers the server wrote into the page,
// without asking the API for them again; a later page of the same visit asks as usual.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { openBrowser, screenshots, api, BASE_URL, DESKTOP, PHONE } = require('../lib');

let browser;
let vehicle;
before(async () => {
  browser = await openBrowser();
  const recent = await api('/api/vehicles/recent');
  vehicle = recent[0];
});
after(async () => browser?.close());

/** The API GETs a page asks for while it opens (analytics aside), as "path?query". */
async function openCounting(page, path) {
  const asked = [];
  const listener = (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() === 'GET') asked.push(url.pathname + url.search);
  };
  page.on('request', listener);
  await page.goto(path);
  return { asked, stop: () => page.off('request', listener) };
}

for (const size of [PHONE, DESKTOP]) {
  test(`the landing page, a search and a listing draw their first screen without asking the API at ${size.width} px`, async () => {
    const page = await browser.newPage();
    await page.setViewportSize(size);

    let visit = await openCounting(page, '/');
    await page.getByRole('list', { name: 'Recent listings' }).locator('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    visit.stop();
    // The page holds the first screen's listings; the rest of the recent list is asked for once the app runs.
    assert.deepEqual(visit.asked.filter((p) => p !== '/api/vehicles/recent'), [], 'the landing page asked for nothing its first view holds');

    visit = await openCounting(page, `/search?make=${encodeURIComponent(vehicle.make)}`);
    await page.locator('.search-results .vehicle-grid article').first().waitFor();
    await page.waitForLoadState('networkidle');
    visit.stop();
    // Beyond its first screen: the rest of the first page of results (when there are more), the featured listings
    // below, and the rest of the recently sold cars (the drawn page holds the first few).
    const beyond = (p) => p === '/api/vehicles/featured' || p === '/api/vehicles/recently-sold' || p.startsWith('/api/vehicles/search?');
    assert.deepEqual(visit.asked.filter((p) => !beyond(p)), [], 'the search page asked for nothing its first view holds');
    assert.match(await page.locator('.search-results .vehicle-grid article .vehicle-card-title').first().innerText(), new RegExp(vehicle.make));

    visit = await openCounting(page, `/vehicles/${vehicle.id}`);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: `${vehicle.year} ${vehicle.make} ${vehicle.model}` }).waitFor();
    await page.waitForLoadState('networkidle');
    visit.stop();
    // Only what depends on the listing's own answer is asked for: the similar listings (GET /api/vehicles/{id}/similar,
    // as the visitor scrolls towards them), and the listing again, which counts the visitor's view (the page itself is
    // the same for every visitor).
    assert.deepEqual(
      visit.asked.filter((p) => p !== `/api/vehicles/${vehicle.id}/similar`),
      [`/api/vehicles/${vehicle.id}`],
      'the listing page asked for nothing its first view holds but its view count',
    );
    if (size === PHONE) await screenshots(page, 'first-view-listing');

    // Moving on inside the app asks the API as before.
    const next = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/vehicles/search' && next.push(r.url()));
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Vehicle Listings' }).click();
    await page.waitForURL(/\/search$/);
    await page.locator('.search-results .vehicle-grid article').first().waitFor();
    assert.ok(next.some((url) => !url.includes('minPrice=')), 'a search reached by a link asks the API');
    await page.close();
  });
}

test('a signed-in visitor gets no first view and asks the API for the page', async () => {
  const page = await browser.newPage();
  // Any session cookie, even a stale one, means the answers may depend on who this is.
  await browser.addCookies([{ name: 'cm_session', value: 'stale', url: BASE_URL }]);
  const visit = await openCounting(page, `/vehicles/${vehicle.id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  visit.stop();
  assert.ok(visit.asked.includes(`/api/vehicles/${vehicle.id}`), `asked: ${visit.asked.join(', ')}`);
  await browser.clearCookies();
  await page.close();
});
