import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PublicVehicle, VehicleDetail, VehicleSearchResult } from '..';
import { ApiError, apiUrl, createApiClient, type ApiAnswer, type ApiRelativeUrl, type ApiRouteOf, type ApiUrl, errorMessage, fieldErrorMap, fieldErrorsText, isApiErrorStatus, isAuthFailure } from './api-client';

/** A small real HTTP server: each test sets how it answers and reads what it received. */
describe('createApiClient', () => {
  let server: Server;
  let base: string;
  let received: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];
  let answer: { status: number; body: string; type?: string } = { status: 200, body: '{}' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(answer.status, answer.body ? { 'content-type': answer.type ?? 'application/json' } : {});
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  }));
  beforeEach(() => {
    received = [];
    answer = { status: 200, body: '{"ok":true}' };
  });

  it('prefixes the base URL, leaves empty query values out and answers the JSON', async () => {
    const api = createApiClient<string>({ baseUrl: `${base}/api/` });
    await expect(api.get('/vehicles/search', { make: 'BMW', model: '', page: 2, zip: undefined })).resolves.toEqual({ ok: true });
    expect(received[0]).toMatchObject({ method: 'GET', url: '/api/vehicles/search?make=BMW&page=2', body: '' });
    expect(received[0]!.headers['content-type']).toBeUndefined();
  });

  it('sends a JSON body with its content type only when there is one', async () => {
    const api = createApiClient<string>({ baseUrl: base });
    await api.post('/login', { email: 'a@b.co' }, { 'Idempotency-Key': 'k1' });
    expect(received[0]).toMatchObject({ method: 'POST', url: '/login', body: '{"email":"a@b.co"}' });
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.headers['idempotency-key']).toBe('k1');
  });

  it('answers undefined for 204', async () => {
    answer = { status: 204, body: '' };
    await expect(createApiClient<string>({ baseUrl: base }).delete('/vehicles/1')).resolves.toBeUndefined();
    await expect(createApiClient<string>({ baseUrl: base }).json('/vehicles/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('raises ApiError "<status>: <text>" with the error shape and its field errors', async () => {
    const body = { statusCode: 400, message: 'Validation failed', errors: [{ field: 'email', message: 'Enter a valid e-mail' }] };
    answer = { status: 400, body: JSON.stringify(body) };
    const error = await createApiClient<string>({ baseUrl: base }).post('/contact', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(apiError.body).toEqual(body);
    expect(apiError.detail).toBe('Validation failed');
    expect(apiError.fieldErrors).toEqual([{ field: 'email', message: 'Enter a valid e-mail' }]);
    expect(errorMessage(apiError)).toBe('Validation failed');
    expect(fieldErrorsText(apiError)).toBe('Enter a valid e-mail');
    expect(isAuthFailure(apiError)).toBe(false);
    expect(isApiErrorStatus(apiError, 401, 400)).toBe(true);
    expect(isApiErrorStatus(apiError, 404)).toBe(false);
    expect(isApiErrorStatus(new Error('400: x'), 400)).toBe(false);
    expect(fieldErrorsText(new Error('x'))).toBe('');
  });

  it('maps the field errors by field, keeping the first message of each field', () => {
    const body = {
      statusCode: 400,
      message: 'Validation failed',
      errors: [
        { field: 'senderEmail', message: 'Enter a valid email address' },
        { field: 'message', message: 'Message must be at most 5000 characters' },
        { field: 'senderEmail', message: 'Email is required' },
      ],
    };
    const error = new ApiError(400, JSON.stringify(body), body);
    expect(fieldErrorMap(error)).toEqual({ senderEmail: 'Enter a valid email address', message: 'Message must be at most 5000 characters' });
    expect(fieldErrorMap(new ApiError(500, 'oops', null))).toEqual({});
    expect(fieldErrorMap(new Error('400: x'))).toEqual({});
  });

  it('keeps a text answer as the message, and the status text when the answer is empty', async () => {
    answer = { status: 502, body: 'Bad gateway from the proxy', type: 'text/plain' };
    const text = (await createApiClient<string>({ baseUrl: base }).get('/x').catch((e: unknown) => e)) as ApiError;
    expect(text.message).toBe('502: Bad gateway from the proxy');
    expect(text.body).toBeNull();
    expect(text.detail).toBe('Bad gateway from the proxy');
    answer = { status: 401, body: '' };
    const empty = (await createApiClient<string>({ baseUrl: base }).get('/x').catch((e: unknown) => e)) as ApiError;
    expect(empty.message).toBe('401: Unauthorized');
    expect(isAuthFailure(empty)).toBe(true);
  });

  it('sends a multipart form as the browser builds it', async () => {
    const form = new FormData();
    form.append('file', new Blob(['abc'], { type: 'image/png' }), 'a.png');
    await createApiClient<string>({ baseUrl: base }).postForm('/uploads', form);
    expect(received[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]!.body).toContain('filename="a.png"');
  });

  // The type half of this test is `tsc -p tsconfig.json` (npm test's first stage): the @ts-expect-error lines
  // fail it if the path types ever accept a route the API document does not name.
  it('takes the routes of the API document, their parameters filled in, and sends them as written', async () => {
    const urls: ApiUrl[] = ['/api/vehicles/7', '/api/vehicles/7/price-history', '/api/vehicles/search?make=BMW', apiUrl('/api/catalog/makes/BMW/models')];
    // @ts-expect-error: the API has no /api/vehicle/{id} (the storefront's page is /vehicle/{id})
    const misspelt: ApiUrl = '/api/vehicle/7';
    // @ts-expect-error: relative paths leave '/api' out
    const absolute: ApiRelativeUrl = '/api/admin/stats';
    const relative: ApiRelativeUrl = '/admin/vehicles/7/status';
    const api = createApiClient({ baseUrl: base });
    for (const url of urls) await api.get(url);
    await createApiClient<ApiRelativeUrl>({ baseUrl: `${base}/api` }).get(relative);
    expect(received.map((r) => r.url)).toEqual([...urls, '/api/admin/vehicles/7/status']);
    expect([misspelt, absolute]).toHaveLength(2);
  });

  // Type-only, checked by `tsc -p tsconfig.json`: each call answers what the document says its route answers.
  it('types each answer by the route and method it asks (the API document, generated from the handlers)', async () => {
    type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
    const routes: [
      Same<ApiRouteOf<'/api/vehicles/7'>, '/api/vehicles/{id}'>,
      Same<ApiRouteOf<`/api/vehicles/${number}`>, '/api/vehicles/{id}'>,
      Same<ApiRouteOf<'/api/vehicles/search?make=BMW'>, '/api/vehicles/search'>,
      Same<ApiRouteOf<`/api/vehicles/${number}/price-history`>, '/api/vehicles/{id}/price-history'>,
      Same<ApiRouteOf<'/api/catalog/makes/BMW/models/X5/trims'>, '/api/catalog/makes/{make}/models/{model}/trims'>,
    ] = [true, true, true, true, true];
    // The document's schemas and the shared contracts the handlers return describe the same JSON.
    const answers: [
      Same<ApiAnswer<'/api/vehicles/search'>, VehicleSearchResult>,
      Same<ApiAnswer<'/api/vehicles/recent'>, PublicVehicle[]>,
      Same<ApiAnswer<'/vehicles/7'>, VehicleDetail>,
      Same<ApiAnswer<'/api/vehicles/7', 'DELETE'>, undefined>,
      Same<ApiAnswer<'/api/user/saved/7', 'PUT'>, undefined>,
    ] = [true, true, true, true, true];
    answer = { status: 200, body: '["A4"]' };
    const trims: string[] = await createApiClient({ baseUrl: base }).get('/api/catalog/makes/Audi/models/A4/trims');
    // @ts-expect-error: the route answers a list of names, not one
    const wrong: string = await createApiClient({ baseUrl: base }).get('/api/catalog/makes/Audi/models/A4/trims');
    expect([routes, answers, trims, wrong]).toEqual([[true, true, true, true, true], [true, true, true, true, true], ['A4'], ['A4']]);
  });
});
