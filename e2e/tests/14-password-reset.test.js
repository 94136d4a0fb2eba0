// Forgot password, as a person does it: "Forgot password?" on the Sign In tab, the e-mail (read from a real
// SMTP server), the link's page refusing a common password and taking a good one, then signing in with it.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { linkIn, startMailedApp } = require('../mail-server');
const { screenshots, PHONE } = require('../lib');

const ACCOUNT = { email: 'forgetful.seller@example.com', password: 'my-first-long-passphrase', firstName: 'Robin', lastName: 'Lee' };
const NEW_PASSWORD = 'a-brand-new-passphrase-2026';

let server;
let browser;
let smtp;

before(async () => {
  ({ smtp, server, browser } = await startMailedApp());
  const page = await browser.newPage();
  assert.equal((await page.request.post('/api/register', { data: ACCOUNT })).status(), 201);
  await page.close();
  await browser.clearCookies();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});


test('a forgotten password: the link by e-mail, a new password, then signing in with it (390 px)', async () => {
  const page = await browser.newPage();
  await page.setViewportSize(PHONE);
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
  await screenshots(page, 'forgot-password');
  await page.getByLabel('Email').fill(ACCOUNT.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  const status = page.getByRole('status').filter({ hasText: 'we have sent it a link' });
  await status.waitFor();
  assert.match(await status.innerText(), new RegExp(ACCOUNT.email.replace(/\./g, '\\.')));
  await screenshots(page, 'forgot-password-sent');

  const mail = await smtp.waitFor((m) => m.to.includes(ACCOUNT.email) && m.raw.includes('/reset-password'));
  const link = linkIn(mail, '/reset-password');
  assert.ok(link, 'the e-mail carries the link');

  await page.goto(link);
  await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
  await page.getByLabel('New password').fill('password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByRole('alert').filter({ hasText: /common|guess/i }).waitFor();
  await screenshots(page, 'reset-password-refused');
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.waitForURL('**/auth');
  await page.getByText('Sign in with your new password.').waitFor();

  await page.getByLabel('Email').fill(ACCOUNT.email);
  await page.locator('input[name="password"]').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  assert.equal((await page.request.get('/api/user')).status(), 200);

  // The link worked once.
  await browser.clearCookies();
  await page.goto(link);
  await page.getByLabel('New password').fill('yet-another-passphrase-99');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired. Ask for a new one.' }).waitFor();
  await page.close();
});
