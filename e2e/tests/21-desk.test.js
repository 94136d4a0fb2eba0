// The associate desk in the admin console: an associate's board of demo leads, the lead drawer with its thread and
// trail, a reply; the admin's one Desk entry with the report; at 390 and 1440 px with axe.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { openBrowser, screenshots, BASE_URL, DESKTOP, PHONE } = require('../lib');

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const ASSOCIATE = { email: 'associate@example.com', password: 'associate-demo-2026' };

let browser;
before(async () => {
  await waitForDeskDemo();
  browser = await openBrowser();
});
after(async () => browser?.close());

/** The desk's demo (associates and worked leads) is seeded after the listings: wait until the associate sees it. */
async function waitForDeskDemo() {
  const started = Date.now();
  while (Date.now() - started < 240_000) {
    const login = await fetch(`${BASE_URL}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ASSOCIATE) });
    if (login.ok) {
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const leads = await (await fetch(`${BASE_URL}/api/desk/leads?limit=100`, { headers: { cookie } })).json();
      if (leads.total >= 10 && leads.items.some((l) => l.state === 'sold')) return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the desk demo data did not appear within 240 s');
}

async function newSession(account) {
  await browser.clearCookies();
  const page = await browser.newPage();
  const response = await page.request.post(`${BASE_URL}/api/login`, { data: account });
  assert.equal(response.status(), 200, `login as ${account.email}`);
  return page;
}

test('an associate works the board and a lead drawer, on a desktop and on a phone', async () => {
  const page = await newSession(ASSOCIATE);
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Associate Desk', level: 2 }).waitFor();
  // Associates get the desk only: no moderation, no outbox.
  assert.equal(await page.getByRole('tab', { name: /Pending Approval/ }).count(), 0);
  await page.getByRole('button', { name: /^Open lead/ }).first().waitFor();
  for (const state of ['New', 'Contacted', 'Qualified', 'Negotiating', 'Sold', 'Lost']) {
    await page.locator('.adm-desk-column-title').filter({ hasText: state }).waitFor();
  }
  await screenshots(page, 'desk-board');

  // On a phone: one state at a time, picked from a list.
  await page.setViewportSize(PHONE);
  await page.getByRole('combobox', { name: 'State' }).waitFor();
  assert.equal(await page.locator('.adm-desk-column').count(), 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the desk fits a 390 px screen (${overflow} px too wide)`);
  await page.setViewportSize(DESKTOP);

  // The negotiating lead: its thread both ways and its trail.
  const negotiating = page.locator('.adm-desk-column').filter({ has: page.locator('.adm-desk-column-title', { hasText: 'Negotiating' }) });
  await negotiating.getByRole('button', { name: /^Open lead/ }).first().click();
  const drawer = page.locator('.adm-desk-drawer');
  await drawer.getByRole('heading', { name: 'Conversation' }).waitFor();
  await drawer.locator('.adm-desk-thread li.is-out').first().waitFor();
  await drawer.locator('.adm-desk-thread li.is-in').first().waitFor();
  await drawer.getByText('Task', { exact: false }).first().waitFor();
  await screenshots(page, 'desk-drawer');

  await drawer.getByRole('textbox', { name: 'Reply to the buyer' }).fill('Good news: the seller accepts your offer.');
  await drawer.getByRole('button', { name: 'Send reply' }).click();
  await page.getByText('Reply sent').waitFor();
  await drawer.locator('.adm-desk-thread li.is-out').filter({ hasText: 'the seller accepts your offer' }).waitFor();
  await page.close();
});

test('an admin finds the desk under one entry of the console, with its report', async () => {
  const page = await newSession(ADMIN);
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 2 }).waitFor();
  // One Desk entry: the tab bar still fits at 1440 px (no overflow "more" button).
  assert.equal(await page.locator('.adm-tabs-nav-operations:not(.adm-tabs-nav-operations-hidden)').count(), 0, 'no overflow button in the tab bar');
  await page.getByRole('tab', { name: 'Desk' }).click();
  await page.getByRole('heading', { name: 'Associate Desk', level: 4 }).waitFor();
  await page.getByRole('button', { name: /^Open lead/ }).first().waitFor();
  await page.locator('.adm-segmented-item').filter({ hasText: 'Report' }).click();
  await page.getByText('First response p50').waitFor();
  const fees = page.locator('.adm-card-small').filter({ has: page.getByText('Success fees per month', { exact: true }) });
  await fees.locator('tbody tr.adm-table-row').first().waitFor();
  await screenshots(page, 'desk-report');
  await page.close();
});
