'use strict';
// Issue 27, parts 4, 5 and 8: no dodging the limits through a forged X-Forwarded-For or a Redis outage, /metrics
// refusing every forwarded scrape, and production refusing an http: admin console URL.
//
// Replays, against the built server: 7 forgot-password requests (limit 5 an hour) and 21 registrations (limit 20)
// behind a trusted proxy, each with a new forged X-Forwarded-For entry (before the fix all were accepted); the same
// limit with a Redis of its own stopped mid-run and started again (before: 7 of 7 while it was down); scrapes of
// /metrics carrying X-Real-IP or Forwarded; a production start with ADMIN_REMOTE_URL=http://….

const { spawn, spawnSync } = require('node:child_process');
const { once } = require('node:events');
const { freePort } = require('../../lib/api-server');
const net = require('node:net');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..', '..', '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));


/** A redis-server of the probe's own (never the machine's shared one), nothing on disk. */
async function startRedis(port) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i += 1) {
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (up) return child;
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    await sleep(100);
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

const post = (baseUrl, path, body, headers = {}) =>
  fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.status);

/** n forgot-password requests, each forging a new address left of what the proxy appended (`client`). */
async function forgotPasswords(baseUrl, client, n, tag) {
  const statuses = [];
  for (let i = 0; i < n; i += 1) {
    statuses.push(await post(baseUrl, '/api/auth/forgot-password', { email: `probe-${tag}-${i}@example.com` }, { 'x-forwarded-for': `192.0.2.${i + 1}, ${client}` }));
  }
  return statuses;
}

const FIVE_THEN_REFUSED = '202,202,202,202,202,429,429';

module.exports = {
  name: 'proxy trust, limits without Redis, production configuration',
  async run(context) {
    const checks = [];
    const check = (title, ok, detail) => checks.push({ title, ok: Boolean(ok), detail });

    // /metrics on the scan's own server (no METRICS_TOKEN): a scrape a proxy forwarded is refused, whatever header says so.
    for (const [name, headers] of [['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }], ['X-Real-IP', { 'x-real-ip': '203.0.113.9' }], ['Forwarded', { forwarded: 'for=203.0.113.9' }]]) {
      const status = (await fetch(`${context.baseUrl}/metrics`, { headers })).status;
      check(`/metrics refuses a scrape forwarded with ${name}`, status === 403, `answered ${status}`);
    }

    // Forged X-Forwarded-For behind one trusted proxy (TRUST_PROXY=1, as docker-compose.yml) and behind a named one.
    for (const trust of ['1', '127.0.0.1']) {
      const server = await context.startApiServer({ env: { TRUST_PROXY: trust, SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '1000000' }, listings: false });
      try {
        const statuses = await forgotPasswords(server.baseUrl, '198.51.100.7', 7, `forged-${trust}`);
        check(`TRUST_PROXY=${trust}: forged X-Forwarded-For does not lift the forgot-password limit (5 an hour)`, statuses.join(',') === FIVE_THEN_REFUSED, statuses.join(','));
        const registrations = [];
        for (let i = 0; i < 21; i += 1) {
          // Refused bodies count too (the limit runs before the body is read) and cost no password hash.
          registrations.push(await post(server.baseUrl, '/api/register', { email: 'not-an-address' }, { 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.8` }));
        }
        check(`TRUST_PROXY=${trust}: the 21st registration an hour with forged addresses is refused`, registrations[20] === 429 && registrations.slice(0, 20).every((s) => s === 400), registrations.join(','));
      } finally {
        await server.stop();
      }
    }

    // Redis lost mid-run and back: the limit holds throughout.
    const redisPort = await freePort();
    let redis = await startRedis(redisPort);
    const server = await context.startApiServer({
      env: { TRUST_PROXY: '1', SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '1000000', REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_KEY_PREFIX: 'probe:' },
      listings: false,
    });
    try {
      const before = await forgotPasswords(server.baseUrl, '198.51.100.20', 7, 'redis-up');
      check('with Redis: the forgot-password limit holds', before.join(',') === FIVE_THEN_REFUSED, before.join(','));
      await stopRedis(redis);
      const down = await forgotPasswords(server.baseUrl, '198.51.100.21', 7, 'redis-down');
      check('with Redis stopped mid-run: the limit counts in process (no 7 of 7)', down.join(',') === FIVE_THEN_REFUSED, down.join(','));
      const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
      check('with Redis stopped: /metrics shows the limits counting in memory', /^rate_limit_store\{store="memory"\} 1$/m.test(metrics), metrics.match(/^rate_limit_store.*$/gm)?.join('; '));
      redis = await startRedis(redisPort);
      let ready = false;
      for (let i = 0; i < 100 && !ready; i += 1) {
        ready = (await fetch(`${server.baseUrl}/api/ready`)).ok;
        if (!ready) await sleep(200);
      }
      const after = await forgotPasswords(server.baseUrl, '198.51.100.22', 7, 'redis-back');
      const back = await (await fetch(`${server.baseUrl}/metrics`)).text();
      check('with Redis started again: ready, the limit holds and counts in Redis', ready && after.join(',') === FIVE_THEN_REFUSED && /^rate_limit_store\{store="redis"\} 1$/m.test(back), `${after.join(',')}; ready ${ready}`);
    } finally {
      await server.stop();
      await stopRedis(redis);
    }

    // Production refuses to start with an http: admin console (its code would run with staff's session).
    const start = spawnSync(process.execPath, ['dist/apps/api/main.js'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', SESSION_SECRET: 'probe-session-secret-0123456789-0123456789', ADMIN_REMOTE_URL: 'http://console.example.com/remoteEntry.js', PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'cm-probe-')), DATABASE_URL: '', SEED_DEMO: 'false' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const said = `${start.stdout}${start.stderr}`;
    check('production refuses an http: ADMIN_REMOTE_URL at start', start.status !== 0 && start.status !== null && /ADMIN_REMOTE_URL/.test(said), `exit ${start.status}: ${said.trim().split('\n').slice(-1)[0]}`);

    return { checks };
  },
};
