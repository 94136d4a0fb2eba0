/**
 * `npm run test:cluster`: the production topology on loopback. Two API processes (the built server) on one
 * MariaDB database, with Redis (shared limits) and an S3-compatible server (s3rver: photos), behind Debian's
 * nginx doing round-robin. Checks, in order: both start on the empty database and the demo is imported once;
 * a session made through one instance works on the other; a photo uploaded through one is served by the
 * other; a listing approved on one appears in search on the other within 1 s; the 11th failed sign-in is
 * refused whichever instance answers; a forged X-Forwarded-For buys no new limit behind nginx; the analytics
 * roll-up runs once per period across both; killing one instance during a stream of writes loses no acknowledged
 * write and the other keeps answering. Exit code 1 on any failure. `npm run bench:cluster` (`--bench`) also
 * measures, before the kill, the search mix's throughput at concurrency 32 through nginx beside one instance's:
 * two 10-second load runs, a benchmark, not a check.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import S3rver from 's3rver';
import sharp from 'sharp';
import { queryKinds } from './queries';
import { metricValue } from './metrics';
import { freePort } from '../test/support/free-port';

const root = join(__dirname, '..', '..', '..');
const MARIADB = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROLLUP_SECONDS = 2;
/** `npm run bench:cluster`: the checks plus the throughput runs. */
const BENCH = process.argv.includes('--bench');
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };

const { ensureBuilt } = require(join(root, 'scripts/lib/api-server.js')) as { ensureBuilt: () => void };
const { SERVER_NODE_OPTIONS } = require(join(root, 'scripts/lib/server-node-options.js')) as { SERVER_NODE_OPTIONS: string[] };
const { startNginx } = require(join(root, 'scripts/lib/nginx.js')) as { startNginx: (options: { port: number; http: string }) => Promise<{ stop: () => void }> };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void> | void)[] = [];
let failures = 0;


async function check(name: string, body: () => Promise<string | void>): Promise<void> {
  const started = Date.now();
  try {
    const detail = await body();
    console.log(`✔ ${name} (${Date.now() - started} ms)${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    failures += 1;
    console.log(`✖ ${name}: ${(error as Error).stack ?? error}`);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** A browser-like client: keeps cookies, talks to one base URL. */
class Client {
  cookies = new Map<string, string>();
  constructor(public base: string) {}

  on(base: string): Client {
    const other = new Client(base);
    other.cookies = new Map(this.cookies);
    return other;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any; headers: Headers }> {
    const init: RequestInit = { method, headers: { ...headers, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(this.base + path, init);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let json: any = text;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: response.status, json, headers: response.headers };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body, headers);
  put = (path: string, body?: unknown) => this.request('PUT', path, body);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body);

  async signIn(account: { email: string; password: string }): Promise<this> {
    const res = await this.post('/api/login', account);
    assert(res.status === 200, `sign-in of ${account.email} answered ${res.status}`);
    return this;
  }
}

/**
 * A POST from a client at `localAddress` (any 127.x.y.z: Linux routes all of 127/8 to loopback), so nginx sees
 * and appends a different client address per caller, as it would for buyers on the internet.
 */
function postFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = httpRequest(url, { method: 'POST', localAddress, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let json: any = text;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `cm-cluster-${name}-`));
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'dist/apps/api/main.js'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { name, base: `http://127.0.0.1:${port}`, child };
}

async function waitUntil(what: string, timeoutMs: number, probe: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

/** nginx round-robin over the instances with the production proxy settings (deploy/nginx/api-proxy.conf). */
async function startLoadBalancer(port: number, upstreams: string[]): Promise<void> {
  const { stop } = await startNginx({
    port,
    http: `  upstream api {
    ${upstreams.map((u) => `server ${u.replace('http://', '')} max_fails=1 fail_timeout=5s;`).join('\n    ')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    # nginx closes a client connection after 1,000 requests (Connection: close); autocannon ignores that and
    # writes its next request into the closing socket, an error in the mix (32 connections at ~6,000 req/s
    # pass 1,000 each). Browsers and proxies reconnect; only the bench client needs the higher limit.
    keepalive_requests 100000;
    location / {
      include ${join(root, 'deploy/nginx/api-proxy.conf')};
      add_header X-Upstream $upstream_addr always;
    }
  }`,
  });
  cleanups.push(stop);
}

async function searchMix(base: string, seconds: number, connections: number): Promise<{ rps: number; p50: number; p95: number; p99: number; errors: number }> {
  const kinds = queryKinds();
  const weighted = kinds.flatMap((k) => Array.from({ length: k.weight }, () => k));
  const next = () => {
    const kind = weighted[Math.floor(Math.random() * weighted.length)]!;
    return kind.paths[Math.floor(Math.random() * kind.paths.length)]!;
  };
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request: autocannon.Request) => ({ ...request, path: next() }) }],
  });
  // autocannon counts a timeout among its errors too.
  const errors = result.errors + result.non2xx;
  if (errors > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}: ${(s as { count: number }).count}`).join(', ');
    console.log(`  ${base}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx (${statuses})`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p95: result.latency.p97_5, p99: result.latency.p99, errors };
}

async function main(): Promise<void> {
  ensureBuilt();

  // A fresh database on the MariaDB server.
  const server = new URL(MARIADB);
  const database = `cm_cluster_${randomBytes(4).toString('hex')}`;
  const admin = await createConnection({ host: server.hostname, port: Number(server.port || 3306), user: decodeURIComponent(server.username), password: decodeURIComponent(server.password) });
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
  });
  const databaseUrl = `${server.protocol}//${server.username}${server.password ? `:${server.password}` : ''}@${server.host}/${database}`;

  // The S3-compatible store.
  const s3Dir = mkdtempSync(join(tmpdir(), 'cm-cluster-s3-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'photos' }] });
  const { port: s3Port } = await s3.run();
  cleanups.push(async () => {
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(48).toString('base64url'),
    SEED_DEMO: 'true',
    // As docker-compose.yml: one trusted hop, the address nginx appended to X-Forwarded-For.
    TRUST_PROXY: '1',
    RATE_LIMIT_PER_MINUTE: '1000000',
    REDIS_URL,
    REDIS_KEY_PREFIX: `cm-cluster-${database}:`,
    S3_BUCKET: 'photos',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ANALYTICS_ROLLUP_SECONDS: String(ROLLUP_SECONDS),
    PUBLIC_URL: '',
  };
  const bundle = JSON.parse(readFileSync(join(root, 'tools/demo/bundle/bundle.json'), 'utf8')) as { listings: { status: string; input: Record<string, unknown> }[] };
  const demoPublic = bundle.listings.filter((l) => l.status === 'approved').length;

  // Both start together on the empty database: migrations under their lock, the demo imported once.
  const started = Date.now();
  const [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
  const nginxPort = await freePort();
  await startLoadBalancer(nginxPort, [a.base, b.base]);
  const lb = `http://127.0.0.1:${nginxPort}`;

  await check('both instances start together on one empty database, migrate once and import the demo once', async () => {
    for (const i of [a, b]) await waitUntil(`${i.name} ready`, 120_000, async () => (await fetch(`${i.base}/api/ready`)).ok);
    await waitUntil('demo listings', 120_000, async () => (await (await fetch(`${a.base}/api/vehicles/search?limit=1`)).json()).total >= demoPublic);
    await sleep(1500);
    const totals = await Promise.all([a, b].map(async (i) => (await (await fetch(`${i.base}/api/vehicles/search?limit=1`)).json()).total as number));
    assert(totals[0] === totals[1], `public listings ${totals.join(' / ')}`);
    const [[{ listings }]] = (await admin.query(`SELECT COUNT(*) AS listings FROM \`${database}\`.vehicles`)) as unknown as [[{ listings: number }]];
    assert(Number(listings) === bundle.listings.length, `${listings} listings stored, the demo has ${bundle.listings.length}`);
    const [[{ n, names }]] = (await admin.query(`SELECT COUNT(*) AS n, COUNT(DISTINCT name) AS names FROM \`${database}\`.migrations`)) as unknown as [[{ n: number; names: number }]];
    assert(Number(n) === Number(names), `${n} migration rows for ${names} migrations`);
    return `ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ${listings} listings (the demo once), ${totals[0]} public on each; ${n} migrations applied once each`;
  });

  await check('a session made through one instance works on the other', async () => {
    const seller = await new Client(a.base).signIn(SELLER);
    const there = await seller.on(b.base).get('/api/user');
    assert(there.status === 200 && there.json.email === SELLER.email, `GET /api/user on b answered ${there.status}`);
  });

  const seller = await new Client(a.base).signIn(SELLER);
  let photoUrl = '';
  await check('a photo uploaded through one instance is served through the other (from the bucket)', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#345' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'car.jpg');
    const uploaded = await seller.post('/api/uploads', form);
    assert(uploaded.status === 201, `upload answered ${uploaded.status}`);
    photoUrl = uploaded.json.secure_url;
    const served = await fetch(b.base + photoUrl);
    assert(served.status === 200 && served.headers.get('content-type') === 'image/webp', `b served ${photoUrl} with ${served.status}`);
    return photoUrl;
  });

  await check('a listing approved on one instance appears in search on the other within 1 s', async () => {
    const input: Record<string, unknown> = { ...bundle.listings[0]!.input, images: [photoUrl], coverPhotoIndex: 0, trim: 'Cluster Edition', price: 12345 };
    const created = await seller.post('/api/vehicles', input);
    assert(created.status === 201, `create answered ${created.status} ${JSON.stringify(created.json)}`);
    const staff = await new Client(a.base).signIn(ADMIN);
    const approved = await staff.patch(`/api/admin/vehicles/${created.json.id}/status`, { status: 'approved' });
    assert(approved.status === 200, `approve answered ${approved.status}`);
    const at = Date.now();
    const query = `/api/vehicles/search?make=${encodeURIComponent(String(input.make))}&minPrice=12345&maxPrice=12346`;
    await waitUntil('the approved listing in b\'s search', 5000, async () => {
      const found = await (await fetch(b.base + query)).json();
      return found.vehicles.some((v: { id: number }) => v.id === created.json.id);
    });
    const seenAfter = Date.now() - at;
    assert(seenAfter <= 1000, `seen on b only after ${seenAfter} ms`);
    return `seen on b after ${seenAfter} ms`;
  });

  await check('the 11th failed sign-in is refused whichever instance answers', async () => {
    const attempt = () => new Client(lb).post('/api/login', { email: 'victim@example.com', password: 'not-the-password-1' });
    const upstreams = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      const res = await attempt();
      assert(res.status === 401, `attempt ${i + 1} answered ${res.status}`);
      upstreams.add(res.headers.get('x-upstream') ?? '');
    }
    assert(upstreams.size === 2, `the attempts reached ${[...upstreams].join(', ')}`);
    // Round-robin: the 11th and 12th reach one instance each.
    const refusedBy = new Set<string>();
    for (let i = 0; i < 2; i += 1) {
      const res = await attempt();
      assert(res.status === 429, `attempt ${11 + i} answered ${res.status}`);
      refusedBy.add(res.headers.get('x-upstream') ?? '');
    }
    assert(refusedBy.size === 2, `the 11th and 12th were refused by ${[...refusedBy].join(', ')}`);
    return 'attempts alternated between both instances; both refuse the 11th';
  });

  await check('behind nginx a forged X-Forwarded-For buys no new limit: the 6th forgot-password request an hour is refused', async () => {
    // Each request forges a new address; nginx appends the one it saw (127.0.9.1), which is the one counted.
    const ask = (i: number, client = '127.0.9.1') =>
      postFrom(client, `${lb}/api/auth/forgot-password`, { email: `forger${i}@example.com` }, { 'x-forwarded-for': `192.0.2.${i + 1}` });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await ask(i)).status);
    assert(statuses.join(',') === '202,202,202,202,202,429,429', `7 requests with forged addresses answered ${statuses.join(',')}`);
    const other = await ask(7, '127.0.9.2');
    assert(other.status === 202, `another client behind the same nginx answered ${other.status}`);
    return `answered ${statuses.join(',')}; another client 202`;
  });

  await check(`the analytics roll-up runs once per ${ROLLUP_SECONDS} s period across both instances`, async () => {
    const ran = /^job_runs_total\{job="analytics-rollup",result="(ran|failed)"\}/;
    const skipped = /^job_runs_total\{job="analytics-rollup",result="skipped"\}/;
    const failed = /^job_runs_total\{job="analytics-rollup",result="failed"\}/;
    await sleep(ROLLUP_SECONDS * 4000);
    const runs = (await metricValue(a.base, ran)) + (await metricValue(b.base, ran));
    const skips = (await metricValue(a.base, skipped)) + (await metricValue(b.base, skipped));
    const failures = (await metricValue(a.base, failed)) + (await metricValue(b.base, failed));
    assert(failures === 0, `${failures} roll-up runs failed`);
    const [[claims]] = (await admin.query(
      `SELECT COUNT(*) AS periods, MIN(period) AS first, MAX(period) AS last FROM \`${database}\`.job_periods WHERE name = 'analytics-rollup'`,
    )) as unknown as [[{ periods: number; first: number; last: number }]];
    const periods = Number(claims.periods);
    // The demo's traffic import rolls up once more, under the same lock, at start.
    assert(runs - periods === 0 || runs - periods === 1, `${runs} runs for ${periods} claimed periods`);
    // The job keeps running, once per period it claims. A tick that finds the lock held by the other
    // instance's run claims nothing, so on a loaded machine (two instances, MariaDB, nginx on 2 cores: 15 of 18
    // periods here) some periods pass unclaimed; the roll-up starts from its watermark, so the next run
    // catches up. Counted from the first claim, not from the spawn: how long the instances take to start is
    // not the job's business.
    const now = Math.floor(Date.now() / (ROLLUP_SECONDS * 1000));
    const span = now - Number(claims.first) + 1;
    assert(periods * 2 >= span && Number(claims.last) >= now - 2, `${periods} periods claimed of the ${span} since the first claim (last ${now - Number(claims.last)} periods ago)`);
    assert(skips > 0, 'no tick was skipped: the instances never met in a period');
    return `${runs} runs for ${periods} periods of the ${span} since the first claim; ${skips} ticks skipped`;
  });

  if (BENCH) await check('throughput of the search mix at concurrency 32: one instance, then both behind nginx', async () => {
    const one = await searchMix(a.base, 10, 32);
    const both = await searchMix(lb, 10, 32);
    const row = (name: string, m: typeof one) => `${name.padEnd(16)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p97.5 ${m.p95} ms  p99 ${m.p99} ms  errors ${m.errors}`;
    console.log(`  ${row('one instance', one)}\n  ${row('two behind nginx', both)}`);
    assert(one.errors === 0 && both.errors === 0, 'errors in the mix');
    return `x${(both.rps / one.rps).toFixed(2)}`;
  });

  await check('killing one instance during a stream of writes loses no acknowledged write; the other keeps answering', async () => {
    const listingId = (await (await fetch(`${lb}/api/vehicles/search?limit=1`)).json()).vehicles[0].id as number;
    const acknowledged: number[] = [];
    let refused = 0;
    let killedAt = -1;
    const write = async (i: number) => {
      // A buyer each (the per-address limit of messages stays out of the way): nginx sees 127.0.<n>.<m>.
      const res = await postFrom(
        `127.0.${Math.floor(i / 250) + 1}.${(i % 250) + 1}`,
        `${lb}/api/contact`,
        { vehicleId: listingId, senderFirstName: 'Load', senderLastName: `Test ${i}`, senderEmail: `load${i}@example.com`, subject: 'Is it available?', message: `Message ${i} of the cluster test.` },
      );
      if (res.status === 201) acknowledged.push(res.json.id);
      else refused += 1;
    };
    const total = 300;
    for (let i = 0; i < total; i += 10) {
      if (i === 100) {
        killedAt = i;
        b.child.kill('SIGKILL');
      }
      await Promise.all(Array.from({ length: 10 }, (_, k) => write(i + k)));
    }
    const after = await Promise.all(Array.from({ length: 20 }, () => fetch(`${lb}/api/vehicles/search?limit=1`).then((r) => r.status)));
    assert(after.every((s) => s === 200), `after the kill the balancer answered ${after.join(',')}`);
    const ids = acknowledged.join(',');
    const [[{ n }]] = (await admin.query(`SELECT COUNT(*) AS n FROM \`${database}\`.contact_messages WHERE id IN (${ids})`)) as unknown as [[{ n: number }]];
    assert(Number(n) === acknowledged.length, `${acknowledged.length} acknowledged, ${n} stored`);
    return `${total} writes, b killed after ${killedAt}: ${acknowledged.length} acknowledged and all stored, ${refused} refused (in flight on b), 20/20 reads answered after`;
  });
}

main()
  .catch((error) => {
    failures += 1;
    console.error(error);
  })
  .finally(async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    console.log(failures === 0 ? '\ncluster test passed' : `\ncluster test: ${failures} failed`);
    process.exit(failures === 0 ? 0 : 1);
  });
