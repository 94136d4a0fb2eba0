import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { registerUser, userInput } from '../factories/user.factory';
import { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { formWith } from '../uploads/images';

/** The Redis server of this machine (or TEST_REDIS_URL). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The same browser (cookies) talking to another instance. */
const on = (t: TestApp, client: HttpClient) => {
  const moved = new HttpClient(t.baseUrl);
  moved.cookies = new Map(client.cookies);
  return moved;
};
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('limits shared by two API instances through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const prefix = `cm-test-${randomUUID()}:`;

  beforeAll(async () => {
    // MAIL_POLL_MS: on SQLite both instances share one file (only this test runs SQLite so), and an outbox
    // worker marking a registration's verification mail sent between the other instance's read and write in its
    // registration made SQLite refuse that write (answered 503). Mail is not what this test counts.
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, TRUST_PROXY: 'true', UPLOADS_PER_HOUR: '3', MAIL_POLL_MS: '600000' };
    a = await startTestApp(env);
    // The second instance works on the first one's database, as instances behind a load balancer do.
    b = await startTestApp({ ...env, DATABASE_URL: a.database.url });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('reports Redis in readiness', async () => {
    const res = await a.client().get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual({ database: 'up', redis: 'up', storage: 'up' });
  });

  it('refuses the 11th failed sign-in of an account from one address, whichever instance answers', async () => {
    const attempt = (t: TestApp) => t.client().post('/api/login', { email: 'victim@example.com', password: 'wrong-password-1' }, from('198.51.100.20'));
    for (let i = 0; i < 10; i += 1) expect((await attempt(i % 2 === 0 ? a : b)).status).toBe(401);
    for (const t of [a, b]) {
      const res = await attempt(t);
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in 15 minutes\.$/);
    }
    // Another address is not held back.
    expect((await b.client().post('/api/login', { email: 'victim@example.com', password: 'wrong-password-1' }, from('198.51.100.21'))).status).toBe(401);
  });

  it('counts a route limit (20 registrations an hour per address) across both instances', async () => {
    for (let i = 0; i < 20; i += 1) {
      const res = await (i % 2 === 0 ? a : b).client().post('/api/register', userInput({ email: `many${i}@example.com` }), from('198.51.100.30'));
      expect(res.status).toBe(201);
    }
    for (const t of [a, b]) expect((await t.client().post('/api/register', userInput({ email: `one-more-${t.baseUrl.length}@example.com` }), from('198.51.100.30'))).status).toBe(429);
  });

  it('keeps a session made through one instance on the other, and counts its upload quota once for both', async () => {
    const seller = a.client();
    await registerUser(seller);
    const there = on(b, seller);
    expect((await there.get('/api/user')).status).toBe(200);

    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a5' } }).jpeg().toBuffer();
    const upload = (client: HttpClient) => client.post('/api/uploads', undefined, { rawBody: formWith(photo, 'car.jpg', 'image/jpeg') });
    expect((await upload(seller)).status).toBe(201);
    expect((await upload(there)).status).toBe(201);
    expect((await upload(seller)).status).toBe(201);
    const fourth = await upload(there);
    expect(fourth.status).toBe(429);
    expect((await upload(seller)).status).toBe(429);
  });
});

describe('limits when Redis does not answer', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 1: the API starts anyway and counts in process.
    t = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: `cm-test-${randomUUID()}:`, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not ready, yet serves requests and still limits failed sign-ins in process', async () => {
    const ready = await t.client().get('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.message).toBe('Not ready: redis not answering');
    expect((await t.client().get('/api/vehicles/recent')).status).toBe(200);
    const attempt = () => t.client().post('/api/login', { email: 'someone@example.com', password: 'wrong-password-1' }, from('198.51.100.40'));
    for (let i = 0; i < 10; i += 1) expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);
  });
});
