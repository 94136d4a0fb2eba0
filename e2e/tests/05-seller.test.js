// The seller's journey on SQLite: signed-out redirects, a failed sign-in, register, create a listing with three
// photos and a VIN, Pending on the dashboard, approval by the demo admin through the API, found in search, a
// price cut (live at once, the listing stays Active), delete. Screenshots of each seller screen at 1440 and 390 px.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const sharp = require('sharp');
const { request } = require('playwright-core');
const { openBrowser, screenshots, toastText, watchForTexts, BASE_URL } = require('../lib');

// A real 2003 Honda Accord VIN (check digit valid): the offline vPIC decoder knows it.
const VIN = '1HGCM82633A004352';
const email = `seller-${Date.now()}@example.com`;
const password = 'journey-pass-1';

let browser;
let page;
let listingId;
const photos = [];

before(async () => {
  browser = await openBrowser();
  page = await browser.newPage();
  const dir = mkdtempSync(join(tmpdir(), 'seller-photos-'));
  const colors = [
    { r: 185, g: 28, b: 28 },
    { r: 30, g: 64, b: 175 },
    { r: 21, g: 128, b: 61 },
  ];
  for (const [i, background] of colors.entries()) {
    const file = join(dir, `car-${i + 1}.jpg`);
    writeFileSync(file, await sharp({ create: { width: 800, height: 600, channels: 3, background } }).jpeg({ quality: 80 }).toBuffer());
    photos.push(file);
  }
});
after(async () => browser?.close());

const toastTitle = (page) => page.locator('.toast').first();
/** A form control by its name (labels carry a required mark, and photo buttons' labels contain words like "Make"). */
const field = (p, name) => p.locator(`[name="${name}"]`);

test('signed out, the dashboard and the create form toast and go to sign-in after 500 ms, keeping the return path', async () => {
  const redirects = [
    ['/dashboard', 'You are logged out. Logging in again...'],
    ['/create-listing', 'You need to be logged in to create a listing'],
    ['/edit-listing/1', 'Unauthorized'],
  ];
  // In a tab of its own: the texts it watches for are noted on every page it opens.
  const tab = await page.context().newPage();
  const { shown } = await watchForTexts(tab, redirects.map(([, toast]) => toast));
  for (const [path, toast] of redirects) {
    await tab.goto(path, { waitUntil: 'commit' });
    await tab.waitForURL((url) => url.pathname === '/auth' && url.search === `?returnTo=${encodeURIComponent(path)}`);
    assert.ok(await shown(toast), `"${toast}" shown on ${path} before the redirect`);
  }
  await tab.close();
});

test('a wrong password shows the "Sign in failed" toast', async () => {
  await page.goto('/auth');
  await field(page, 'email').fill('seller@example.com');
  await field(page, 'password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await page.locator('.toast', { hasText: 'Sign in failed' }).waitFor();
  assert.match(await toastText(page), /Sign in failed/);
  await screenshots(page, 'seller-auth-signin-failed');
});

test('register: a new account lands on / with the personal strip', async () => {
  await page.goto('/auth?tab=register');
  await field(page, 'firstName').fill('Journey');
  await field(page, 'lastName').fill('Seller');
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(password);
  await page.getByText('Must be at least 6 characters').waitFor();
  await page.getByRole('button', { name: 'Show password' }).click();
  assert.equal(await field(page, 'password').getAttribute('type'), 'text');
  await screenshots(page, 'seller-auth-register');
  await page.getByRole('button', { name: 'Create Account' }).last().click();
  await page.locator('.toast', { hasText: 'Account created!' }).waitFor();
  await page.waitForURL(`${BASE_URL}/`);
  await page.getByRole('heading', { name: 'Welcome back, Journey Seller' }).waitFor();
  // No listing yet: a buyer's strip (saved cars, saved searches); the seller figures come with the first listing.
  await page.getByRole('heading', { name: 'Saved searches and alerts' }).waitFor();
  assert.equal(await page.getByRole('group', { name: 'Your listings' }).count(), 0);
  await screenshots(page, 'seller-home-strip');
  // A signed-in visitor of /auth goes to /.
  await page.goto('/auth');
  await page.waitForURL(`${BASE_URL}/`);
});

test('the empty dashboard', async () => {
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Your Dashboard' }).waitFor();
  await page.getByText('No listings yet').waitFor();
  await page.getByRole('link', { name: 'Create First Listing' }).waitFor();
  await screenshots(page, 'seller-dashboard-empty');
});

test('create a listing with a decoded VIN and three photos: Pending on the dashboard', async () => {
  await page.goto('/create-listing');
  await page.getByRole('heading', { name: 'Create New Listing' }).waitFor();
  await page.getByRole('option', { name: 'Honda' }).waitFor({ state: 'attached' });
  await field(page, 'vin').fill(VIN);
  await page.getByText('This VIN belongs to:').waitFor();
  await page.getByRole('button', { name: 'Fill vehicle details from VIN' }).click();
  assert.equal(await field(page, 'make').inputValue(), 'Honda');
  assert.equal(await field(page, 'year').inputValue(), '2003');
  // The model from the catalog's list.
  await field(page, 'model').selectOption({ label: 'Accord' });
  await field(page, 'mileage').fill('98500');
  await field(page, 'price').fill('6900');
  await field(page, 'condition').selectOption('good');
  await field(page, 'location').fill('Austin, TX');
  await field(page, 'zipCode').fill('78701');
  await field(page, 'contactPhone').fill('(512) 555-0142');
  await page.getByPlaceholder('Add a feature').fill('Cloth seats');
  await page.getByPlaceholder('Add a feature').press('Enter');
  await page.locator('input[type="file"]').setInputFiles(photos);
  await page.locator('.toast', { hasText: 'Uploaded 3 image(s) successfully' }).waitFor({ timeout: 30_000 });
  assert.equal(await page.locator('.photo-tile').count(), 3);
  // The third photo becomes the cover; moving the first photo by keyboard keeps the cover on that photo.
  await page.getByRole('button', { name: 'Make photo 3 the cover photo' }).click();
  const src = (locator) => locator.locator('img').getAttribute('src');
  const cover = await src(page.locator('.photo-tile.is-cover'));
  const first = await src(page.locator('.photo-tile').first());
  await page.locator('.photo-drag').first().focus();
  for (const key of ['Space', 'ArrowRight', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  assert.notEqual(await src(page.locator('.photo-tile').first()), first, 'the first photo moved');
  assert.equal(await src(page.locator('.photo-tile.is-cover')), cover, 'the cover stayed on its photo');
  assert.equal(await page.locator('.photo-tile').nth(2).locator('img').getAttribute('src'), cover);
  await screenshots(page, 'seller-create-listing');
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await page.locator('.toast', { hasText: 'Your listing has been submitted for review' }).waitFor();
  await page.waitForURL(/\/dashboard$/);
  const row = page.locator('.listings-table tbody tr', { hasText: '2003 Honda Accord' });
  await row.getByText('Pending', { exact: true }).waitFor();
  const href = await row.getByRole('link', { name: 'Edit 2003 Honda Accord' }).getAttribute('href');
  listingId = Number(/\/edit-listing\/(\d+)/.exec(href)[1]);
  const stat = page.locator('.stat-card', { hasText: 'Pending Approval' }).locator('dd');
  assert.equal(await stat.innerText(), '1');
  await screenshots(page, 'seller-dashboard');
});

test('approved by the demo admin through the API, the listing is found in search', async () => {
  const admin = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL } });
  try {
    const login = await admin.post('/api/login', { data: { email: 'admin@example.com', password: 'admin-demo-2026' } });
    assert.equal(login.status(), 200);
    const approve = await admin.patch(`/api/admin/vehicles/${listingId}/status`, { data: { status: 'approved' } });
    assert.equal(approve.status(), 200);
  } finally {
    await admin.dispose();
  }
  await page.goto('/search?make=Honda&model=Accord');
  await page.locator(`a[href="/vehicles/${listingId}"]`).first().waitFor();
  await page.goto('/dashboard');
  await page.locator('.listings-table tbody tr', { hasText: '2003 Honda Accord' }).getByText('Active', { exact: true }).waitFor();
});

test('edit the listing: prefilled, a price cut saved and live at once, the listing stays Active', async () => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Edit 2003 Honda Accord' }).click();
  await page.waitForURL(new RegExp(`/edit-listing/${listingId}$`));
  await page.getByRole('heading', { name: 'Edit Listing' }).waitFor();
  assert.equal(await field(page, 'mileage').inputValue(), '98500');
  assert.equal(await field(page, 'vin').inputValue(), VIN);
  assert.equal(await page.locator('.photo-tile').count(), 3);
  await field(page, 'price').fill('6500');
  await screenshots(page, 'seller-edit-listing');
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await page.locator('.toast', { hasText: 'Your listing has been updated' }).waitFor();
  await page.waitForURL(/\/dashboard$/);
  const row = page.locator('.listings-table tbody tr', { hasText: '2003 Honda Accord' });
  await row.getByText('Active', { exact: true }).waitFor();
  await row.getByText('$6,500').waitFor();
  assert.equal(await row.getByText('Changes awaiting review').count(), 0);
});

test('another user cannot open the listing for editing', async () => {
  const other = await openBrowser();
  try {
    const tab = await other.newPage();
    await tab.goto('/auth');
    await field(tab, 'email').fill('seller@example.com');
    await field(tab, 'password').fill('seller-demo-2026');
    await tab.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await tab.waitForURL(`${BASE_URL}/`);
    await tab.goto(`/edit-listing/${listingId}`);
    await tab.getByText('This listing does not exist or is not one of yours.').waitFor();
    assert.equal(await tab.getByRole('button', { name: 'Publish Listing' }).count(), 0);
  } finally {
    await other.close();
  }
});

test('delete the listing after the confirm', async () => {
  await page.goto('/dashboard');
  page.once('dialog', (dialog) => {
    assert.equal(dialog.message(), 'Are you sure you want to delete this listing?');
    void dialog.accept();
  });
  // Watched for from before the click: the toast is brief, and on a busy machine it could come and go before a
  // wait that starts after the click (seen in CI: the listing was gone, the toast missed).
  const toast = page.locator('.toast', { hasText: 'Vehicle listing deleted successfully' }).waitFor();
  await page.getByRole('button', { name: 'Delete 2003 Honda Accord' }).click();
  await toast;
  await page.getByText('No listings yet').waitFor();
  const gone = await fetch(`${BASE_URL}/api/vehicles/${listingId}`);
  assert.equal(gone.status, 404);
});

test('saved vehicles: on /saved and on the dashboard', async () => {
  const recent = await (await fetch(`${BASE_URL}/api/vehicles/recent`)).json();
  const pick = recent[0];
  await page.goto(`/vehicles/${pick.id}`);
  await page.getByRole('button', { name: new RegExp(`^Save ${pick.year} ${pick.make} ${pick.model}`) }).first().click();
  await page.goto('/saved');
  await page.getByRole('heading', { name: 'Saved Vehicles', level: 1 }).waitFor();
  await page.locator(`.vehicle-grid a[href="/vehicles/${pick.id}"]`).first().waitFor();
  await screenshots(page, 'seller-saved');
  await page.goto('/dashboard');
  await page.locator(`.saved-section a[href="/vehicles/${pick.id}"]`).first().waitFor();
  await page.goto('/');
  await page.locator(`.personal-saved a[href="/vehicles/${pick.id}"]`).waitFor();
});

test('log out from the profile menu: toast and back to /', async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /account menu for Journey Seller/ }).click();
  await page.getByRole('menu').getByText(email).waitFor();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.locator('.toast', { hasText: 'Signed out' }).waitFor();
  await page.waitForURL(`${BASE_URL}/`);
  assert.equal(await toastTitle(page).isVisible(), true);
});
