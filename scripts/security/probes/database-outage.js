'use strict';
// Issue 27, part 7: a database outage answers 503 with Retry-After and a clear message on every route, and the
// server recovers without a restart. Starts its own built server on MariaDB (127.0.0.1:3306 as root, or
// TEST_MARIADB_URL) as a database user of its own, locks that user out (rights revoked, account locked, its
// connections killed), asks an API read, a write, a page and readiness, then lets it in again and times the recovery.

const { randomBytes } = require('node:crypto');
const { createConnection } = require('mysql2/promise');

const SERVER = new URL(process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test');

async function run({ startApiServer }) {
  const checks = [];
  const name = `cm_probe_outage_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const root = await createConnection({ host: SERVER.hostname, port: Number(SERVER.port || 3306), user: decodeURIComponent(SERVER.username), password: decodeURIComponent(SERVER.password) });
  let server;
  try {
    await root.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await root.query(`CREATE USER ?@'%' IDENTIFIED BY ?`, [name, password]);
    await root.query(`GRANT ALL PRIVILEGES ON \`${name}\`.* TO ?@'%'`, [name]);
    const url = `mysql://${name}:${password}@${SERVER.hostname}:${SERVER.port || 3306}/${name}`;
    server = await startApiServer({ env: { DATABASE_URL: url, SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '1000000' }, listings: false, onLog: () => undefined });
    const { baseUrl } = server;

    // Locked out: rights revoked, account locked, every open connection killed.
    await root.query(`REVOKE ALL PRIVILEGES ON \`${name}\`.* FROM ?@'%'`, [name]);
    await root.query(`ALTER USER ?@'%' ACCOUNT LOCK`, [name]);
    const [rows] = await root.query('SELECT ID AS id FROM information_schema.PROCESSLIST WHERE USER = ?', [name]);
    for (const { id } of rows) await root.query(`KILL CONNECTION ${Number(id)}`).catch(() => undefined);

    const asks = [
      ['GET /api/vehicles/1', () => fetch(`${baseUrl}/api/vehicles/1`)],
      ['POST /api/login', () => fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'someone@example.com', password: 'correct-horse-battery' }) })],
      ['GET /vehicles/1 (a page)', () => fetch(`${baseUrl}/vehicles/1`, { headers: { accept: 'text/html' } })],
      ['GET / (a page)', () => fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } })],
      ['GET /api/ready', () => fetch(`${baseUrl}/api/ready`)],
    ];
    for (const [route, ask] of asks) {
      const response = await ask();
      const text = await response.text();
      const ok = response.status === 503 && Number(response.headers.get('retry-after')) > 0 && /database (is unavailable|not answering)/.test(text);
      checks.push({ title: `${route} answers 503 with Retry-After and a clear message while the database is down`, ok, detail: `${response.status}, Retry-After ${response.headers.get('retry-after')}: ${text.slice(0, 120)}` });
    }

    await root.query(`GRANT ALL PRIVILEGES ON \`${name}\`.* TO ?@'%'`, [name]);
    await root.query(`ALTER USER ?@'%' ACCOUNT UNLOCK`, [name]);
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 3000 && status !== 200) {
      status = (await fetch(`${baseUrl}/api/ready`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    checks.push({ title: 'the server is ready again within 3 s of the database coming back, without a restart', ok: status === 200, detail: `${status} after ${Date.now() - back} ms` });
  } finally {
    await server?.stop();
    await root.query(`DROP USER IF EXISTS ?@'%'`, [name]).catch(() => undefined);
    await root.query(`DROP DATABASE IF EXISTS \`${name}\``).catch(() => undefined);
    await root.end();
  }
  return { checks };
}

module.exports = { name: 'database-outage', run };
