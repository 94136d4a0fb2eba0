// The profile page as a person uses it: reached from the account menu, the name changed, the e-mail address
// moved through the link sent to the new one (read from a real SMTP server), the password changed (another
// device is signed out), a device signed out from the list, and the account deleted with its listing.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { request } = require('playwright-core');
const { linkIn, startMailedApp } = require('../mail-server');
const { screenshots, PHONE } = require('../lib');

const ACCOUNT = { email: 'profile.person@example.com', password: 'my-first-long-passphrase', firstName: 'Robin', lastName: 'Lee' };
const NEW_EMAIL = 'robin.moved@example.com';
const NEW_PASSWORD = 'a-second-long-passphrase';

let server;
let browser;
let smtp;

before(async () => {
  ({ smtp, server, browser } = await startMailedApp());
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});


test('name, e-mail, password, devices and deleting the account, from the profile page', async () => {
  const page = await browser.newPage();
  assert.equal((await page.request.post('/api/register', { data: ACCOUNT })).status(), 201);
  // Another device, signed in as the same person.
  const tablet = await request.newContext({ baseURL: server.baseUrl, extraHTTPHeaders: { Origin: server.baseUrl, 'User-Agent': 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' } });
  assert.equal((await tablet.post('/api/login', { data: { email: ACCOUNT.email, password: ACCOUNT.password } })).status(), 200);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.waitForURL('**/profile');
  await page.getByRole('heading', { name: 'Your profile', level: 1 }).waitFor();
  await page.getByText('This device').waitFor();
  await screenshots(page, 'profile');

  // Name.
  await page.getByLabel('First name').fill('Robyn');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.locator('.toast', { hasText: 'Name saved' }).waitFor();
  assert.equal((await (await page.request.get('/api/user')).json()).firstName, 'Robyn');

  // E-mail: nothing changes until the link sent to the new address is followed.
  const emailSection = page.locator('section', { has: page.getByRole('heading', { name: 'Email address' }) });
  await emailSection.getByLabel('New email address').fill(NEW_EMAIL);
  await emailSection.locator('input[name="password"]').fill(ACCOUNT.password);
  await emailSection.getByRole('button', { name: 'Send confirmation link' }).click();
  await emailSection.getByRole('status').filter({ hasText: NEW_EMAIL }).waitFor();
  const mail = await smtp.waitFor((m) => m.to.includes(NEW_EMAIL));
  const link = linkIn(mail, '/confirm-email');
  assert.ok(link, 'the e-mail carries the link');
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm this email address' }).click();
  await page.getByRole('status').filter({ hasText: NEW_EMAIL }).waitFor();
  await screenshots(page, 'confirm-email-done');
  await smtp.waitFor((m) => m.to.includes(ACCOUNT.email) && m.raw.includes('now uses another email address'));

  // Password: the tablet is signed out, this browser stays in.
  await page.goto('/profile');
  const passwordSection = page.locator('section', { has: page.getByRole('heading', { name: 'Password', exact: true }) });
  await passwordSection.locator('input[name="currentPassword"]').fill(ACCOUNT.password);
  await passwordSection.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await page.locator('.toast', { hasText: 'Password changed' }).waitFor();
  assert.equal((await tablet.get('/api/user')).status(), 401, 'the other device is signed out');
  assert.equal((await page.request.get('/api/user')).status(), 200);

  // Devices: sign the tablet in again and out from the list.
  assert.equal((await tablet.post('/api/login', { data: { email: NEW_EMAIL, password: NEW_PASSWORD } })).status(), 200);
  await page.reload();
  await page.setViewportSize(PHONE);
  const tabletRow = page.locator('.profile-sessions li', { hasText: 'Safari on iOS' });
  await tabletRow.waitFor();
  await screenshots(page, 'profile-devices');
  await tabletRow.getByRole('button', { name: /Sign out/ }).click();
  await page.locator('.toast', { hasText: 'Signed out on that device' }).waitFor();
  assert.equal((await tablet.get('/api/user')).status(), 401);

  // Deleting: the listing goes with the account.
  const listing = await page.request.post('/api/vehicles', {
    data: {
      make: 'Mazda', model: 'MX-5 Miata', year: 2018, trim: 'Club', mileage: 31000, price: 21900, condition: 'excellent', bodyType: 'convertible',
      fuelType: 'gasoline', transmission: 'manual', drivetrain: 'rwd', exteriorColor: 'Soul Red', interiorColor: 'black', description: 'Fun roadster.',
      features: [], images: [], coverPhotoIndex: 0, location: 'Austin, TX', zipCode: '78701', vin: 'JM1NDAD72J0200001', contactEmail: NEW_EMAIL, contactPhone: '(555) 201-3344',
    },
  });
  assert.equal(listing.status(), 201, await listing.text());
  const { id } = await listing.json();
  const deleteSection = page.locator('section', { has: page.getByRole('heading', { name: 'Delete your account' }) });
  await deleteSection.locator('input[name="password"]').fill(NEW_PASSWORD);
  await deleteSection.getByRole('checkbox').check();
  await deleteSection.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.locator('.toast', { hasText: 'Account deleted' }).waitFor();
  assert.equal((await page.request.get('/api/user')).status(), 401);
  assert.equal((await page.request.get(`/api/vehicles/${id}`)).status(), 404);
  assert.equal((await page.request.post('/api/login', { data: { email: NEW_EMAIL, password: NEW_PASSWORD } })).status(), 401);
  await tablet.dispose();
  await page.close();
});
