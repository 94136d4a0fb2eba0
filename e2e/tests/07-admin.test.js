// The admin console through the storefront at /admin: the gate, approve/reject, the edit modal, analytics,
// inquiries, and /admin with the remote down.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startApiServer } = require('../../scripts/lib/api-server');
const { join } = require('node:path');
const { openBrowser, screenshots, assertAccessible, watchForTexts, SHOTS, BASE_URL } = require('../lib');

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };
const UNAUTHORIZED = 'Unauthorized - Admin access required. Redirecting...';

let browser;
before(async () => {
  await waitForDemoData();
  browser = await openBrowser();
});
after(async () => browser?.close());

/** A new page with no cookies left from earlier tests, signed in as `account` when given. */
async function newSession(account, base = BASE_URL) {
  await browser.clearCookies();
  const page = await browser.newPage();
  if (account) {
    const response = await page.request.post(`${base}/api/login`, { data: account });
    assert.equal(response.status(), 200, `login as ${account.email}`);
  }
  return page;
}

/**
 * The demo seed runs in the background after start (accounts first, then the listings in one go): wait
 * until the admin can sign in and the admin API reports pending and approved listings.
 */
async function waitForDemoData() {
  const started = Date.now();
  let cookie = '';
  while (Date.now() - started < 240_000) {
    if (!cookie) {
      const login = await fetch(`${BASE_URL}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
      if (login.ok) cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    }
    if (cookie) {
      const stats = await (await fetch(`${BASE_URL}/api/admin/stats`, { headers: { cookie } })).json();
      if (stats.pending >= 2 && stats.approved >= 1) return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the demo data did not appear within 240 s');
}

const statValue = async (page, title) =>
  Number((await page.locator('.adm-console-stat').filter({ hasText: title }).locator('.adm-statistic-content-value').innerText()).replace(/,/g, ''));

async function openConsole(page) {
  const started = Date.now();
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 2 }).waitFor();
  const headerMs = Date.now() - started;
  await page.locator('.adm-console-stat .adm-statistic-content-value').first().waitFor();
  return headerMs;
}

test('a signed-out visitor and a seller are turned away from /admin without loading the console', async () => {
  const visitor = await newSession(null);
  const remoteRequests = [];
  visitor.on('request', (r) => r.url().includes('/admin-app/') && remoteRequests.push(r.url()));
  // The message shows for a moment before the redirect: watched for from the navigation on (watchForTexts).
  const visitorSaw = await watchForTexts(visitor, [UNAUTHORIZED]);
  await visitor.goto('/admin', { waitUntil: 'commit' });
  await visitor.waitForURL(/\/auth/);
  assert.ok(await visitorSaw.shown(UNAUTHORIZED), 'a signed-out visitor is told before the redirect');

  const seller = await newSession(SELLER);
  seller.on('request', (r) => r.url().includes('/admin-app/') && remoteRequests.push(r.url()));
  const sellerSaw = await watchForTexts(seller, [UNAUTHORIZED]);
  await seller.goto('/admin', { waitUntil: 'commit' });
  await seller.waitForURL(`${BASE_URL}/`);
  assert.ok(await sellerSaw.shown(UNAUTHORIZED), 'a seller is told before the redirect');
  assert.deepEqual(remoteRequests, [], 'the admin remote (and Ant Design) is never requested for non-admins');
  assert.equal((await seller.request.get('/api/admin/stats')).status(), 403);
  await visitor.close();
  await seller.close();
});

test('an admin approves one pending listing and rejects another, and the counts change', async () => {
  const page = await newSession(ADMIN);
  const headerMs = await openConsole(page);
  console.log(`# /admin: dashboard header visible ${headerMs} ms after navigation`);
  await page.locator('.adm-table-row').first().waitFor();
  await screenshots(page, 'admin-pending');

  const before = { pending: await statValue(page, 'Pending Approval'), approved: await statValue(page, 'Approved'), rejected: await statValue(page, 'Rejected') };
  assert.ok(await page.getByRole('tab', { name: `Pending Approval (${before.pending})` }).isVisible());

  const rows = page.locator('.adm-table-tbody .adm-table-row');
  const firstTitle = await rows.nth(0).locator('strong').first().innerText();
  await rows.nth(0).getByRole('button', { name: 'Approve' }).click();
  await page.getByText('Vehicle status updated successfully').waitFor();
  await page.getByRole('tab', { name: `Pending Approval (${before.pending - 1})` }).waitFor();

  const secondRow = rows.filter({ hasNotText: firstTitle }).first();
  await secondRow.getByRole('button', { name: /Reject/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to reject this listing?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Reject listing' }).click();
  await dialog.getByText('Choose a reason: the seller is told').waitFor();
  await dialog.getByRole('radio', { name: 'The price looks wrong' }).check();
  await dialog.getByLabel(/Note to the seller/).fill('The price is far below the market for this car.');
  await assertAccessible(page, 'admin-reject-dialog');
  await page.screenshot({ path: join(SHOTS, 'admin-reject-dialog.png') });
  await dialog.getByRole('button', { name: 'Reject listing' }).click();
  await page.getByRole('tab', { name: `Pending Approval (${before.pending - 2})` }).waitFor();

  assert.equal(await statValue(page, 'Pending Approval'), before.pending - 2);
  assert.equal(await statValue(page, 'Approved'), before.approved + 1);
  assert.equal(await statValue(page, 'Rejected'), before.rejected + 1);
  await page.getByRole('tab', { name: 'Rejected Listings' }).click();
  await page.getByText(`${before.rejected + 1} listings have been rejected`).waitFor();
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await page.getByText('Rejected: The price looks wrong — “The price is far below the market for this car.”').first().waitFor();
  await page.close();
});

test('an admin edits an approved listing in the modal and the public page shows the change', async () => {
  const page = await newSession(ADMIN);
  await openConsole(page);
  await page.getByRole('tab', { name: 'Approved Listings' }).click();
  await page.getByRole('heading', { name: 'Approved Listings - Edit Mode' }).waitFor();
  const row = page.locator('section[aria-labelledby="adm-approved-heading"] .adm-table-tbody .adm-table-row').first();
  const href = await row.getByRole('link', { name: 'View' }).getAttribute('href');
  await row.getByRole('button', { name: 'Edit' }).click();

  const modal = page.getByRole('dialog');
  await modal.getByText('Update all vehicle information. Changes will be reflected immediately on the live listing.').waitFor();
  await modal.getByLabel('Trim').fill('E2E Signature');
  await modal.getByLabel('Engine').fill('4.4L V8 Twin-Turbo');
  await modal.getByRole('tab', { name: 'Images' }).click();
  await modal.locator('[data-testid="photo"]').first().waitFor();
  await screenshots(page, 'admin-edit-modal');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Vehicle updated successfully').waitFor();
  await modal.waitFor({ state: 'hidden' });
  await row.getByText('E2E Signature').waitFor();

  await page.goto(href);
  await page.getByRole('heading', { level: 1 }).filter({ hasText: 'E2E Signature' }).waitFor();
  await page.close();
});

test("the console runs on the storefront's React: the federation runtime hands it the host's copies, one of each", async () => {
  const page = await newSession(ADMIN);
  await openConsole(page);
  // Who provided each shared module that was loaded, from the federation runtime's share scopes.
  const providers = await page.evaluate(() => {
    const loaded = {};
    for (const scopes of Object.values(globalThis.__FEDERATION__?.__SHARE__ ?? {}))
      for (const modules of Object.values(scopes))
        for (const [name, versions] of Object.entries(modules))
          for (const shared of Object.values(versions)) if (shared.loaded) (loaded[name] ??= new Set()).add(shared.from);
    return Object.fromEntries(Object.entries(loaded).map(([name, from]) => [name, [...from].sort()]));
  });
  for (const name of ['react', 'react-dom/client', 'react/jsx-runtime']) assert.deepEqual(providers[name], ['storefront'], `${name}: ${JSON.stringify(providers)}`);
  for (const [name, from] of Object.entries(providers)) assert.ok(!from.includes('admin'), `${name} came from the console's own copy`);
  await page.close();
});

test('an admin switches the analytics period', async () => {
  const page = await newSession(ADMIN);
  await openConsole(page);
  await page.getByRole('tab', { name: 'Website Analytics' }).click();
  await page.getByText('Analytics Summary').waitFor();
  const summary = page.locator('.adm-descriptions');
  await summary.getByText('Last 7 Days').waitFor();
  for (const [label, period] of [['Last 30 Days', '30d'], ['Last 90 Days', '90d']]) {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/analytics/stats?period=${period}`)),
      page.getByText(label, { exact: true }).first().click(),
    ]);
    assert.equal(response.status(), 200);
    await summary.getByText(label).waitFor();
  }
  assert.match(await summary.innerText(), /Pages per Visitor\s*:?\s*\d+\.\d/);
  assert.match(await summary.innerText(), /Average Session Time\s*:?\s*\d+m \d+s/);
  await screenshots(page, 'admin-analytics');
  await page.close();
});

test('an admin reads a buyer inquiry and marks it handled', async () => {
  const page = await newSession(ADMIN);
  const {
    items: [vehicle],
  } = await (await page.request.get('/api/admin/vehicles/approved?limit=1')).json();
  const subject = `Question about listing ${vehicle.id} at ${Date.now()}`;
  const sent = await page.request.post('/api/contact', {
    data: {
      vehicleId: vehicle.id,
      senderFirstName: 'Robin',
      senderLastName: 'Buyer',
      senderEmail: 'robin.buyer@example.com',
      subject,
      message: 'Is it still available?',
      isFinancingInterest: true,
    },
  });
  assert.ok(sent.ok(), `POST /api/contact answered ${sent.status()}`);

  await openConsole(page);
  await page.getByRole('tab', { name: /^Inquiries/ }).click();
  const row = page.locator('.adm-table-row').filter({ hasText: subject });
  await row.waitFor();
  assert.match(await row.innerText(), /Robin Buyer/);
  await screenshots(page, 'admin-inquiries');
  await row.getByRole('button', { name: 'Mark handled' }).click();
  await page.getByText('Inquiry marked as handled').waitFor();
  await row.waitFor({ state: 'detached' });
  await page.locator('.adm-segmented').filter({ hasText: 'Handled' }).getByText('Handled').click();
  await page.locator('.adm-table-row').filter({ hasText: subject }).getByRole('button', { name: 'Reopen' }).waitFor();
  await page.close();
});

test('/admin with the remote down shows the message and Retry while / still works', async () => {
  // No demo data: this instance only needs the admin account and the pages.
  const server = await startApiServer({
    listings: false,
    env: { RATE_LIMIT_PER_MINUTE: '100000', ADMIN_REMOTE_URL: '/admin-app/missing.js', SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  try {
    const page = await newSession(ADMIN, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin`);
    const alert = page.getByRole('alert').filter({ hasText: 'The admin console could not be loaded.' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await alert.waitFor();
    await screenshots(page, 'admin-remote-down');
    await page.getByRole('link', { name: 'Buy Cars' }).first().click();
    await page.waitForURL(`${server.baseUrl}/search`);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sell Your Car with Personal Support' }).waitFor();
    await page.close();
  } finally {
    await server.stop();
  }
});
