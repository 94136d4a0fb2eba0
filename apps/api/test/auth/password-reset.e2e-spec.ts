import { DataSource, IsNull } from 'typeorm';
import { PASSWORD_RESET_REQUESTED, RESET_LINK_INVALID } from '@app/shared';
import { AccountTokenEntity } from '../../src/modules/auth/entities/account-token.entity';
import { MailOutbox } from '../../src/infra/mail/outbox/mail-outbox.service';
import { NO_PASSWORD, UsersService } from '../../src/modules/users';
import { registerUser } from '../factories/user.factory';
import { bodyHtml, bodyText, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../support/test-app';

/** Forgot password: a single-use link by e-mail (read from a real SMTP server), valid one hour. */
describe('password reset', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let nextAddress = 10;
  const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: smtp.url, STAFF_EMAIL: 'staff@example.com', PUBLIC_URL: 'https://cars.example.com', TRUST_PROXY: 'true', MAIL_POLL_MS: '100' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: string, headers = fromNewAddress()) => t.client().post('/api/auth/forgot-password', { email }, { headers });
  const reset = (token: string, password: string) => t.client().post('/api/auth/reset-password', { token, password }, { headers: fromNewAddress() });
  /** The link of the newest reset e-mail to `to`. */
  async function linkSentTo(to: string, count: number): Promise<{ token: string; text: string; html: string }> {
    const started = Date.now();
    for (;;) {
      // Reset e-mails only (a new account also gets its verification link).
      const mails = smtp.mails.filter((m) => m.to.includes(to) && bodyText(m).includes('/reset-password?token='));
      if (mails.length >= count) {
        const mail = mails[count - 1]!;
        const text = bodyText(mail);
        const token = /https:\/\/cars\.example\.com\/reset-password\?token=([\w-]+)/.exec(text)?.[1];
        if (!token) throw new Error(`no link in: ${text}`);
        return { token, text, html: bodyHtml(mail) };
      }
      if (Date.now() - started > 10_000) throw new Error(`only ${mails.length} of ${count} e-mails to ${to}`);
      await t.app.get(MailOutbox).drain();
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('answers 202 alike for a known and an unknown address, and e-mails a link only to the account', async () => {
    const { input } = await registerUser(t.client());
    const known = await forgot(input.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.com');
    for (const res of [known, unknown]) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    }
    const { token, text, html } = await linkSentTo(input.email, 1);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(text).toContain('works once, for 60 minutes');
    expect(html).toContain(`href="https://cars.example.com/reset-password?token=${token}"`);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
    // Only the token's hash is stored.
    const stored = await t.app.get(DataSource).getRepository(AccountTokenEntity).find();
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);
  });

  it('sets the new password once, signs the account out everywhere, and the old password stops working', async () => {
    const device = t.client();
    const { input } = await registerUser(device);
    expect((await device.get('/api/user')).status).toBe(200);
    await forgot(input.email);
    const { token } = await linkSentTo(input.email, 1);

    // A weak password is refused with the registration's reason, and the link still works after.
    const weak = await reset(token, 'password');
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0].field).toBe('password');

    const done = await reset(token, 'a-new-long-passphrase-2026');
    expect(done.status).toBe(204);
    expect((await device.get('/api/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { email: input.email, password: input.password }, { headers: fromNewAddress() })).status).toBe(401);
    expect((await t.client().post('/api/login', { email: input.email, password: 'a-new-long-passphrase-2026' }, { headers: fromNewAddress() })).status).toBe(200);

    const again = await reset(token, 'yet-another-passphrase-77');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ statusCode: 400, message: RESET_LINK_INVALID });
  });

  it('gives an account made without a password (an imported seller) one: nothing signs in to it before', async () => {
    const email = 'no-password-yet@example.com';
    await t.app.get(UsersService).create({ email, password: null, firstName: 'Ola', lastName: 'Other', emailVerified: true });
    const [row] = await t.app.get(DataSource).query('SELECT password FROM users WHERE email = ?', [email]);
    expect(row.password).toBe(NO_PASSWORD);
    for (const password of [NO_PASSWORD, '', 'a-new-long-passphrase-2026']) {
      expect((await t.client().post('/api/login', { email, password }, { headers: fromNewAddress() })).status).not.toBe(200);
    }
    await forgot(email);
    const { token } = await linkSentTo(email, 1);
    expect((await reset(token, 'a-new-long-passphrase-2026')).status).toBe(204);
    expect((await t.client().post('/api/login', { email, password: 'a-new-long-passphrase-2026' }, { headers: fromNewAddress() })).status).toBe(200);
  });

  it('refuses an unknown, expired or superseded link, and an empty one', async () => {
    const { input } = await registerUser(t.client());
    await forgot(input.email);
    await forgot(input.email);
    const first = await linkSentTo(input.email, 1);
    const second = await linkSentTo(input.email, 2);
    // Using one link ends the account's other links.
    expect((await reset(second.token, 'a-fresh-passphrase-for-me')).status).toBe(204);
    expect((await reset(first.token, 'another-fresh-passphrase')).body).toEqual({ statusCode: 400, message: RESET_LINK_INVALID });
    expect((await reset('x'.repeat(43), 'another-fresh-passphrase')).body).toEqual({ statusCode: 400, message: RESET_LINK_INVALID });

    await forgot(input.email);
    const third = await linkSentTo(input.email, 3);
    await t.app.get(DataSource).getRepository(AccountTokenEntity).update({ usedAt: IsNull() }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await reset(third.token, 'another-fresh-passphrase')).body).toEqual({ statusCode: 400, message: RESET_LINK_INVALID });

    const empty = await reset('', 'another-fresh-passphrase');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'token', message: RESET_LINK_INVALID }]);
    const badEmail = await forgot('not-an-address');
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
  });

  it('sends one account at most 3 links an hour, and limits each address to 5 requests an hour', async () => {
    const { input } = await registerUser(t.client());
    for (let i = 0; i < 5; i += 1) expect((await forgot(input.email)).status).toBe(202);
    await new Promise((r) => setTimeout(r, 500));
    await t.app.get(MailOutbox).drain();
    expect(smtp.mails.filter((m) => m.to.includes(input.email) && bodyText(m).includes('/reset-password?token='))).toHaveLength(3);

    const address = { 'x-forwarded-for': '203.0.113.200' };
    for (let i = 0; i < 5; i += 1) expect((await forgot(`someone${i}@example.com`, address)).status).toBe(202);
    const limited = await forgot('someone-else@example.com', address);
    expect(limited.status).toBe(429);
  });
});
