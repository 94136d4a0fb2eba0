import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { EMAIL_LINK_INVALID } from '@app/shared';
import { MailOutbox } from '../../src/infra/mail/outbox/mail-outbox.service';
import { UploadEntity } from '../../src/modules/uploads/entities/upload.entity';
import { UserEntity } from '../../src/modules/users/entities/user.entity';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';
import { listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { bodyText, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../support/test-app';

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** The profile page's calls: name, e-mail (confirmed by link), password, sessions, deleting the account. */
describe('the account of the signed-in person', () => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: smtp.url, STAFF_EMAIL: 'staff@example.com', PUBLIC_URL: 'https://cars.example.com', RATE_LIMIT_PER_MINUTE: '100000', MAIL_POLL_MS: '100' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Signs in as `input` from another browser. */
  async function signIn(input: { email: string; password: string }, userAgent: string): Promise<HttpClient> {
    const client = t.client();
    const res = await client.post('/api/login', { email: input.email, password: input.password }, { headers: { 'user-agent': userAgent } });
    expect(res.status).toBe(200);
    return client;
  }

  async function mailTo(address: string, skip: number) {
    await t.app.get(MailOutbox).drain();
    return smtp.waitForMatch((m) => m.to.includes(address), skip);
  }

  it('changes the name, and clears it when empty', async () => {
    const me = t.client();
    await registerUser(me, { firstName: 'Sam', lastName: 'Seller' });
    const res = await me.patch('/api/user', { firstName: '  Samantha ', lastName: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Samantha', lastName: null });
    expect((await me.get('/api/user')).body).toMatchObject({ firstName: 'Samantha', lastName: null });
    const tooLong = await me.patch('/api/user', { firstName: 'x'.repeat(61) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ field: 'firstName', message: 'First name must be at most 60 characters' }]);
  });

  it('changes the password after the current one, ending every other session but this one', async () => {
    const me = t.client();
    const { input } = await registerUser(me);
    const phone = await signIn(input, CHROME_ANDROID);
    const wrong = await me.post('/api/user/password', { currentPassword: 'not-it-at-all', newPassword: 'a-new-long-passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', message: 'The current password is not right' }]);
    const weak = await me.post('/api/user/password', { currentPassword: input.password, newPassword: 'password1' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0].field).toBe('password');

    expect((await me.post('/api/user/password', { currentPassword: input.password, newPassword: 'a-new-long-passphrase' })).status).toBe(204);
    expect((await me.get('/api/user')).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { email: input.email, password: 'a-new-long-passphrase' })).status).toBe(200);
  });

  it('lists where the account is signed in, names each browser, and signs one out', async () => {
    const laptop = t.client();
    const { input } = await registerUser(laptop);
    const phone = await signIn(input, CHROME_ANDROID);
    await signIn(input, SAFARI_MAC);
    const list = await phone.get('/api/user/sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body[0]).toMatchObject({ current: true, device: 'Chrome on Android', id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(list.body.map((s: { device: string }) => s.device).sort()).toEqual(['Chrome on Android', 'Safari on macOS', 'Unknown browser'].sort());
    // The list never reveals a session's secret cookie value.
    expect(JSON.stringify(list.body)).not.toContain(phone.cookieHeader.split('=')[1]?.slice(0, 20));

    const mac = list.body.find((s: { device: string }) => s.device === 'Safari on macOS');
    expect((await phone.delete(`/api/user/sessions/${mac.id}`)).status).toBe(204);
    expect((await phone.get('/api/user/sessions')).body).toHaveLength(2);
    expect((await phone.delete(`/api/user/sessions/${mac.id}`)).status).toBe(404);
    // Another account's session is not this one's to end.
    const stranger = t.client();
    await registerUser(stranger);
    const theirs = (await stranger.get('/api/user/sessions')).body[0].id;
    expect((await phone.delete(`/api/user/sessions/${theirs}`)).status).toBe(404);
    expect((await stranger.get('/api/user')).status).toBe(200);
  });

  it('changes the e-mail address only once the link sent to the new one is followed, and tells the old one', async () => {
    const me = t.client();
    const { input } = await registerUser(me);
    const newEmail = `moved-${Date.now()}@example.com`;
    const before = smtp.mails.length;
    expect((await me.post('/api/user/email', { email: newEmail, password: 'wrong-password-here' })).status).toBe(400);
    expect((await me.post('/api/user/email', { email: input.email, password: input.password })).body.errors).toEqual([{ field: 'email', message: 'This is already your email address' }]);
    const taken = t.client();
    const other = await registerUser(taken);
    expect((await me.post('/api/user/email', { email: other.input.email, password: input.password })).status).toBe(409);

    const asked = await me.post('/api/user/email', { email: newEmail.toUpperCase(), password: input.password });
    expect(asked.status).toBe(202);
    expect((await me.get('/api/user')).body.email).toBe(input.email);
    const mail = await mailTo(newEmail, before);
    const token = /https:\/\/cars\.example\.com\/confirm-email\?token=([\w-]+)/.exec(bodyText(mail))?.[1];
    expect(token).toBeDefined();

    const confirmed = await t.client().post('/api/auth/confirm-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: newEmail });
    expect((await me.get('/api/user')).body.email).toBe(newEmail);
    // The old address's notice (its verification e-mail from the registration may arrive after `before` too).
    await t.app.get(MailOutbox).drain();
    const notice = await smtp.waitForMatch((m) => m.to.includes(input.email) && bodyText(m).includes('changed from'), before);
    expect(bodyText(notice)).toContain(`changed from ${input.email} to ${newEmail}`);
    expect((await t.client().post('/api/login', { email: newEmail, password: input.password })).status).toBe(200);

    const again = await t.client().post('/api/auth/confirm-email', { token });
    expect(again.body).toEqual({ statusCode: 400, message: EMAIL_LINK_INVALID });
  });

  it('deletes the account with its listings and photos after the password, and signs it out', async () => {
    const me = t.client();
    const { input, user } = await registerUser(me);
    const phone = await signIn(input, CHROME_ANDROID);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } }).png().toBuffer();
    const photo = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'car.png');
      const res = await me.post('/api/uploads', undefined, { rawBody: form });
      expect({ status: res.status, body: res.body }).toMatchObject({ status: 201 });
      return res.body.secure_url as string;
    };
    const used = await photo();
    const unused = await photo();
    const created = await me.post('/api/vehicles', listingInput({ images: [used], coverPhotoIndex: 0 }));
    if (created.status !== 201) throw new Error(created.text);
    const file = (url: string) => join(t.config.uploadDir, url.replace(/^\/uploads\//, ''));
    expect(existsSync(file(used))).toBe(true);
    expect(existsSync(file(unused))).toBe(true);

    const wrong = await me.delete('/api/user', { body: { password: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect((await me.delete('/api/user', { body: {} })).status).toBe(400);

    expect((await me.delete('/api/user', { body: { password: input.password } })).status).toBe(204);
    const db = t.app.get(DataSource);
    expect(await db.getRepository(UserEntity).countBy({ id: user.id })).toBe(0);
    expect(await db.getRepository(VehicleEntity).countBy({ userId: user.id })).toBe(0);
    expect(await db.getRepository(UploadEntity).countBy({ url: unused })).toBe(0);
    expect(existsSync(file(used))).toBe(false);
    expect(existsSync(file(unused))).toBe(false);
    expect((await me.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { email: input.email, password: input.password })).status).toBe(401);
    expect((await t.client().get(`/api/vehicles/${created.body.id}`)).status).toBe(404);
  });
});
