import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

// Each sign-in checks an argon2 hash: these tests make dozens.
jest.setTimeout(60_000);

describe('failed sign-ins', () => {
  let t: TestApp;
  let next = 1;
  const from = (address = `198.51.100.${next++ % 250}`) => ({ headers: { 'x-forwarded-for': address } });

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  it('hold one account back across many addresses, with a growing delay and a clear message', async () => {
    const { input } = await registerUser(t.client());
    const owner = t.client();
    expect((await owner.post('/api/login', { email: input.email, password: input.password }, from('203.0.113.9'))).status).toBe(200);

    for (let i = 0; i < 11; i += 1) {
      const res = await t.client().post('/api/login', { email: input.email, password: `guess-${i}` }, from());
      expect(res.status).toBe(401);
    }
    // The 11th failure made the next attempt wait: from any address, even with the right password.
    const held = await t.client().post('/api/login', { email: input.email, password: input.password }, from());
    expect(held.status).toBe(429);
    expect(held.body.message).toMatch(/^Too many failed sign-in attempts for this account\. Try again in \d+ seconds, or sign in from a device you used before\.$/);

    // The owner's browser signed in before: it is not held back.
    expect((await owner.post('/api/login', { email: input.email, password: input.password }, from('203.0.113.9'))).status).toBe(200);
  });

  it('let the next attempt through once the delay has passed', async () => {
    const { input } = await registerUser(t.client());
    for (let i = 0; i < 11; i += 1) await t.client().post('/api/login', { email: input.email, password: `guess-${i}` }, from());
    expect((await t.client().post('/api/login', { email: input.email, password: 'guess-x' }, from())).status).toBe(429);
    await new Promise((r) => setTimeout(r, 2200));
    expect((await t.client().post('/api/login', { email: input.email, password: input.password }, from())).status).toBe(200);
  });

  it('answer an unknown e-mail exactly as a known one', async () => {
    const { input } = await registerUser(t.client());
    const unknown = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 12; i += 1) {
      const known = await t.client().post('/api/login', { email: input.email, password: `guess-${i}` }, from());
      const stranger = await t.client().post('/api/login', { email: unknown, password: `guess-${i}` }, from());
      expect({ status: stranger.status, body: stranger.body }).toEqual({ status: known.status, body: known.body });
    }
  });

  it('count the addresses of one IPv6 /64 as one address', async () => {
    const { input } = await registerUser(t.client());
    for (let i = 1; i <= 10; i += 1) {
      expect((await t.client().post('/api/login', { email: input.email, password: 'wrong' }, from(`2001:db8:77:5::${i.toString(16)}`))).status).toBe(401);
    }
    const sameSubnet = await t.client().post('/api/login', { email: input.email, password: input.password }, from('2001:db8:77:5:ffff::1'));
    expect(sameSubnet.status).toBe(429);
    expect(sameSubnet.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    const otherSubnet = await t.client().post('/api/login', { email: input.email, password: input.password }, from('2001:db8:77:6::1'));
    expect(otherSubnet.status).toBe(200);
  });
});
