// A new account's address as its owner sees it: registered and signed in, the profile says "Unverified" and
// sends the link again; the link from the e-mail (read from a real SMTP server) verifies the address, and the
// profile then says "Verified". Screenshots at 1440 and 390 px.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { linkIn, startMailedApp } = require('../mail-server');
const { screenshots, PHONE } = require('../lib');

const ACCOUNT = { email: 'verify.person@example.com', password: 'a-verifying-passphrase-27', firstName: 'Vera', lastName: 'Fied' };

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

test('the profile shows an unverified address, sends its link again, and the link verifies it', async () => {
  const page = await browser.newPage();
  assert.equal((await page.request.post('/api/register', { data: ACCOUNT })).status(), 201);
  await smtp.waitFor((m) => m.to.includes(ACCOUNT.email) && m.raw.includes('/verify-email'));

  await page.setViewportSize(PHONE);
  await page.goto('/profile');
  const emailSection = page.locator('section', { has: page.getByRole('heading', { name: 'Email address' }) });
  await emailSection.getByText('Unverified', { exact: true }).waitFor();
  await screenshots(page, 'profile-unverified');
  await emailSection.getByRole('button', { name: 'Send the link again' }).click();
  await emailSection.getByRole('status').filter({ hasText: 'We sent a new verification link' }).waitFor();
  const links = () => smtp.received.filter((m) => m.to.includes(ACCOUNT.email) && m.raw.includes('/verify-email'));
  for (let i = 0; i < 200 && links().length < 2; i += 1) await new Promise((r) => setTimeout(r, 100));
  assert.equal(links().length, 2, 'the link is sent again');
  const link = linkIn(links()[1], '/verify-email');
  assert.ok(link, 'the e-mail carries the link');

  await page.goto(link.slice(link.indexOf('/verify-email')));
  await page.getByRole('button', { name: 'Verify my email address' }).click();
  await page.getByRole('status').filter({ hasText: ACCOUNT.email }).waitFor();
  await screenshots(page, 'verify-email-done');

  await page.goto('/profile');
  await emailSection.getByText('Verified', { exact: true }).waitFor();
  assert.equal(await emailSection.getByRole('button', { name: 'Send the link again' }).count(), 0);
  assert.equal((await (await page.request.get('/api/user')).json()).emailVerified, true);
  await screenshots(page, 'profile-verified');
  await page.close();
});
