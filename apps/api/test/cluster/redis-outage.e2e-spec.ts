import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { startTestApp, type TestApp } from '../support/test-app';
import { freePort } from '../support/free-port';

/**
 * The limits while Redis is lost: each limiter counts in process (a route limit such as forgot-password's 5 an
 * hour, the sign-in throttle) and goes back to Redis when it answers again. The Redis here is a server of the
 * test's own on a free port (never the machine's shared one), stopped and started again.
 */


async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** A redis-server of this test's own, nothing kept on disk. */
class OwnRedis {
  private child?: ChildProcess;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitFor(`redis-server on ${this.port}`, async () => {
      const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } finally {
        probe.disconnect();
      }
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }

  async keys(pattern: string): Promise<string[]> {
    const client = new Redis(this.url);
    try {
      return await client.keys(pattern);
    } finally {
      client.disconnect();
    }
  }
}

const metric = async (t: TestApp, series: string): Promise<number | undefined> => {
  const text = (await t.client().get('/metrics')).text;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('limits while Redis is lost mid-run and comes back', () => {
  let redis: OwnRedis;
  let t: TestApp;
  const prefix = `cm-test-${randomUUID()}:`;

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    t = await startTestApp({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const askReset = (client: string, i: number) =>
    t.client().post('/api/auth/forgot-password', { email: `someone${i}@example.com` }, { headers: { 'x-forwarded-for': client } });
  const statuses = async (client: string, n: number) => {
    const answered: number[] = [];
    for (let i = 0; i < n; i += 1) answered.push((await askReset(client, i)).status);
    return answered;
  };
  const FIVE_THEN_REFUSED = [202, 202, 202, 202, 202, 429, 429];

  it('counts in Redis, in process while Redis is down (no 7 of 7), and in Redis again once it is back', async () => {
    expect(await statuses('198.51.100.80', 6)).toEqual(FIVE_THEN_REFUSED.slice(0, 6));
    expect(await redis.keys(`${prefix}rate-limit:*`)).not.toHaveLength(0);
    expect(await metric(t, 'rate_limit_store{store="redis"}')).toBe(1);
    expect(await metric(t, 'rate_limit_store{store="memory"}')).toBe(0);

    await redis.stop();
    // The client that used up its requests stays refused: this process counted them too.
    expect((await askReset('198.51.100.80', 99)).status).toBe(429);
    // A new client gets the limit, counted in process.
    expect(await statuses('198.51.100.81', 7)).toEqual(FIVE_THEN_REFUSED);
    expect(await metric(t, 'rate_limit_store{store="memory"}')).toBe(1);
    expect(await metric(t, 'rate_limit_store{store="redis"}')).toBe(0);
    expect(await metric(t, 'rate_limit_store_fallbacks_total')).toBe(1);

    // The sign-in throttle (rate-limiter-flexible) counts in process too: the 11th failure is refused.
    const signIn = () => t.client().post('/api/login', { email: 'victim@example.com', password: 'wrong-password-1' }, { headers: { 'x-forwarded-for': '198.51.100.82' } });
    for (let i = 0; i < 10; i += 1) expect((await signIn()).status).toBe(401);
    expect((await signIn()).status).toBe(429);
    // One switch, however many requests were counted in process meanwhile.
    expect(await metric(t, 'rate_limit_store_fallbacks_total')).toBe(1);

    await redis.start();
    await waitFor('the API ready with Redis again', async () => (await t.client().get('/api/ready')).status === 200);
    expect(await statuses('198.51.100.83', 7)).toEqual(FIVE_THEN_REFUSED);
    // The restarted Redis (nothing kept on disk) holds the new counts again.
    expect(await redis.keys(`${prefix}rate-limit:*`)).not.toHaveLength(0);
    expect(await redis.keys(`${prefix}login-*`)).toEqual([]);
    const signInAgain = () => t.client().post('/api/login', { email: 'victim2@example.com', password: 'wrong-password-1' }, { headers: { 'x-forwarded-for': '198.51.100.84' } });
    expect((await signInAgain()).status).toBe(401);
    expect(await redis.keys(`${prefix}login-*`)).not.toHaveLength(0);
    expect(await metric(t, 'rate_limit_store{store="redis"}')).toBe(1);
    expect(await metric(t, 'rate_limit_store{store="memory"}')).toBe(0);
    // Redis stopped and started, a dozen password checks: longer than the default 30 s on a loaded machine.
  }, 120_000);
});

describe('limits while Redis is down from the start', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on this port.
    t = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, REDIS_KEY_PREFIX: `cm-test-${randomUUID()}:`, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the 6th forgot-password request an hour, counted in process', async () => {
    const answered: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      answered.push((await t.client().post('/api/auth/forgot-password', { email: `someone${i}@example.com` }, { headers: { 'x-forwarded-for': '198.51.100.90' } })).status);
    }
    expect(answered).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(await metric(t, 'rate_limit_store{store="memory"}')).toBe(1);
  });
});
