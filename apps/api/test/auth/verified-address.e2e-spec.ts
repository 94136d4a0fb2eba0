import { DataSource } from 'typeorm';
import { VERIFY_LINK_INVALID, VERIFY_LINK_SENT } from '@app/shared';
import { MailOutboxEntity } from '../../src/infra/mail/outbox/mail-outbox.entity';
import { MailOutbox } from '../../src/infra/mail/outbox/mail-outbox.service';
import { SavedSearchEntity } from '../../src/modules/saved-searches/entities/saved-search.entity';
import { SavedSearchAlertsJob } from '../../src/modules/saved-searches/saved-search-alerts.job';
import { UserEntity } from '../../src/modules/users/entities/user.entity';
import { createVehicle } from '../factories/vehicle.factory';
import { registerUser, registerVerifiedUser, userInput, verifyEmail } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 27, part 2: registration signs the person in with the address unverified until its link (or a reset
 * link) is followed; until then it gets account mail only; registering an address that has an account is
 * answered like a new registration and mails the owner.
 */
describe('verified addresses', () => {
  let t: TestApp;
  let nextAddress = 10;
  const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${nextAddress++}` });

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://cars.example.com', TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  const outbox = () => t.app.get(DataSource).getRepository(MailOutboxEntity);
  const mailsTo = (recipient: string, kind: string) => outbox().find({ where: { recipient, kind }, order: { id: 'ASC' } });
  const tokenIn = (text: string) => /https:\/\/cars\.example\.com\/verify-email\?token=([\w-]+)/.exec(text)?.[1] ?? '';
  const verify = (token: string) => t.client().post('/api/auth/verify-email', { token }, { headers: fromNewAddress() });

  it('signs a new account in with its address unverified, e-mails the link, and following it verifies the address once', async () => {
    const me = t.client();
    const input = userInput();
    const res = await me.post('/api/register', input, { headers: fromNewAddress() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: input.email, emailVerified: false });
    expect((await me.get('/api/user')).body).toMatchObject({ email: input.email, emailVerified: false });
    const [mail, ...more] = await mailsTo(input.email, 'email-verify');
    expect(more).toHaveLength(0);
    const token = tokenIn(mail!.text);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const done = await verify(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email: input.email });
    expect((await me.get('/api/user')).body.emailVerified).toBe(true);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(VERIFY_LINK_INVALID);
    expect((await verify('not-a-token')).status).toBe(400);
  });

  it('sends the link again from the profile (202), at most 3 links an hour (429), and not once verified (409)', async () => {
    const me = t.client();
    const { input } = await registerUser(me);
    const resend = () => me.post('/api/account/verify-email/resend', undefined, { headers: fromNewAddress() });
    const first = await resend();
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ message: VERIFY_LINK_SENT });
    expect(await mailsTo(input.email, 'email-verify')).toHaveLength(2);
    expect((await resend()).status).toBe(202);
    // The registration's link and two more: the hour's three.
    const spent = await resend();
    expect(spent.status).toBe(429);
    expect(spent.body.statusCode).toBe(429);
    expect(await mailsTo(input.email, 'email-verify')).toHaveLength(3);
    expect((await t.client().post('/api/account/verify-email/resend')).status).toBe(401);
    const [, , last] = await mailsTo(input.email, 'email-verify');
    expect((await verify(tokenIn(last!.text))).status).toBe(200);
    expect((await resend()).status).toBe(409);
  });

  it('answers a registration with an address that has an account exactly like a new one, signs nobody in, and mails the owner', async () => {
    const owner = t.client();
    const { input } = await registerUser(owner);
    const fresh = await t.client().post('/api/register', userInput(), { headers: fromNewAddress() });
    const attacker = t.client();
    const taken = await attacker.post('/api/register', { ...input, email: input.email.toUpperCase(), password: 'the-attackers-passphrase-9' }, { headers: fromNewAddress() });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body).toMatchObject({ email: input.email, emailVerified: false, role: 'user' });
    expect(typeof taken.body.id).toBe('number');
    // A session cookie is set as for a new account, but it signs nobody in.
    expect(taken.headers.get('set-cookie')).toBeTruthy();
    expect(fresh.headers.get('set-cookie')).toBeTruthy();
    expect((await attacker.get('/api/user')).status).toBe(401);
    // The account is as it was: its password, its one verification link; its owner is told.
    expect((await t.client().post('/api/login', { email: input.email, password: 'the-attackers-passphrase-9' }, { headers: fromNewAddress() })).status).toBe(401);
    expect((await t.client().post('/api/login', { email: input.email, password: input.password }, { headers: fromNewAddress() })).status).toBe(200);
    expect(await mailsTo(input.email, 'email-verify')).toHaveLength(1);
    const [notice] = await mailsTo(input.email, 'registration-attempt');
    expect(notice!.subject).toContain('tried to create');
    expect(notice!.text).toContain('https://cars.example.com/forgot-password');
    expect(await t.app.get(DataSource).getRepository(UserEntity).countBy({ email: input.email })).toBe(1);
    // A stranger cannot flood the owner's inbox: three notices a day.
    for (let i = 0; i < 3; i += 1) expect((await t.client().post('/api/register', input, { headers: fromNewAddress() })).status).toBe(201);
    expect(await mailsTo(input.email, 'registration-attempt')).toHaveLength(3);
  }, 120_000);

  it('verifies the address when a reset link is followed', async () => {
    const { input } = await registerUser(t.client());
    expect((await t.client().post('/api/auth/forgot-password', { email: input.email }, { headers: fromNewAddress() })).status).toBe(202);
    let link = '';
    for (let i = 0; i < 200 && !link; i += 1) {
      link = /\/reset-password\?token=([\w-]+)/.exec((await mailsTo(input.email, 'password-reset'))[0]?.text ?? '')?.[1] ?? '';
      if (!link) await new Promise((r) => setTimeout(r, 25));
    }
    expect((await t.client().post('/api/auth/reset-password', { token: link, password: 'a-new-long-passphrase-27' }, { headers: fromNewAddress() })).status).toBe(204);
    const me = t.client();
    expect((await me.post('/api/login', { email: input.email, password: 'a-new-long-passphrase-27' }, { headers: fromNewAddress() })).body.emailVerified).toBe(true);
    // The verification link sent at registration was voided with every other link.
    expect((await verify(tokenIn((await mailsTo(input.email, 'email-verify'))[0]!.text))).status).toBe(400);
  });

  it('queues no alert or notice for an unverified address, but account mail; the outbox is the one gate', async () => {
    const { input } = await registerUser(t.client());
    const mail = t.app.get(MailOutbox);
    const manager = t.app.get(DataSource).manager;
    const message = { to: input.email, subject: 'x', text: 'x' };
    expect(await mail.enqueue(manager, 'listing-approved', message)).toBe(false);
    expect(await mail.enqueue(manager, 'seller-inquiry', { ...message, to: input.email.toUpperCase() })).toBe(false);
    expect(await mail.enqueue(manager, 'password-reset', message)).toBe(true);
    // An address no account uses (the staff inbox) is not an unverified account's.
    expect(await mail.enqueue(manager, 'staff-inquiry', { ...message, to: 'staff-desk@example.com' })).toBe(true);
    expect(await outbox().countBy({ recipient: input.email, kind: 'listing-approved' })).toBe(0);
    await verifyEmail(t, input.email);
    expect(await mail.enqueue(manager, 'listing-approved', message)).toBe(true);
  });

  it('sends no saved-search alert to an unverified address, and sends it once the address is verified', async () => {
    const me = t.client();
    const { input } = await registerUser(me);
    const seller = (await registerVerifiedUser(t, t.client())).user.id as number;
    const saved = await me.post('/api/user/searches', { name: 'Lotus', query: 'make=Lotus', frequency: 'instant' }, { headers: fromNewAddress() });
    expect(saved.status).toBe(201);
    await t.app.get(DataSource).getRepository(SavedSearchEntity).update({ id: saved.body.id }, { createdAt: new Date(Date.now() - 3_600_000) });
    const emira = await createVehicle(t, seller, { make: 'Lotus', model: 'Emira', year: 2024, price: 99000, status: 'approved' });
    const job = t.app.get(SavedSearchAlertsJob);
    expect(await job.run()).toBe('ran');
    expect(await mailsTo(input.email, 'search-alert')).toHaveLength(0);
    await verifyEmail(t, input.email);
    expect(await job.run()).toBe('ran');
    const alerts = await mailsTo(input.email, 'search-alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(`https://cars.example.com/vehicles/${emira.id}`);
  });
});
