// The listing's life on the market: the demo seller cuts a price (live at once: the price-drop label on the card,
// the detail page and its price history, "Recently reduced" first in search) and changes the trim (held as
// "Changes awaiting review" while the listing stays public), the admin sees the change as a diff and approves it,
// the seller marks another listing sold. Screenshots at 1440 and 390 px.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { request } = require('playwright-core');
const { openBrowser, screenshots, BASE_URL } = require('../lib');

const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
/** The fields of the listing form (PUT /api/vehicles/{id} replaces them all). */
const FORM_FIELDS = [
  'make', 'model', 'year', 'trim', 'mileage', 'price', 'condition', 'bodyType', 'fuelType', 'transmission', 'drivetrain', 'exteriorColor',
  'interiorColor', 'color', 'description', 'features', 'images', 'coverPhotoIndex', 'location', 'zipCode', 'contactPhone', 'contactEmail',
  'contactFirstName', 'contactLastName', 'contactLocation', 'vin', 'carfaxReportUrl', 'recentServices', 'engine', 'mpgCity', 'mpgHighway',
];
const formOf = (v) => Object.fromEntries(FORM_FIELDS.filter((f) => v[f] !== null && v[f] !== undefined).map((f) => [f, v[f]]));

let browser;
let seller;
let cut;
let sold;
const newTrim = 'Market Test Edition';

async function apiSession(account) {
  const context = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL } });
  const login = await context.post('/api/login', { data: account });
  assert.equal(login.status(), 200, `login as ${account.email}`);
  return context;
}

/** A new page signed in as `account` (cookies of the browser replaced). */
async function pageAs(account) {
  await browser.clearCookies();
  const page = await browser.newPage();
  if (account) assert.equal((await page.request.post('/api/login', { data: account })).status(), 200);
  return page;
}

before(async () => {
  browser = await openBrowser();
  seller = await apiSession(SELLER);
  // The demo seed runs in the background: wait for the seller's live listings.
  const started = Date.now();
  let live = [];
  while (live.length < 2 && Date.now() - started < 240_000) {
    live = (await (await seller.get('/api/user/vehicles')).json()).filter((v) => v.status === 'approved' && !v.pendingRevision);
    if (live.length < 2) await new Promise((r) => setTimeout(r, 1000));
  }
  assert.ok(live.length >= 2, 'the demo seller has two live listings');
  [cut, sold] = live;
});
after(async () => {
  await seller?.dispose();
  await browser?.close();
});

test('a price cut goes live at once; a trim change waits for review while the listing stays public', async () => {
  const price = Math.round(cut.price - 1500);
  const res = await seller.put(`/api/vehicles/${cut.id}`, { data: { ...formOf(cut), price, trim: newTrim } });
  assert.equal(res.status(), 200, await res.text());
  const saved = await res.json();
  assert.equal(saved.status, 'approved');
  assert.equal(saved.price, price);
  assert.deepEqual(saved.pendingRevision.changes, { trim: newTrim });

  const page = await pageAs(null);
  await page.goto(`/vehicles/${cut.id}`);
  await page.locator('.vehicle-head .price-drop', { hasText: /^Price drop: \$1,500 on [A-Z][a-z]{2} \d{1,2}$/ }).waitFor();
  assert.equal(await page.getByText(newTrim).count(), 0, 'the pending trim is not public');
  const history = page.locator('.price-history');
  await history.waitFor();
  assert.equal(await history.locator('tbody tr').count(), 2);
  await history.getByText('−$1,500').waitFor();
  await screenshots(page, 'market-price-drop-detail');

  await page.goto('/search?sortBy=reduced_desc');
  const first = page.locator('.vehicle-card').first();
  await first.locator('.price-drop', { hasText: 'Price drop: $1,500' }).waitFor();
  assert.ok((await first.locator(`a[href="/vehicles/${cut.id}"]`).count()) > 0, 'the reduced listing comes first');
  await screenshots(page, 'market-recently-reduced');
  await page.close();
});

test('the owner sees "Changes awaiting review" on the dashboard and the listing', async () => {
  const page = await pageAs(SELLER);
  await page.goto('/dashboard');
  const row = page.locator('.listings-table tbody tr').filter({ has: page.locator(`a[href="/vehicles/${cut.id}"]`) });
  await row.getByText('Changes awaiting review').waitFor();
  await row.getByText('Active', { exact: true }).waitFor();
  await row.getByText(/\d+ days? on market/).waitFor();
  await screenshots(page, 'market-dashboard-revision');
  await page.goto(`/vehicles/${cut.id}`);
  await page.locator('.owner-notice', { hasText: 'Changes awaiting review' }).waitFor();
  await screenshots(page, 'market-owner-listing');
  await page.close();
});

test('the admin sees the change field by field and approves it: the new trim goes live', async () => {
  const page = await pageAs(ADMIN);
  await page.goto('/admin');
  await page.getByRole('tab', { name: /Changes to Review/ }).click();
  const card = page.locator('.adm-console-revision').filter({ hasText: newTrim });
  await card.waitFor();
  const row = card.locator('tr', { hasText: 'Trim' });
  await row.getByText(newTrim).waitFor();
  assert.equal(await card.locator('tr', { hasText: 'Price' }).count(), 0, 'the live price cut is not in the diff');
  await screenshots(page, 'market-admin-revision');
  await card.getByRole('button', { name: /Approve changes/ }).click();
  await page.getByText('Changes approved: the listing is updated').waitFor();
  await page.close();

  const visitor = await pageAs(null);
  await visitor.goto(`/vehicles/${cut.id}`);
  await visitor.getByText(newTrim).first().waitFor();
  await visitor.close();
});

test('the seller marks a listing sold with its price: public pages say "Sold for"', async () => {
  const page = await pageAs(SELLER);
  await page.goto('/dashboard');
  const row = page.locator('.listings-table tbody tr').filter({ has: page.locator(`a[href="/vehicles/${sold.id}"]`) });
  await row.getByRole('button', { name: /as sold$/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Mark as sold' });
  await sheet.getByLabel('Sold price (optional)').fill('41,000');
  await sheet.getByLabel('Show the sold price on the listing').check();
  await screenshots(page, 'market-mark-sold');
  await sheet.getByRole('button', { name: 'Mark as sold' }).click();
  await row.getByText('Sold', { exact: true }).waitFor();
  await page.close();

  const visitor = await pageAs(null);
  await visitor.goto(`/vehicles/${sold.id}`);
  await visitor.locator('.sold-note', { hasText: 'Sold for $41,000' }).waitFor();
  await screenshots(visitor, 'market-sold-detail');
  await visitor.close();
});

test('deal ratings: "Best deals first" leads with a great deal, its label on the card and the market text on the page', async () => {
  // A market of its own (a model the demo's market history does not hold): six 2021 Macans around $60,000 and
  // one at $45,000, a quarter below (the demo's own bargains are some 15 % below), approved, then rated now.
  const admin = await apiSession(ADMIN);
  const ids = [];
  for (const price of [59000, 60000, 60500, 61000, 59500, 60200, 45000]) {
    const body = { ...formOf(cut), make: 'Porsche', model: 'Macan', trim: 'Base', year: 2021, mileage: 30000, condition: 'excellent', bodyType: 'suv', price, images: [], coverPhotoIndex: 0 };
    const created = await seller.post('/api/vehicles', { data: body });
    assert.equal(created.status(), 201, await created.text());
    const id = (await created.json()).id;
    assert.equal((await admin.patch(`/api/admin/vehicles/${id}/status`, { data: { status: 'approved' } })).status(), 200);
    ids.push(id);
  }
  const refit = await admin.post('/api/admin/deal-ratings/refit');
  assert.deepEqual(await refit.json(), { status: 'ran' });
  await admin.dispose();

  const page = await pageAs(null);
  await page.goto('/search?sortBy=deal_asc&deal=good');
  const first = page.locator('.vehicle-card').first();
  await first.locator('.deal-label', { hasText: 'Great deal' }).waitFor();
  assert.ok((await first.locator(`a[href="/vehicles/${ids[ids.length - 1]}"]`).count()) > 0, 'the great deal comes first');
  await screenshots(page, 'market-best-deals');
  await page.goto(`/vehicles/${ids[ids.length - 1]}`);
  await page.locator('.price-analysis', { hasText: /\$[\d,]+ below market, based on \d+ similar listings/ }).waitFor();
  await screenshots(page, 'market-deal-detail');
  await page.close();
});

test('the pending queue shows moderation signals with their reasons and puts the riskiest first', async () => {
  // A second listing of the car the seller already has live: same VIN.
  const created = await seller.post('/api/vehicles', { data: { ...formOf(cut), trim: 'Second copy', images: [], coverPhotoIndex: 0 } });
  assert.equal(created.status(), 201, await created.text());
  const page = await pageAs(ADMIN);
  await page.goto('/admin');
  await page.getByText('Highest risk first').click();
  const row = page.locator('tr').filter({ hasText: `Same VIN as approved listing #${cut.id}` });
  await row.getByText('Duplicate VIN').waitFor();
  await row.getByText(/^Risk \d+$/).waitFor();
  await screenshots(page, 'market-pending-signals');
  await page.close();
});
