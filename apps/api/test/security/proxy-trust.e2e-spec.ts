import { userInput } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Behind a proxy the client's address is the rightmost X-Forwarded-For entry the trusted proxies added; what the
 * client itself wrote to the left of it (a new forged address on every request) must not buy it a new limit.
 * nginx's `$proxy_add_x_forwarded_for` sends "<what the client wrote>, <the address nginx saw>".
 */
const viaProxy = (forged: string, seenByProxy: string) => ({ headers: { 'x-forwarded-for': `${forged}, ${seenByProxy}` } });

describe.each([
  ['a hop count (TRUST_PROXY=1)', '1'],
  ["the proxy's address (TRUST_PROXY=127.0.0.1)", '127.0.0.1'],
  ['true, read as one hop', 'true'],
])('proxy trust by %s', (_name, trustProxy) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: trustProxy });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the 21st registration an hour from one client, whatever address it forges each time', async () => {
    // The limit counts every request, before the body is read: one real registration, then cheap refused ones
    // (a password hash each would take the test a minute).
    const register = (i: number, client = '198.51.100.60') =>
      t.client().post('/api/register', i === 0 || i === 22 ? userInput() : { email: 'not-an-address' }, viaProxy(`203.0.113.${i + 1}`, client));
    expect((await register(0)).status).toBe(201);
    for (let i = 1; i < 20; i += 1) expect((await register(i)).status).toBe(400);
    const refused = await register(20);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: expect.stringMatching(/^Too many requests, retry in /) });
    expect((await register(21)).status).toBe(429);
    // The address the proxy saw is the one counted: another client behind the same proxy registers.
    expect((await register(22, '198.51.100.61')).status).toBe(201);
  });

  it('refuses the 6th forgot-password request an hour from one client, whatever address it forges each time', async () => {
    const ask = (i: number) =>
      t.client().post('/api/auth/forgot-password', { email: `someone${i}@example.com` }, viaProxy(`192.0.2.${i + 1}`, '198.51.100.70'));
    for (let i = 0; i < 5; i += 1) expect((await ask(i)).status).toBe(202);
    expect((await ask(5)).status).toBe(429);
    expect((await ask(6)).status).toBe(429);
  });
});

describe('no proxy trusted (TRUST_PROXY unset)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the connection address and ignores X-Forwarded-For altogether', async () => {
    const ask = (i: number) => t.client().post('/api/auth/forgot-password', { email: `someone${i}@example.com` }, { headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } });
    for (let i = 0; i < 5; i += 1) expect((await ask(i)).status).toBe(202);
    expect((await ask(5)).status).toBe(429);
  });
});
