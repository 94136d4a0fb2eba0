// The console's E-mail tab: an instance whose mail server (a real one, smtp-server) refuses the recipient gives
// up on a buyer's inquiry e-mail after MAIL_MAX_ATTEMPTS; staff see it with the server's answer, the server is
// mended, and staff send it again from the tab: it arrives.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { request } = require('playwright-core');
const { startMailServer } = require('../mail-server');
const { startApiServer } = require('../../scripts/lib/api-server');
const { openBrowser, screenshots } = require('../lib');

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const SUBJECT = 'Is the Cayman still available?';

let server;
let browser;
let smtp;

before(async () => {
  smtp = await startMailServer();
  smtp.refuse(true);
  server = await startApiServer({
    listings: false,
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STAFF_EMAIL: 'staff@example.com',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '200',
      MAIL_RETRY_BASE_SECONDS: '0',
      MAIL_MAX_ATTEMPTS: '2',
    },
  });
  browser = await openBrowser({ baseURL: server.baseUrl });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

test('a buyer e-mail the server refused is listed with its error, and staff send it again', async () => {
  const api = await request.newContext({ baseURL: server.baseUrl, extraHTTPHeaders: { Origin: server.baseUrl } });
  assert.equal((await api.post('/api/login', { data: ADMIN })).status(), 200);
  const listing = {
    make: 'Porsche', model: 'Cayman', year: 2019, trim: 'GTS', mileage: 21000, price: 74900, condition: 'excellent', bodyType: 'coupe',
    fuelType: 'gasoline', transmission: 'manual', drivetrain: 'rwd', exteriorColor: 'Guards Red', interiorColor: 'black',
    description: 'A clean GTS with the manual gearbox.', features: [], images: [], coverPhotoIndex: 0, location: 'Austin, TX',
    contactEmail: 'seller@example.com', contactPhone: '(555) 201-3344', zipCode: '78701', vin: 'WP0AB2A82KS278419',
  };
  const created = await api.post('/api/vehicles', { data: listing });
  assert.equal(created.status(), 201, await created.text());
  const { id } = await created.json();
  assert.equal((await api.patch(`/api/admin/vehicles/${id}/status`, { data: { status: 'approved' } })).status(), 200);
  const buyer = await request.newContext({ baseURL: server.baseUrl, extraHTTPHeaders: { Origin: server.baseUrl } });
  const sent = await buyer.post('/api/contact', { data: { vehicleId: id, senderFirstName: 'Robin', senderLastName: 'Buyer', senderEmail: 'robin@example.com', subject: SUBJECT, message: 'Could I see it on Saturday?' } });
  assert.equal(sent.status(), 201, await sent.text());

  // Given up after two attempts a fraction of a second apart.
  // Besides the staff notification, the seller's notices (approved, a buyer wrote) fail too: the listing is
  // the admin's own here.
  const started = Date.now();
  let failed = 0;
  for (;;) {
    const { counts } = await (await api.get('/api/admin/mail')).json();
    failed = counts.failed;
    if (counts.pending === 0 && failed >= 1) break;
    assert.ok(Date.now() - started < 20_000, 'the e-mail is marked failed');
    await new Promise((r) => setTimeout(r, 200));
  }

  await browser.clearCookies();
  const page = await browser.newPage();
  assert.equal((await page.request.post('/api/login', { data: ADMIN })).status(), 200);
  await page.goto('/admin');
  await page.getByRole('tab', { name: `E-mail (${failed} failed)` }).click();
  const row = page.locator('.adm-table-row').filter({ hasText: SUBJECT });
  await row.waitFor();
  assert.match(await row.innerText(), /550/);
  assert.match(await row.innerText(), /To staff@example\.com/);
  await page.getByText('These e-mails were not delivered after every retry.').waitFor();
  await screenshots(page, 'admin-mail-failed');

  // The mail server is mended; staff send the e-mail again.
  smtp.refuse(false);
  await row.getByRole('button', { name: 'Send again' }).click();
  await page.getByText('The e-mail will be sent again in a moment').waitFor();
  await row.waitFor({ state: 'detached' });
  await smtp.waitFor((mail) => mail.raw.includes(SUBJECT));
  await page.locator('.adm-segmented').getByText('Sent (1)').click();
  await page.locator('.adm-table-row').filter({ hasText: SUBJECT }).getByText('Sent', { exact: true }).waitFor();
  await screenshots(page, 'admin-mail-sent');
  await page.close();
  await api.dispose();
  await buyer.dispose();
});
