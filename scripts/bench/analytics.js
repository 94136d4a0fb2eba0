#!/usr/bin/env node
// `npm run bench:analytics [-- --db mysql://root@127.0.0.1:3306/carmarket_bench] [--visits 1000000]`
//
// Seeds page visits (batched multi-row INSERTs in transactions), rolls them up with the built API's
// `analytics:rollup` command, starts the built API, then measures with autocannon:
//   - POST /api/analytics/track at concurrency 32, buffered (ANALYTICS_FLUSH_MS=1000) and unbuffered (0);
//   - GET /api/analytics/stats?period=7d|30d|90d latency, one admin at a time.
// SQLite by default (a temporary file); `--db mysql://…/<db>` for MySQL/MariaDB: the database is created
// and dropped afterwards (it must not exist yet, unless `--reset`, which drops it first). `--keep` keeps
// the seeded database for a look afterwards.
// Do not run it while the test suite runs: both want the machine's cores.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const autocannon = require('autocannon');

const root = join(__dirname, '..', '..');
const main = join(root, 'dist', 'apps', 'api', 'main.js');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    visits: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '3187' },
    'no-build': { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const VISITS = Number(args.visits);
const DURATION = Number(args.duration);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const LISTINGS = 300;
const DAY_MS = 24 * 3600 * 1000;

const rows = [];
const record = (what, value) => {
  rows.push([what, value]);
  console.log(`  ${what}: ${value}`);
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main_() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-bench-'));
  const db = args.db ? await mysqlTarget(args.db) : sqliteTarget(join(dataDir, 'bench.sqlite'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  console.log(`Analytics bench on ${db.engine} (${VISITS.toLocaleString('en-US')} page visits)`);
  try {
    if (!args['no-build']) run('npm', ['run', 'build:api', '--silent']);
    if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build:api`);
    run(process.execPath, [main, 'migration:run'], env);
    run(process.execPath, [main, 'admin:create', '--email', ADMIN.email, '--password', ADMIN.password], env);

    const seedStarted = Date.now();
    await db.seed(VISITS);
    record(`seed ${VISITS.toLocaleString('en-US')} visits (multi-row INSERTs)`, seconds(Date.now() - seedStarted));

    let started = Date.now();
    run(process.execPath, [main, 'analytics:rollup'], env);
    record('first roll-up of every visit (CLI)', seconds(Date.now() - started));
    started = Date.now();
    run(process.execPath, [main, 'analytics:rollup'], env);
    record('second roll-up, nothing new (CLI, incl. start-up)', seconds(Date.now() - started));

    for (const flushMs of ['1000', '0']) {
      const server = await startServer({ ...env, ANALYTICS_FLUSH_MS: flushMs });
      try {
        const result = await autocannon({
          url: `${BASE}/api/analytics/track`,
          method: 'POST',
          connections: 32,
          duration: DURATION,
          headers: { 'content-type': 'application/json', 'user-agent': UA, cookie: 'cm_vid=benchVisitor0000000000' },
          requests: [{ body: JSON.stringify({ page: '/vehicles/42' }) }, { body: JSON.stringify({ page: '/search?make=BMW' }) }],
        });
        const label = flushMs === '0' ? 'track, each view written at once (ANALYTICS_FLUSH_MS=0)' : 'track, buffered 1 s (default)';
        record(`${label}, c=32`, summary(result));
        if (flushMs === '1000') {
          const cookie = await login();
          for (const period of ['7d', '30d', '90d']) {
            const stats = await autocannon({
              url: `${BASE}/api/analytics/stats?period=${period}`,
              connections: 1,
              duration: 5,
              headers: { cookie },
            });
            record(`stats ${period}, one admin at a time`, summary(stats));
          }
        }
      } finally {
        await stopServer(server);
      }
    }
  } finally {
    if (args.keep) {
      console.log(`Kept the database: DATABASE_URL=${db.url}`);
    } else {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  printTable(db.engine);
}

function summary(result) {
  // autocannon counts a timeout among its errors too.
  const bad = result.non2xx + result.errors;
  const l = result.latency;
  return `${Math.round(result.requests.average).toLocaleString('en-US')} req/s, latency avg ${l.average.toFixed(2)} ms, p50 ${l.p50} ms, p99 ${l.p99} ms${bad ? `, ${bad} failed` : ''}`;
}

function printTable(engine) {
  const width = Math.max(...rows.map(([w]) => w.length));
  console.log(`\n| ${'measure'.padEnd(width)} | ${engine} |`);
  console.log(`|${'-'.repeat(width + 2)}|${'-'.repeat(engine.length + 2)}|`);
  for (const [what, value] of rows) console.log(`| ${what.padEnd(width)} | ${value} |`);
}

function run(command, argv, env = process.env) {
  const result = spawnSync(command, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${argv.join(' ')} failed (${result.status}): ${result.stdout}`);
  return result.stdout;
}

async function startServer(env) {
  const child = spawn(process.execPath, [main], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the API did not start within 30 s');
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function login() {
  const res = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// ---- data ------------------------------------------------------------------------------------------

const PAGES = ['/', '/search', '/search', '/how-it-works', '/financing', '/faq', '/privacy-policy', '/dashboard', '/auth'];

/** Page visits in visits of 1 to ~12 views, 10 s to 5 min apart, over the last 90 days, by ~100k visitors. */
function* visitRows(total) {
  const now = Date.now();
  const visitors = Array.from({ length: Math.max(1, Math.round(total / 10)) }, () => randomBytes(16).toString('base64url'));
  let produced = 0;
  while (produced < total) {
    const visitor = visitors[Math.floor(Math.random() * visitors.length)];
    let at = now - 60_000 - Math.floor(Math.random() * 90 * DAY_MS);
    const views = 1 + Math.floor(-Math.log(1 - Math.random()) * 3);
    for (let i = 0; i < views && produced < total; i++, produced++) {
      const page = Math.random() < 0.45 ? `/vehicles/${1 + Math.floor(Math.random() * LISTINGS)}` : PAGES[Math.floor(Math.random() * PAGES.length)];
      yield [visitor, null, '203.0.113.0', UA, page, new Date(at).toISOString().slice(0, 19).replace('T', ' ')];
      at += 10_000 + Math.floor(Math.random() * 290_000);
    }
  }
}

function listingRows(userId) {
  return Array.from({ length: LISTINGS }, (_, i) => [
    userId, ['BMW', 'Porsche', 'Lexus'][i % 3], 'Model', 2015 + (i % 10), 10_000 + i, 30_000 + i, 'good', '[]', '[]',
    'Austin, TX', '73301', '(512) 555-0100', 'seller@example.com', `WBA00000000${String(100000 + i)}`, '[]', 'approved',
  ]);
}
const LISTING_COLUMNS = 'userId, make, model, year, mileage, price, `condition`, features, images, location, zipCode, contactPhone, contactEmail, vin, recentServices, status';
const VISIT_COLUMNS = 'sessionId, userId, ipAddress, userAgent, page, timestamp';

function sqliteTarget(file) {
  return {
    engine: 'SQLite',
    url: `sqlite:${file}`,
    async seed(total) {
      // Node's own SQLite, as the API uses (apps/api/src/infra/database/node-sqlite.ts).
      const { DatabaseSync } = require('node:sqlite');
      const conn = new DatabaseSync(file);
      conn.exec('PRAGMA journal_mode = WAL');
      conn.exec('PRAGMA synchronous = NORMAL');
      try {
        const admin = conn.prepare('SELECT id FROM users WHERE email = ?').get(ADMIN.email);
        const listings = listingRows(admin.id);
        conn.prepare(`INSERT INTO vehicles (${LISTING_COLUMNS}) VALUES ${listings.map(() => `(${'?, '.repeat(15)}?)`).join(', ')}`).run(...listings.flat());
        const per = 500;
        const insert = conn.prepare(`INSERT INTO page_visits (${VISIT_COLUMNS}) VALUES ${Array(per).fill('(?, ?, ?, ?, ?, ?)').join(', ')}`);
        const insertRest = (batch) =>
          conn.prepare(`INSERT INTO page_visits (${VISIT_COLUMNS}) VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`).run(...batch.flat());
        const transaction = (batches) => {
          conn.exec('BEGIN');
          for (const batch of batches) (batch.length === per ? insert.run(...batch.flat()) : insertRest(batch));
          conn.exec('COMMIT');
        };
        let batch = [];
        let batches = [];
        for (const row of visitRows(total)) {
          batch.push(row);
          if (batch.length === per) {
            batches.push(batch);
            batch = [];
            if (batches.length === 100) {
              transaction(batches);
              batches = [];
            }
          }
        }
        if (batch.length) batches.push(batch);
        if (batches.length) transaction(batches);
        conn.exec('ANALYZE');
      } finally {
        conn.close();
      }
    },
    async drop() {
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    },
  };
}

async function mysqlTarget(url) {
  const mysql = require('mysql2/promise');
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[\w]+$/.test(database)) throw new Error('--db must name a database (letters, digits, _)');
  const connect = (withDb) =>
    mysql.createConnection({
      host: target.hostname,
      port: Number(target.port || 3306),
      user: decodeURIComponent(target.username),
      password: decodeURIComponent(target.password),
      database: withDb ? database : undefined,
    });
  const server = await connect(false);
  const [existing] = await server.query('SHOW DATABASES LIKE ?', [database]);
  if (existing.length && !args.reset) throw new Error(`database ${database} exists: pick another name, or pass --reset to drop it first`);
  await server.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await server.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await server.end();
  return {
    engine: 'MariaDB',
    url,
    async seed(total) {
      const conn = await connect(true);
      try {
        const [[admin]] = await conn.query('SELECT id FROM users WHERE email = ?', [ADMIN.email]);
        await conn.query(`INSERT INTO vehicles (${LISTING_COLUMNS}) VALUES ?`, [listingRows(admin.id)]);
        let batch = [];
        let inTransaction = 0;
        await conn.beginTransaction();
        for (const row of visitRows(total)) {
          batch.push(row);
          if (batch.length === 2000) {
            await conn.query(`INSERT INTO page_visits (${VISIT_COLUMNS}) VALUES ?`, [batch]);
            batch = [];
            if (++inTransaction === 25) {
              await conn.commit();
              await conn.beginTransaction();
              inTransaction = 0;
            }
          }
        }
        if (batch.length) await conn.query(`INSERT INTO page_visits (${VISIT_COLUMNS}) VALUES ?`, [batch]);
        await conn.commit();
        await conn.query('ANALYZE TABLE page_visits');
      } finally {
        await conn.end();
      }
    },
    async drop() {
      const conn = await connect(false);
      await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await conn.end();
    },
  };
}

main_().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
