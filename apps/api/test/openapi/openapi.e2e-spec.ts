import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { registeredRoutes } from '../../src/infra/http/route-list';
import { createVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  [keyword: string]: unknown;
}
interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: Schema }> }>;
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  parameters?: { name: string; in: string; required?: boolean }[];
  'x-roles'?: string[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema & { required?: string[] }> };
}

const VALIDATE = join(__dirname, '../../../../scripts/openapi/validate.mjs');
const ERROR_NAME = 'ApiErrorBody';
const ERROR_REF = `#/components/schemas/${ERROR_NAME}`;
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
  t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
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
    expect(document.components.schemas[ERROR_NAME].required).toEqual(['statusCode', 'message']);
    expect(Object.keys(document.components.schemas[ERROR_NAME].properties ?? {})).toEqual(['statusCode', 'message', 'errors']);
  });

  it('gives every success answer the schema of what its handler returns, or says why it has none (204, a redirect)', () => {
    const exceptions: string[] = [];
    for (const { method, path, operation } of operations(document)) {
      const where = `${method} ${path}`;
      const successes = Object.entries(operation.responses).filter(([status]) => /^[23]/.test(status));
      expect(`${where}: ${successes.length}`).toBe(`${where}: 1`);
      const [status, answer] = successes[0];
      if (status === '204') {
        expect(`${where}: ${JSON.stringify(answer.content)}`).toBe(`${where}: undefined`);
        exceptions.push(`${where} ${status}`);
      } else if (/^3/.test(status)) {
        expect(`${where}: ${Object.keys(answer.headers ?? {})}`).toBe(`${where}: Location`);
        exceptions.push(`${where} ${status}`);
      } else {
        const [[mediaType, { schema }]] = Object.entries(answer.content ?? { none: {} });
        expect(`${where}: ${mediaType} ${schema ? 'schema' : 'none'}`).toMatch(new RegExp(`^${where.replace(/[{}]/g, '\\$&')}: [a-z]+/[-+.a-z]+ schema$`));
        // An answer is a named contract, a list of them, or a small shape of its own: never an empty "object".
        expect(`${where}: ${loose(schema!)}`).toBe(`${where}: `);
      }
    }
    // The exceptions are the answers without a body (204) and the redirects, nothing else.
    expect(exceptions).toEqual(expect.arrayContaining(['DELETE /api/vehicles/{id} 204', 'GET /api/login 302', 'GET /api/searches/unsubscribe 302']));
    expect(document.paths['/metrics'].get.responses['200'].content).toEqual({ 'text/plain': { schema: { type: 'string' } } });
  });

  it('describes the named contracts completely: no empty object or untyped value in any of them', () => {
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect(`${name}: ${loose(schema)}`).toBe(`${name}: `);
    }
    for (const { method, path, operation } of operations(document)) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) {
          expect(`${method} ${path} ${status}: ${answer.content?.['application/json']?.schema?.$ref}`).toBe(`${method} ${path} ${status}: ${ERROR_REF}`);
        }
      }
      expect(`${method} ${path}: ${Object.keys(operation.responses).filter((s) => /^5/.test(s))}`).toBe(`${method} ${path}: 500,503`);
    }
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
    expect(validator(document, ERROR_REF)(response.body)).toEqual([]);
  });

  it('describes the answers the API really gives: every GET it can call here answers JSON that fits its schema', async () => {
    const admin = t.client();
    expect((await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' })).status).toBe(200);
    const seller = await registerUser(t.client());
    const listing = await createVehicle(t, seller.user.id, { status: 'approved', isFeatured: true, images: ['/uploads/2026/11/a.webp'] });
    // A buyer's message: its lead (the first, as the listing is) answers GET /api/desk/leads/{id}.
    const contact = await t.client().post('/api/contact', { vehicleId: listing.id, senderFirstName: 'Ann', senderLastName: 'Buyer', senderEmail: 'ann@example.com', subject: 'Hello', message: 'Is it available?' });
    expect(contact.status).toBe(201);
    // Every GET of the document whose parameters this test can fill: no list of routes to keep.
    const values: Record<string, string> = { id: String(listing.id), make: 'BMW', model: 'X5', vin: '5UXCR6C04M9D12345' };
    // Required query parameters without a default (the market value's description of a car) get a sample value each.
    const queryValues: Record<string, string> = { make: 'BMW', model: 'X5', year: '2021', mileage: '30000', condition: 'excellent' };
    const checked: string[] = [];
    for (const { method, path, operation } of operations(document)) {
      if (method !== 'GET' || path === '/metrics') continue;
      const names = path.match(/\{(\w+)\}/g)?.map((name) => name.slice(1, -1)) ?? [];
      if (names.some((name) => !(name in values))) continue;
      const required = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required && p.name in queryValues).map((p) => p.name);
      const query = required.length > 0 ? `?${new URLSearchParams(required.map((name) => [name, queryValues[name]!])).toString()}` : '';
      const [status, answer] = Object.entries(operation.responses).find(([code]) => /^[23]/.test(code))!;
      const schema = answer.content?.['application/json']?.schema;
      if (!schema) continue;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]) + query;
      const response = await admin.get(url);
      expect(`GET ${url}: ${response.status}`).toBe(`GET ${url}: ${status}`);
      expect([`GET ${url}`, validator(document, schema)(response.body)]).toEqual([`GET ${url}`, []]);
      checked.push(path);
    }
    expect(checked).toEqual(expect.arrayContaining(['/api/vehicles/search', '/api/vehicles/{id}', '/api/admin/vehicles/approved', '/api/user', '/api/config']));
    expect(checked.length).toBeGreaterThan(20);
    // Some twenty-five requests and as many schemas compiled: more than the default 30 s on a busy machine.
  }, 120_000);
});

/** What makes a schema loose, as text ('' when nothing): an object with no properties, or a value of no type. */
function loose(schema: Schema, where = ''): string {
  if (schema.$ref) return '';
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (parts.length) return parts.map((part, i) => loose(part, `${where}[${i}]`)).join('');
  if (!schema.type && !schema.enum) return `${where || '(root)'} has no type; `;
  if (schema.type === 'object') {
    const properties = Object.entries(schema.properties ?? {});
    const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    if (!properties.length && !values) return `${where || '(root)'} is an object of no properties; `;
    return properties.map(([name, value]) => loose(value, `${where}.${name}`)).join('') + (values ? loose(values, `${where}[*]`) : '');
  }
  if (schema.type === 'array') return schema.items ? loose(schema.items, `${where}[]`) : `${where} is an array of no type; `;
  return '';
}

const validators = new WeakMap<Document, Ajv>();

/** The answer's validation errors against a schema of the document (OpenAPI 3.0's nullable included), as text. */
function validator(document: Document, schema: Schema | string): (value: unknown) => string[] {
  let ajv = validators.get(document);
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'document', components: forAjv(document.components) });
    validators.set(document, ajv);
  }
  const rooted = forAjv(JSON.parse(JSON.stringify(typeof schema === 'string' ? { $ref: schema } : schema).replaceAll('"#/components/', '"document#/components/')));
  const validate = ajv.compile(rooted);
  return (value) => (validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`));
}

/** OpenAPI 3.0's `nullable` beside no `type` (a nullable reference: `allOf` of one) as Ajv reads it: any of it or null. */
function forAjv<T>(value: T): T {
  if (Array.isArray(value)) return value.map(forAjv) as T;
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, forAjv(inner)])) as Schema;
  if (nullable === true && !rest.type) return { anyOf: [rest, { type: 'null' }] } as T;
  return (nullable === undefined ? rest : { ...rest, nullable }) as T;
}
