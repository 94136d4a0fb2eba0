import { registerUser, userInput } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/** No answer may carry a password or its hash, whatever its shape. */
function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/"password"/i);
  expect(text).not.toMatch(/\$argon2/);
}

describe('accounts and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/register', () => {
    it('creates the user, signs them in and answers the user without secrets', async () => {
      const client = t.client();
      const input = userInput({ email: 'New.Person@Example.com', firstName: '  Ada ', lastName: ' Lovelace  ' });
      const res = await client.post('/api/register', input);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email: 'new.person@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'user' });
      expect(typeof res.body.id).toBe('number');
      expectNoSecrets(res.text);
      const me = await client.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(res.body.id);
      expectNoSecrets(me.text);
    });

    it('answers 201 as for a new account when the e-mail is taken in another letter case, and signs nobody in', async () => {
      const { input } = await registerUser(t.client());
      const other = t.client();
      const res = await other.post('/api/register', { ...input, email: input.email.toUpperCase() });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email: input.email, emailVerified: false });
      expect((await other.get('/api/user')).status).toBe(401);
    });

    it('answers 400 listing the field for a bad e-mail', async () => {
      const res = await t.client().post('/api/register', userInput({ email: 'not-an-email' }));
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
    });

    it('answers 400 for a password under 6 characters', async () => {
      const res = await t.client().post('/api/register', userInput({ password: '12345' }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'password', message: 'Password must be at least 6 characters' }]);
    });

    it('answers 400 for an unknown field, naming it', async () => {
      const res = await t.client().post('/api/register', { ...userInput(), role: 'admin' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'role', message: 'role is not an accepted field' }]);
    });

    it('answers 400 for names over the bound', async () => {
      const res = await t.client().post('/api/register', userInput({ firstName: 'x'.repeat(61) }));
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('firstName');
    });

    it('answers 400 for a body that is not JSON', async () => {
      const res = await t.client().request('POST', '/api/register', {
        rawBody: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'Request body is not valid JSON' });
    });
  });

  describe('POST /api/login', () => {
    it('signs in with the right password, whatever the e-mail case', async () => {
      const { input, user } = await registerUser(t.client());
      const client = t.client();
      const res = await client.post('/api/login', { email: input.email.toUpperCase(), password: input.password });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, email: input.email });
      expectNoSecrets(res.text);
      expect((await client.get('/api/user')).status).toBe(200);
    });

    it('answers 401 for a wrong password and an unknown account alike', async () => {
      const { input } = await registerUser(t.client());
      const wrong = await t.client().post('/api/login', { email: input.email, password: 'wrong-password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ statusCode: 401, message: 'Invalid email or password' });
      const unknown = await t.client().post('/api/login', { email: 'nobody@example.com', password: 'whatever' });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
    });

    it('answers 400 with the fields when the body is incomplete', async () => {
      const res = await t.client().post('/api/login', { email: 'someone@example.com' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'password', message: 'Password is required' }]);
    });

    it('rotates the session id at login (no fixation)', async () => {
      const { input } = await registerUser(t.client());
      const client = t.client();
      await client.post('/api/login', { email: input.email, password: input.password });
      const before = client.clone();
      await client.post('/api/login', { email: input.email, password: input.password });
      expect((await client.get('/api/user')).status).toBe(200);
      expect((await before.get('/api/user')).status).toBe(401);
    });

    it('gives 429 after 10 failed logins for one account and address, and not for another account', async () => {
      const { input } = await registerUser(t.client());
      const client = t.client();
      for (let i = 0; i < 10; i += 1) {
        const res = await client.post('/api/login', { email: input.email, password: `wrong-${i}` });
        expect(res.status).toBe(401);
      }
      const blocked = await client.post('/api/login', { email: input.email, password: input.password });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
      const other = await registerUser(t.client());
      const fine = await t.client().post('/api/login', { email: other.input.email, password: other.input.password });
      expect(fine.status).toBe(200);
    });
  });

  describe('GET /api/user', () => {
    it('answers 401 signed out', async () => {
      const res = await t.client().get('/api/user');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'You need to sign in' });
    });
  });

  describe('POST /api/logout', () => {
    it('revokes the session on the server: a copy of the cookie taken before no longer works', async () => {
      const client = t.client();
      await registerUser(client);
      const copy = client.clone();
      expect((await copy.get('/api/user')).status).toBe(200);
      const res = await client.post('/api/logout');
      expect(res.status).toBe(204);
      expect((await client.get('/api/user')).status).toBe(401);
      expect((await copy.get('/api/user')).status).toBe(401);
    });
  });

  describe('GET /api/login', () => {
    it('redirects to /auth keeping a same-site return path', async () => {
      const res = await t.client().get('/api/login?returnTo=/dashboard');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth?returnTo=%2Fdashboard');
    });

    it('ignores a return path to another site', async () => {
      const res = await t.client().get('/api/login?returnTo=//evil.example/x');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth');
    });
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request from another origin with 403', async () => {
      const res = await t.client().post('/api/register', userInput(), { headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, message: 'Cross-site request refused' });
    });

    it('refuses one marked Sec-Fetch-Site: cross-site', async () => {
      const res = await t.client().post('/api/logout', undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(res.status).toBe(403);
    });

    it('accepts one from the same origin', async () => {
      const res = await t.client().post('/api/register', userInput(), {
        headers: { origin: t.baseUrl, 'sec-fetch-site': 'same-origin' },
      });
      expect(res.status).toBe(201);
    });
  });

  describe('responses', () => {
    it('carry security headers and a request id', async () => {
      const res = await t.client().get('/api/health');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    });

    it('answer unknown API paths with 404 in the error shape', async () => {
      const res = await t.client().get('/api/no-such-thing');
      expect(res.status).toBe(404);
      expect(res.body.statusCode).toBe(404);
      expect(typeof res.body.message).toBe('string');
    });

    it('set the session cookie HttpOnly and SameSite=Lax', async () => {
      const res = await t.client().post('/api/register', userInput());
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cm_session='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Max-Age=\d+/i);
    });
  });
});

describe('registration limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows 20 registrations an hour from one address, then 429', async () => {
    for (let i = 0; i < 20; i += 1) {
      expect((await t.client().post('/api/register', userInput())).status).toBe(201);
    }
    const res = await t.client().post('/api/register', userInput());
    expect(res.status).toBe(429);
    expect(res.body.statusCode).toBe(429);
  }, 120_000);
});

describe('password strength at registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 400 for a common or guessable password, saying why, and creates no account', async () => {
    for (const password of ['123456', 'password', 'qwerty123']) {
      const res = await t.client().post('/api/register', userInput({ password }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'password', message: expect.stringMatching(/choose a less common password$/) }]);
    }
    const site = await t.client().post('/api/register', userInput({ password: 'autotrust2026' }));
    expect(site.status).toBe(400);
    const named = userInput({ firstName: 'Ottoline', lastName: 'Quarrington' });
    const own = await t.client().post('/api/register', { ...named, password: 'ottolinequarrington' });
    expect(own.status).toBe(400);
    expect((await t.client().post('/api/login', { email: named.email, password: 'ottolinequarrington' })).status).toBe(401);
  });
});
