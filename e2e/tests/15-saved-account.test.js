// Saved vehicles follow the account: a visitor saves on their phone, signs in, and the car is on the account;
// on another device (another browser) signed in as the same person it is there too; signing out leaves the
// phone's own list as it was.
const { test, after } = require('node:test');
const assert = require('node:assert/strict');
const { openBrowser, screenshots, PHONE, BASE_URL } = require('../lib');

const browsers = [];
after(async () => {
  for (const b of browsers) await b.close();
});

async function device() {
  const browser = await openBrowser();
  browsers.push(browser);
  return browser.newPage();
}

async function register(page, account) {
  assert.equal((await page.request.post('/api/register', { data: account })).status(), 201);
}

test('a car saved on the phone before signing in is on the account, and on the laptop', async () => {
  const recent = await (await fetch(`${BASE_URL}/api/vehicles/recent`)).json();
  const [first, second] = recent;
  const account = { email: `saver-${Date.now()}@example.com`, password: 'a-long-saving-passphrase', firstName: 'Sam', lastName: 'Saver' };

  const phone = await device();
  await phone.setViewportSize(PHONE);
  await phone.goto(`/vehicles/${first.id}`);
  await phone.getByRole('button', { name: new RegExp(`^Save ${first.year} ${first.make} ${first.model}`) }).first().click();
  // Signing in (here: creating the account) merges the phone's list into the account.
  await register(phone, account);
  await phone.goto('/saved');
  await phone.locator(`.vehicle-grid a[href="/vehicles/${first.id}"]`).first().waitFor();
  // Saved while signed in: on the account only.
  await phone.goto(`/vehicles/${second.id}`);
  const saveSecond = phone.getByRole('button', { name: new RegExp(`^Save ${second.year} ${second.make} ${second.model}`) }).first();
  await saveSecond.click();
  await phone.getByRole('button', { name: new RegExp(`^Remove ${second.year} ${second.make} ${second.model} from saved`) }).first().waitFor();
  const started = Date.now();
  for (;;) {
    const { vehicleIds } = await (await phone.request.get('/api/user/saved')).json();
    if (vehicleIds.includes(first.id) && vehicleIds.includes(second.id)) break;
    assert.ok(Date.now() - started < 10_000, `the account holds both: ${vehicleIds}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  const laptop = await device();
  assert.equal((await laptop.request.post('/api/login', { data: { email: account.email, password: account.password } })).status(), 200);
  await laptop.goto('/saved');
  await laptop.locator(`.vehicle-grid a[href="/vehicles/${first.id}"]`).first().waitFor();
  await laptop.locator(`.vehicle-grid a[href="/vehicles/${second.id}"]`).first().waitFor();
  await laptop.getByRole('link', { name: /Saved vehicles/ }).first().waitFor();
  await screenshots(laptop, 'saved-on-another-device');

  // Signing out on the phone: its own list is back (the car it saved itself), not the account's.
  await phone.request.post('/api/logout');
  await phone.goto('/saved');
  await phone.locator(`.vehicle-grid a[href="/vehicles/${first.id}"]`).first().waitFor();
  assert.equal(await phone.locator(`.vehicle-grid a[href="/vehicles/${second.id}"]`).count(), 0, 'the account-only save stays with the account');
});
