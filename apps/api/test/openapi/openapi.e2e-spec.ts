import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { registeredRoutes } from '../../src/infra/http/route-list';
import { startTestApp, type TestApp } from '../support/test-app';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  parameters?: { name: string; in: string; required?: boolean }[];
  'x-roles'?: string[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, Record<string, unknown>>; required?: string[] }> };
}

const VALIDATE = join(__dirname, '../../../../scripts/openapi/validate.mjs');
const ERROR_REF = '#/components/schemas/ApiError';
/** The reader page's own files (Swagger UI's scripts and styles) are not API operations. */
const DOCS = /^\/api\/(docs(\/|$)|openapi\.json$)/;

function operations(document: Document): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

// One app for both descriptions (each start builds the whole module graph).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/openapi.json', () => {
  let document: Document;

  beforeAll(async () => {
    const response = await t.client().get<Document>('/api/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
  });

  it('is a valid OpenAPI 3 document (swagger-parser), cacheable and revalidated by its ETag', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const output = execFileSync(process.execPath, [VALIDATE], { input: JSON.stringify(document), encoding: 'utf8' });
    expect(output).toMatch(/^valid OpenAPI 3/);

    const response = await t.client().get('/api/openapi.json');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.client().get('/api/openapi.json', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('names every API route the app registers (and /metrics), and no other', () => {
    const routes = registeredRoutes(t.app.getHttpAdapter().getInstance())
      .filter((r) => (r.url.startsWith('/api/') || r.url === '/metrics') && !DOCS.test(r.url))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    const documented = operations(document).map((o) => `${o.method} ${o.path}`);
    expect(routes.length).toBeGreaterThan(40);
    expect([...new Set(documented)].sort()).toEqual([...new Set(routes)].sort());
  });

  it('gives every operation an id, a success answer and its error answers in the one error shape', () => {
    for (const { method, path, operation } of operations(document)) {
      const where = `${method} ${path}`;
      expect(`${where}: ${typeof operation.operationId}`).toBe(`${where}: string`);
      const statuses = Object.keys(operation.responses);
      expect(`${where}: ${statuses.some((s) => /^[23]/.test(s))}`).toBe(`${where}: true`);
      for (const status of ['400', '429', ...(path.includes('{') ? ['404'] : [])]) {
        expect(`${where} ${status}: ${operation.responses[status]?.content?.['application/json']?.schema?.$ref}`).toBe(`${where} ${status}: ${ERROR_REF}`);
      }
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        expect(operation.parameters?.some((p) => p.in === 'path' && `{${p.name}}` === name && p.required)).toBe(true);
      }
    }
    expect(document.components.schemas.ApiError.required).toEqual(['statusCode', 'message']);
    expect(Object.keys(document.components.schemas.ApiError.properties ?? {})).toEqual(['statusCode', 'message', 'errors']);
  });

  it('says which operations need the session (401) or a role (403), and which answer visitors', () => {
    const find = (method: string, path: string) => document.paths[path]?.[method];
    const recent = find('get', '/api/vehicles/recent');
    expect(recent.security).toEqual([]);
    expect(recent.responses['401']).toBeUndefined();
    const create = find('post', '/api/vehicles');
    expect(create.security).toBeUndefined();
    expect(create.responses['401'].content?.['application/json'].schema?.$ref).toBe(ERROR_REF);
    const adminOperations = operations(document).filter((o) => o.path.startsWith('/api/admin/') && !o.path.startsWith('/api/admin/remote'));
    expect(adminOperations.length).toBeGreaterThan(5);
    for (const { operation } of adminOperations) {
      expect(operation['x-roles']).toBeDefined();
      expect(operation.responses['403'].content?.['application/json'].schema?.$ref).toBe(ERROR_REF);
    }
  });

  it('takes request bodies and their constraints from the DTOs (class-validator rules)', () => {
    const body = document.paths['/api/login'].post.requestBody?.content['application/json'].schema.$ref;
    expect(body).toBe('#/components/schemas/LoginDto');
    expect(document.components.schemas.LoginDto.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(document.components.schemas.LoginDto.properties?.email).toMatchObject({ type: 'string', format: 'email' });
    expect(document.components.schemas.ResetPasswordDto.properties?.token).toMatchObject({ type: 'string', maxLength: 100 });
    const search = document.paths['/api/vehicles/search'].get.parameters ?? [];
    expect(search.map((p) => p.name)).toEqual(expect.arrayContaining(['make', 'sortBy', 'page', 'limit']));
  });

  it('describes the errors the API really answers: a refused login body has the documented shape', async () => {
    const response = await t.client().post('/api/login', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    const { properties, required } = document.components.schemas.ApiError;
    for (const key of required ?? []) expect(response.body).toHaveProperty(key);
    for (const key of Object.keys(response.body)) expect(Object.keys(properties ?? {})).toContain(key);
  });
});

describe('GET /api/docs', () => {
  it('answers the reader page, whose scripts and styles come from this server (the CSP allows them)', async () => {
    const client = t.client();
    const page = await client.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    // No inline script (the CSP refuses them): every script is a file of the same origin that answers.
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...page.text.matchAll(/(?:src|href)=["']([^"']+\.(?:js|css))["']/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining([expect.stringContaining('swagger-ui-bundle.js'), expect.stringContaining('swagger-ui-init.js')]));
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(asset, `${t.baseUrl}/api/docs`);
      const file = await client.get(url.pathname);
      expect(`${url.pathname} ${file.status}`).toBe(`${url.pathname} 200`);
    }
  });
});
