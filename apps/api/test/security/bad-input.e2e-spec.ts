import { request as httpRequest } from 'node:http';
import { DataSource } from 'typeorm';
import { UserEntity } from '../../src/modules/users/entities/user.entity';
import { registerUser } from '../factories/user.factory';
import { createVehicle, listingInput } from '../factories/vehicle.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** Sends a request exactly as written (path and body bytes untouched), answers status, headers and body. */
function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer) {
  const url = new URL(baseUrl);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('bad input answers 4xx in the error shape, never 5xx', () => {
  let t: TestApp;
  let seller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    seller = t.client();
    await registerUser(seller);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 400 naming the parameter when a scalar query parameter is repeated', async () => {
    const res = await t.client().get('/api/login?returnTo=/a&returnTo=/b');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Validation failed', errors: [{ field: 'returnTo', message: 'returnTo must be given once' }] });
  });

  it('answers 400 to repeated scalar fields of a query DTO and still takes repeated list fields', async () => {
    const repeated = await t.client().get('/api/vehicles/search?make=BMW&make=Audi');
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors).toEqual([{ field: 'make', message: expect.any(String) }]);
    const list = await t.client().get('/api/vehicles/search?features=Sunroof&features=Heated%20Seats');
    expect(list.status).toBe(200);
  });

  it('refuses JSON nested thousands of levels deep with 400 before parsing it', async () => {
    for (const deep of ['['.repeat(50_000) + ']'.repeat(50_000), '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)]) {
      const res = await seller.post('/api/vehicles', undefined, { rawBody: deep, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'Request body is nested too deeply' });
    }
  });

  it('still takes JSON of ordinary depth, and brackets inside strings do not count', async () => {
    const res = await t.client().post('/api/login', { email: `${'['.repeat(500)}@example.com`, password: '{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
  });

  it('answers 400 naming the field for a string with a lone UTF-16 surrogate', async () => {
    const body = '{"email":"a\\ud800@example.com","password":"whatever-123"}';
    for (const path of ['/api/login', '/api/register']) {
      const res = await t.client().post(path, undefined, { rawBody: body, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'Validation failed', errors: [{ field: 'email', message: 'email is not valid Unicode text' }] });
    }
    const nested = await seller.post('/api/vehicles', undefined, {
      rawBody: '{"make":"BMW","features":["ok","\\udfff x"]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toEqual([{ field: 'features.1', message: 'features.1 is not valid Unicode text' }]);
  });

  describe('malformed or truncated multipart bodies to POST /api/uploads', () => {
    const boundary = '----cmtestboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const cases: [string, string, string][] = [
      ['truncated inside the file', `multipart/form-data; boundary=${boundary}`, `${head}\xff\xd8\xff\xe0 partial`],
      ['without a closing boundary', `multipart/form-data; boundary=${boundary}`, `${head}abc\r\n`],
      ['with a header block that never ends', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="file"`],
      ['without a boundary parameter', 'multipart/form-data', `${head}abc\r\n--${boundary}--\r\n`],
      ['with an empty boundary', 'multipart/form-data; boundary=', 'abc'],
      ['with garbage instead of parts', `multipart/form-data; boundary=${boundary}`, 'not a multipart body at all'],
      ['with an empty body', `multipart/form-data; boundary=${boundary}`, ''],
    ];
    it.each(cases)('answers 4xx in the error shape when %s', async (_name, contentType, body) => {
      const res = await seller.post('/api/uploads', undefined, { rawBody: Buffer.from(body, 'latin1'), headers: { 'content-type': contentType } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toEqual({ statusCode: res.status, message: expect.any(String) });
    });
  });

  it('answers a malformed URL with 400, the security headers and the error shape', async () => {
    for (const path of ['/%E0%A4%A', '/api/vehicles/%E0%A4%A', '/api/vehicles/%', '/vehicles/%C0']) {
      const res = await rawRequest(t.baseUrl, 'GET', path);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.text)).toEqual({ statusCode: 400, message: 'Malformed URL' });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['permissions-policy']).toBeDefined();
      expect(res.headers['x-request-id']).toBeDefined();
    }
  });

  describe('canonical ids only', () => {
    const NOT_CANONICAL = ['1.0', '01', '1e0', '0x1', '+1', '%201', '1%20', '-1', '0', '1_0', '９', '99999999999999999999', '9007199254740993'];

    it.each(NOT_CANONICAL)('GET, PUT and DELETE /api/vehicles/%s answer 400 and touch nothing', async (raw) => {
      const vehicle = await createVehicle(t, (await seller.get('/api/user')).body.id, { status: 'approved' });
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await seller.request(method, `/api/vehicles/${raw}`, method === 'PUT' ? { body: listingInput() } : {});
        expect({ method, status: res.status }).toEqual({ method, status: 400 });
        expect(res.body).toEqual({ statusCode: 400, message: 'Validation failed', errors: [{ field: 'id', message: 'id must be a positive whole number written in digits' }] });
      }
      const after = await t.client().get(`/api/vehicles/${vehicle.id}`);
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ make: vehicle.make, model: vehicle.model });
    });

    it('answers 400 on the admin routes that take an id', async () => {
      const admin = t.client();
      const { user } = await registerUser(admin);
      await t.app.get(DataSource).getRepository(UserEntity).update({ id: user.id }, { role: 'admin' });
      for (const path of ['/api/admin/vehicles/01/status', '/api/admin/vehicles/1.0', '/api/admin/inquiries/0x1']) {
        const res = await admin.patch(path, {});
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        expect(res.body.errors).toEqual([{ field: 'id', message: 'id must be a positive whole number written in digits' }]);
      }
    });

    it('does not delete a listing through another spelling of its id (DELETE /api/vehicles/{id}.0)', async () => {
      const vehicle = await createVehicle(t, (await seller.get('/api/user')).body.id, { status: 'approved' });
      expect((await seller.delete(`/api/vehicles/${vehicle.id}.0`)).status).toBe(400);
      expect((await seller.delete(`/api/vehicles/0${vehicle.id}`)).status).toBe(400);
      expect((await t.client().get(`/api/vehicles/${vehicle.id}`)).status).toBe(200);
      expect((await seller.delete(`/api/vehicles/${vehicle.id}`)).status).toBe(204);
    });
  });
});
