// Saved searches with e-mail alerts as a buyer uses them: on a phone, a visitor's "Save this search" asks them
// to sign in in a dialog on the search page (the /auth page's form) and goes on to the save dialog; the search is saved with instant
// alerts; a matching car approved by staff arrives by e-mail (read from a real SMTP server) with its price and
// link; the e-mail's unsubscribe page turns the alert off without signing in; the Saved searches page renames,
// changes the frequency of, runs and deletes it.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { request } = require('playwright-core');
const { linkIn, startMailedApp } = require('../mail-server');
const { openBrowser, screenshots, PHONE, DESKTOP } = require('../lib');

const ADMIN = { email: 'alerts.admin@example.com', password: 'alerts-admin-pass-2026' };
const BUYER = { email: 'alert.buyer@example.com', password: 'a-long-alerting-passphrase', firstName: 'Alex', lastName: 'Buyer' };
const SELLER = { email: 'alert.seller@example.com', password: 'a-long-selling-passphrase', firstName: 'Sol', lastName: 'Seller' };
const LISTING = {
  make: 'Lotus', model: 'Emira', year: 2024, trim: 'V6 First Edition', mileage: 2100, price: 98500, condition: 'excellent', bodyType: 'coupe',
  fuelType: 'gasoline', transmission: 'manual', drivetrain: 'rwd', exteriorColor: 'Hethel Yellow', interiorColor: 'black', description: 'One owner, garaged.',
  features: [], images: [], coverPhotoIndex: 0, location: 'Austin, TX', zipCode: '78701', vin: 'SCCLMDTU1PHA10001', contactEmail: SELLER.email, contactPhone: '(555) 201-3344',
};

let server;
let browser;
let smtp;

before(async () => {
  ({ smtp, server, browser } = await startMailedApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SAVED_SEARCH_ALERTS_SECONDS: '1' }));
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function signedIn(account, register = true) {
  const ctx = await request.newContext({ baseURL: server.baseUrl, extraHTTPHeaders: { Origin: server.baseUrl } });
  const res = register ? await ctx.post('/api/register', { data: account }) : await ctx.post('/api/login', { data: account });
  assert.ok(res.ok(), await res.text());
  return ctx;
}

test('save a search signed out, get an alert by e-mail, unsubscribe from it, manage it on its page', async () => {
  const buyer = await signedIn(BUYER);
  // Alerts go only to a verified address: the buyer follows the link mailed at registration.
  const verification = await smtp.waitFor((m) => m.to.includes(BUYER.email) && m.raw.includes('/verify-email'));
  const verifyToken = linkIn(verification, '/verify-email').split('token=')[1];
  assert.equal((await buyer.post('/api/auth/verify-email', { data: { token: verifyToken } })).status(), 200);
  await buyer.dispose();
  const page = await browser.newPage();
  await page.setViewportSize(PHONE);

  // A visitor's search; saving it asks them to sign in first, in place, and goes on to saving it.
  await page.goto('/search?make=Lotus&maxPrice=100000');
  await page.getByRole('button', { name: 'Save this search' }).click();
  const signIn = page.getByRole('dialog', { name: 'Get alerts for this search' });
  await signIn.getByLabel('Email').fill(BUYER.email);
  await signIn.locator('input[name="password"]').fill(BUYER.password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.waitFor();
  const back = new URL(page.url());
  assert.equal(back.pathname, '/search');
  assert.equal(back.searchParams.get('make'), 'Lotus');
  assert.equal(back.searchParams.get('maxPrice'), '100000');
  assert.match(await dialog.getByLabel(/Name/).inputValue(), /Lotus/);
  await dialog.getByLabel(/Name/).fill('Lotus under $100k');
  await dialog.getByLabel('As soon as they appear').check();
  await screenshots(page, 'save-search-dialog');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await page.locator('.toast', { hasText: 'Search saved' }).waitFor();

  // A matching car goes live: the alert arrives with its price and link.
  const seller = await signedIn(SELLER);
  const created = await seller.post('/api/vehicles', { data: LISTING });
  assert.equal(created.status(), 201, await created.text());
  const { id } = await created.json();
  const admin = await signedIn(ADMIN, false);
  assert.equal((await admin.patch(`/api/admin/vehicles/${id}/status`, { data: { status: 'approved' } })).status(), 200);
  const alert = await smtp.waitFor((m) => m.to.includes(BUYER.email) && m.raw.includes('Lotus under $100k'));
  assert.match(alert.raw, /1 new listing/);
  assert.match(alert.raw, /\$98,500/);
  assert.ok(alert.raw.includes(`/vehicles/${id}`), 'links to the car');
  assert.match(alert.raw, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

  // The Saved searches page, from the account menu at desktop width.
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Saved searches' }).click();
  await page.waitForURL('**/saved-searches');
  const item = page.locator('.saved-search', { hasText: 'Lotus under $100k' });
  await item.getByText('1 vehicle matches now').waitFor();
  assert.equal(await item.getByLabel('E-mail alerts').inputValue(), 'instant');
  await screenshots(page, 'saved-searches');

  // One click in the e-mail turns the alert off, in a browser that is not signed in.
  const unsubscribe = linkIn(alert, '/unsubscribe');
  assert.ok(unsubscribe, 'the e-mail links to the unsubscribe page');
  const stranger = await openBrowser({ baseURL: server.baseUrl });
  const mailClient = await stranger.newPage();
  await mailClient.setViewportSize(PHONE);
  await mailClient.goto(unsubscribe);
  await mailClient.getByRole('heading', { name: 'Unsubscribe from alerts' }).waitFor();
  await mailClient.getByRole('button', { name: 'Turn off these alerts' }).click();
  try {
    await mailClient.getByRole('status').filter({ hasText: 'Lotus under $100k' }).waitFor();
    await screenshots(mailClient, 'unsubscribe-done');
  } finally {
    await stranger.close();
  }
  await page.reload();
  assert.equal(await item.getByLabel('E-mail alerts').inputValue(), 'off');

  // Back on, renamed, run, deleted.
  await page.setViewportSize(PHONE);
  await item.getByLabel('E-mail alerts').selectOption('weekly');
  await page.locator('.toast', { hasText: 'Saved search updated' }).waitFor();
  await item.getByRole('button', { name: /^Rename/ }).click();
  await item.getByLabel('Name of this search').fill('Weekend Lotus');
  await item.getByRole('button', { name: 'Save', exact: true }).click();
  const renamed = page.locator('.saved-search', { hasText: 'Weekend Lotus' });
  await renamed.getByRole('heading', { name: 'Weekend Lotus' }).waitFor();
  await screenshots(page, 'saved-searches-phone');
  const searches = await (await page.request.get('/api/user/searches')).json();
  assert.deepEqual(searches.map((s) => [s.name, s.frequency]), [['Weekend Lotus', 'weekly']]);
  await renamed.getByRole('link', { name: /^Run search/ }).click();
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('make') === 'Lotus');
  await page.locator(`a[href="/vehicles/${id}"]`).first().waitFor();
  await page.goBack();
  await page.locator('.saved-search', { hasText: 'Weekend Lotus' }).getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('heading', { name: 'No saved searches yet' }).waitFor();
  assert.deepEqual(await (await page.request.get('/api/user/searches')).json(), []);

  await seller.dispose();
  await admin.dispose();
  await page.close();
});
