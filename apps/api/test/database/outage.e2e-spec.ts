import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { registerUser } from '../factories/user.factory';
import { createVehicle } from '../factories/vehicle.factory';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestApp, type TestApp } from '../support/test-app';

const DATABASE_DOWN = 'The database is unavailable right now. Please try again in a few seconds.';

/**
 * Issue 27, part 7: a database outage answers 503 with Retry-After and a clear message on every route, and
 * the app recovers by itself once the database is back. The app runs as a MariaDB user of its own, which the
 * test locks out (rights revoked, account locked, its connections killed) and lets in again. MariaDB only:
 * the SQLite engine has no account to revoke and an open file stays readable to the process that opened it
 * (the SQLite error codes are mapped and unit-tested in error-body.spec.ts).
 */
const onMariaDb = process.env.TEST_DB === 'mariadb' ? describe : describe.skip;

onMariaDb('a database outage', () => {
  let root: Connection;
  let database: TestDatabase;
  let t: TestApp;
  let staticDir: string;
  let sessionCookieClient: ReturnType<TestApp['client']>;
  let vehicleId: number;
  const user = `cm_outage_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  let dbName: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url);
    dbName = url.pathname.slice(1);
    root = await createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
    await root.query(`CREATE USER ?@'%' IDENTIFIED BY ?`, [user, password]);
    await root.query(`GRANT ALL PRIVILEGES ON \`${dbName}\`.* TO ?@'%'`, [user]);
    url.username = user;
    url.password = password;
    staticDir = mkdtempSync(join(tmpdir(), 'cm-storefront-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8" /><title>x</title></head><body><div id="root"></div></body></html>');
    t = await startTestApp({ DATABASE_URL: url.toString(), STATIC_DIR: staticDir });
    sessionCookieClient = t.client();
    const { user: seller } = await registerUser(sessionCookieClient);
    vehicleId = (await createVehicle(t, seller.id, { status: 'approved' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await root?.query(`DROP USER IF EXISTS ?@'%'`, [user]);
    await root?.end();
    await database?.drop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  async function lockOut(): Promise<void> {
    await root.query(`REVOKE ALL PRIVILEGES ON \`${dbName}\`.* FROM ?@'%'`, [user]);
    await root.query(`ALTER USER ?@'%' ACCOUNT LOCK`, [user]);
    const [rows] = await root.query(`SELECT ID AS id FROM information_schema.PROCESSLIST WHERE USER = ?`, [user]);
    for (const { id } of rows as { id: number }[]) await root.query(`KILL CONNECTION ${Number(id)}`).catch(() => undefined);
  }

  async function letIn(): Promise<void> {
    await root.query(`GRANT ALL PRIVILEGES ON \`${dbName}\`.* TO ?@'%'`, [user]);
    await root.query(`ALTER USER ?@'%' ACCOUNT UNLOCK`, [user]);
  }

  it('answers 503 with Retry-After and a clear message on API reads and writes, signed-in calls, pages and readiness; recovers within 3 s', async () => {
    // Before: everything answers.
    expect((await t.client().get(`/api/vehicles/${vehicleId}`)).status).toBe(200);
    expect((await sessionCookieClient.get('/api/user')).status).toBe(200);

    await lockOut();
    try {
      const visitor = t.client();
      const answers = {
        'GET /api/vehicles/:id': await visitor.get(`/api/vehicles/${vehicleId}`),
        'GET /api/user (signed in: the session guard reads the database)': await sessionCookieClient.get('/api/user'),
        'POST /api/login': await visitor.post('/api/login', { email: 'someone@example.com', password: 'correct-horse-battery' }),
        'POST /api/register': await visitor.post('/api/register', { email: `new-${randomBytes(3).toString('hex')}@example.com`, password: 'correct-horse-battery', firstName: 'New', lastName: 'Buyer' }),
      };
      for (const [route, res] of Object.entries(answers)) {
        expect({ route, status: res.status, retryAfter: res.headers.get('retry-after'), body: res.body }).toEqual({ route, status: 503, retryAfter: '5', body: { statusCode: 503, message: DATABASE_DOWN } });
      }

      // A page (the listing's, drawn by the server): a 503 HTML page, not JSON, not a 500.
      const page = await fetch(`${t.baseUrl}/vehicles/${vehicleId}`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toContain(DATABASE_DOWN);
      // The landing page asks for its first view in-process: one of those answers 503, so does the page.
      expect((await fetch(`${t.baseUrl}/`, { headers: { accept: 'text/html' } })).status).toBe(503);

      // The load balancer's view: alive (no restart needed) but not ready.
      expect((await visitor.get('/api/health')).status).toBe(200);
      const ready = await visitor.get('/api/ready');
      expect({ status: ready.status, retryAfter: ready.headers.get('retry-after'), body: ready.body }).toEqual({ status: 503, retryAfter: '5', body: { statusCode: 503, message: 'Not ready: database not answering' } });
    } finally {
      await letIn();
    }

    // Back without a restart, within 3 s of the database letting the app in again.
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 3000) {
      status = (await t.client().get(`/api/vehicles/${vehicleId}`)).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await sessionCookieClient.get('/api/user')).status).toBe(200);
    expect((await t.client().get('/api/ready')).status).toBe(200);
  });
});
