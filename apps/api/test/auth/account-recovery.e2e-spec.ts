import { DataSource } from 'typeorm';
import { EMAIL_LINK_INVALID, RESET_LINK_INVALID } from '@app/shared';
import { MailOutboxEntity } from '../../src/infra/mail/outbox/mail-outbox.entity';
import { AccountTokensService } from '../../src/modules/auth/account-tokens.service';
import { registerUser, userInput } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 27, part 1: a link e-mailed before a password change, a reset, an e-mail change or a "sign out"
 * of another session must not work after it, whatever its purpose (the takeover through a stale e-mail-change link).
 */
describe('account links after a change of credentials', () => {
  let t: TestApp;
  let nextAddress = 10;
  const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://cars.example.com', TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  /** The token of the newest e-mail of `kind` to `to`, read from the outbox (what the mail server would get). */
  async function tokenMailed(to: string, kind: string, path: string): Promise<string> {
    const rows = await t.app.get(DataSource).getRepository(MailOutboxEntity).find({ where: { recipient: to, kind }, order: { id: 'DESC' } });
    const text = rows[0]?.text ?? '';
    const token = new RegExp(`https://cars\\.example\\.com${path}\\?token=([\\w-]+)`).exec(text)?.[1];
    if (!token) throw new Error(`no ${kind} link to ${to} in: ${text}`);
    return token;
  }
  const askEmailChange = (client: HttpClient, password: string, email: string) => client.post('/api/user/email', { email, password });
  const confirmEmail = (token: string) => t.client().post('/api/auth/confirm-email', { token }, { headers: fromNewAddress() });
  const forgot = (email: string) => t.client().post('/api/auth/forgot-password', { email }, { headers: fromNewAddress() });
  const reset = (token: string, password: string) => t.client().post('/api/auth/reset-password', { token, password }, { headers: fromNewAddress() });
  async function resetToken(email: string): Promise<string> {
    const outbox = t.app.get(DataSource).getRepository(MailOutboxEntity);
    const before = await outbox.countBy({ recipient: email, kind: 'password-reset' });
    expect((await forgot(email)).status).toBe(202);
    // The request is answered before its work is done: wait for the e-mail.
    for (let i = 0; i < 200 && (await outbox.countBy({ recipient: email, kind: 'password-reset' })) === before; i += 1) await new Promise((r) => setTimeout(r, 25));
    return tokenMailed(email, 'password-reset', '/reset-password');
  }

  it('AccountTokensService.revokeAll voids every unused token of the account, of every purpose, and no other account\'s', async () => {
    const tokens = t.app.get(AccountTokensService);
    const manager = t.app.get(DataSource).manager;
    const mine = (await registerUser(t.client())).user.id as number;
    const theirs = (await registerUser(t.client())).user.id as number;
    const limits = { ttlMinutes: 60, perHour: 10 };
    const reset = (await tokens.issue(manager, 'password-reset', mine, limits))!;
    const change = (await tokens.issue(manager, 'email-change', mine, { ...limits, newEmail: userInput().email }))!;
    const other = (await tokens.issue(manager, 'password-reset', theirs, limits))!;
    expect(await tokens.revokeAll(manager, mine)).toBeGreaterThanOrEqual(2);
    expect(await tokens.find(manager, 'password-reset', reset)).toBeNull();
    expect(await tokens.find(manager, 'email-change', change)).toBeNull();
    expect(await tokens.find(manager, 'password-reset', other)).not.toBeNull();
  });

  it('voids an e-mail-change link when the owner then changes the password, so the takeover fails', async () => {
    const owner = t.client();
    const { input } = await registerUser(owner);
    const attacker = userInput().email;
    // The attacker, at the owner's unlocked browser for a minute, asks to move the account to his address.
    expect((await askEmailChange(owner, input.password, attacker)).status).toBe(202);
    const stale = await tokenMailed(attacker, 'email-change', '/confirm-email');
    // The owner notices and changes the password.
    expect((await owner.post('/api/user/password', { currentPassword: input.password, newPassword: 'a-new-long-passphrase-27' })).status).toBe(204);
    const res = await confirmEmail(stale);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(EMAIL_LINK_INVALID);
    expect((await owner.get('/api/user')).body.email).toBe(input.email);
    // And a reset asked for the attacker's address reaches nobody's account.
    await forgot(attacker);
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.app.get(DataSource).getRepository(MailOutboxEntity).countBy({ recipient: attacker, kind: 'password-reset' })).toBe(0);
  });

  it('voids a reset link when the password is changed from the profile', async () => {
    const owner = t.client();
    const { input } = await registerUser(owner);
    const link = await resetToken(input.email);
    expect((await owner.post('/api/user/password', { currentPassword: input.password, newPassword: 'a-new-long-passphrase-27' })).status).toBe(204);
    const res = await reset(link, 'the-attackers-passphrase-9');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RESET_LINK_INVALID);
  });

  it('voids a reset link sent to the old address once the e-mail address has changed', async () => {
    const owner = t.client();
    const { input } = await registerUser(owner);
    const link = await resetToken(input.email);
    const newEmail = userInput().email;
    expect((await askEmailChange(owner, input.password, newEmail)).status).toBe(202);
    expect((await confirmEmail(await tokenMailed(newEmail, 'email-change', '/confirm-email'))).status).toBe(200);
    const res = await reset(link, 'the-attackers-passphrase-9');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RESET_LINK_INVALID);
  });

  it('voids a pending e-mail-change link when a reset link is used', async () => {
    const owner = t.client();
    const { input } = await registerUser(owner);
    const attacker = userInput().email;
    expect((await askEmailChange(owner, input.password, attacker)).status).toBe(202);
    const stale = await tokenMailed(attacker, 'email-change', '/confirm-email');
    expect((await reset(await resetToken(input.email), 'a-new-long-passphrase-27')).status).toBe(204);
    expect((await confirmEmail(stale)).status).toBe(400);
  });

  it('voids every link when another session is signed out from the profile', async () => {
    const owner = t.client();
    const { input } = await registerUser(owner);
    const other = t.client();
    expect((await other.post('/api/login', { email: input.email, password: input.password }, { headers: fromNewAddress() })).status).toBe(200);
    const attacker = userInput().email;
    expect((await askEmailChange(other, input.password, attacker)).status).toBe(202);
    const stale = await tokenMailed(attacker, 'email-change', '/confirm-email');
    const link = await resetToken(input.email);
    const sessions = (await owner.get('/api/user/sessions')).body as { id: string; current: boolean }[];
    const theirs = sessions.find((s) => !s.current)!;
    expect((await owner.delete(`/api/user/sessions/${theirs.id}`)).status).toBe(204);
    expect((await confirmEmail(stale)).status).toBe(400);
    expect((await reset(link, 'the-attackers-passphrase-9')).status).toBe(400);
    // The owner can still ask for a new link and use it.
    expect((await reset(await resetToken(input.email), 'a-new-long-passphrase-27')).status).toBe(204);
  });
});
