// e2e: alone (it times the server: listings within 5 s of health, which a test beside it would slow)
// The demo on a fresh database: the built server, started with SEED_DEMO=true and ADMIN_EMAIL set (the demo
// used to be skipped then), answers demo listings within 5 s of /api/health, on SQLite and on MariaDB.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { randomBytes } = require('node:crypto');
const { createConnection } = require('mysql2/promise');
const { startApiServer } = require('../../scripts/lib/api-server');

const MARIADB_URL = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';
const LIMIT_MS = 5000;

async function demoWithin(env) {
  const server = await startApiServer({
    env: { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-pass-2026-x', SEED_DEMO: 'true', ...env },
    listings: false,
  });
  try {
    const healthy = Date.now();
    for (;;) {
      const recent = await (await fetch(`${server.baseUrl}/api/vehicles/recent`)).json();
      const elapsed = Date.now() - healthy;
      if (recent.length > 0) {
        // Every photo of the first listing is there (no broken image).
        for (const url of recent[0].images) assert.equal((await fetch(`${server.baseUrl}${url}`)).status, 200, url);
        const admin = await fetch(`${server.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@example.com', password: 'owner-pass-2026-x' }) });
        assert.equal(admin.status, 200, 'the ADMIN_EMAIL admin signs in');
        return { elapsed, listings: recent.length, photos: recent[0].images.length };
      }
      assert.ok(elapsed < LIMIT_MS, `no demo listing ${elapsed} ms after /api/health answered`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await server.stop();
  }
}

test('demo listings within 5 s of health on SQLite, with ADMIN_EMAIL set', async () => {
  const { elapsed, listings, photos } = await demoWithin({});
  console.log(`# SQLite: ${listings} recent demo listings ${elapsed} ms after health; ${photos} photos on the first`);
  assert.ok(photos >= 6 && photos <= 8);
});

test('demo listings within 5 s of health on MariaDB, with ADMIN_EMAIL set', async () => {
  const server = new URL(MARIADB_URL);
  const name = `cm_demo_${randomBytes(4).toString('hex')}`;
  const conn = await createConnection({ host: server.hostname, port: Number(server.port || 3306), user: decodeURIComponent(server.username), password: decodeURIComponent(server.password) });
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  try {
    server.pathname = `/${name}`;
    const { elapsed, listings } = await demoWithin({ DATABASE_URL: server.toString() });
    console.log(`# MariaDB: ${listings} recent demo listings ${elapsed} ms after health`);
  } finally {
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await conn.end();
  }
});
