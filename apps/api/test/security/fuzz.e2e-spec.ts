import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registeredRoutes } from '../../src/infra/http/route-list';
import { registerUser, userInput } from '../factories/user.factory';
import { createVehicles, listingInput } from '../factories/vehicle.factory';
import { startTestApp, type TestApp } from '../support/test-app';

interface FuzzFinding {
  method: string;
  route: string;
  path: string;
  status?: number;
  error?: string;
}
interface FuzzResult {
  requests: number;
  statuses: Record<string, number>;
  serverErrors: FuzzFinding[];
  networkErrors: FuzzFinding[];
  reached: string[];
  durationMs: number;
}
// Plain JavaScript, shared with `npm run security:scan` (which runs it against the built server).
const { fuzz, routesFromOpenApi } = require('../../../../scripts/security/fuzz.js') as {
  fuzz: (options: Record<string, unknown>) => Promise<FuzzResult>;
  routesFromOpenApi: (document: unknown) => { method: string; url: string }[];
};

const COUNT = Number(process.env.FUZZ_COUNT ?? 4000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

describe('request fuzzer: malformed requests on every route', () => {
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'cm-storefront-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(staticDir, 'main.0123abcd.js'), 'console.log(1)');
    t = await startTestApp({
      STATIC_DIR: staticDir,
      ADMIN_EMAIL: 'fuzz-admin@example.com',
      ADMIN_PASSWORD: 'fuzz-admin-password',
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it(`answers ${COUNT} fuzzed requests (seed ${SEED}) without a single 5xx or dropped connection`, async () => {
    const seller = t.client();
    const { user } = await registerUser(seller);
    const admin = t.client();
    expect((await admin.post('/api/login', { email: 'fuzz-admin@example.com', password: 'fuzz-admin-password' })).status).toBe(200);
    const vehicles = await createVehicles(t, user.id, [{ status: 'approved' }, { status: 'approved' }, { status: 'pending' }]);
    const ids = vehicles.map((v) => v.id);
    // The API's operations come from its OpenAPI document; the other routes (pages, built files) from the router.
    const openapi = (await seller.get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json')).body;
    const routes = registeredRoutes(t.app.getHttpAdapter().getInstance());
    const apiRoutes = routesFromOpenApi(openapi);
    expect(apiRoutes.length).toBeGreaterThan(20);
    // Every Nest route is an operation of the document (GET /metrics too); the docs' own routes are not.
    expect(apiRoutes.length).toBe(routes.filter((r) => (r.url.startsWith('/api/') || r.url === '/metrics') && !/^\/api\/(docs|openapi\.json)/.test(r.url)).length);

    const result = await fuzz({
      baseUrl: t.baseUrl,
      openapi,
      routes,
      count: COUNT,
      seed: SEED,
      concurrency: 6,
      cookies: [seller.cookieHeader, admin.cookieHeader, ''],
      ids,
      seeds: [
        listingInput(),
        { email: 'fuzz-admin@example.com', password: 'wrong-password' },
        userInput(),
        { vehicleId: ids[0], senderFirstName: 'Jane', senderLastName: 'Doe', senderEmail: 'jane@example.com', senderPhone: '(555) 123-4567', subject: 'Hi', message: 'Is it still available?' },
        { status: 'approved' },
        { handled: true },
        { page: '/search' },
      ],
    });

    expect(result.serverErrors).toEqual([]);
    expect(result.networkErrors).toEqual([]);
    expect(result.requests).toBe(COUNT);
    // The fuzz reached the handlers, not only the router: answers of many kinds, success among them.
    const statuses = Object.keys(result.statuses).map(Number);
    expect(statuses.some((s) => s >= 200 && s < 300)).toBe(true);
    expect(statuses).toEqual(expect.arrayContaining([400, 401, 404]));
    expect(result.reached.filter((r) => r.includes(' /api/')).length).toBeGreaterThan(apiRoutes.length / 2);
  }, 120_000);
});
