import { listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('POST /api/vehicles with an Idempotency-Key', () => {
  let t: TestApp;
  let seller: HttpClient;
  const mine = async () => ((await seller.get('/api/user/vehicles')).body as { id: number }[]).length;

  beforeAll(async () => {
    t = await startTestApp();
    seller = t.client();
    await registerUser(seller);
  });
  afterAll(() => t.close());

  it('answers a retry with the same key and body with the first listing, writing no second one', async () => {
    const before = await mine();
    const input = listingInput({ make: 'Porsche', model: '911' });
    const first = await seller.post('/api/vehicles', input, { headers: { 'idempotency-key': 'submit-1' } });
    expect(first.status).toBe(201);
    const retry = await seller.post('/api/vehicles', input, { headers: { 'idempotency-key': 'submit-1' } });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await mine()).toBe(before + 1);
  });

  it('creates one listing when the same submission arrives twice at once', async () => {
    const before = await mine();
    const input = listingInput({ make: 'Lexus', model: 'RX' });
    const answers = await Promise.all([1, 2, 3].map(() => seller.post('/api/vehicles', input, { headers: { 'idempotency-key': 'burst-7' } })));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    expect(await mine()).toBe(before + 1);
  });

  it('refuses the same key with another body (422), and a malformed key (400), writing nothing', async () => {
    const before = await mine();
    await seller.post('/api/vehicles', listingInput({ make: 'Audi' }), { headers: { 'idempotency-key': 'submit-2' } });
    const other = await seller.post('/api/vehicles', listingInput({ make: 'BMW' }), { headers: { 'idempotency-key': 'submit-2' } });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ statusCode: 422, message: 'This Idempotency-Key was used with another request' });
    const malformed = await seller.post('/api/vehicles', listingInput(), { headers: { 'idempotency-key': 'x'.repeat(101) } });
    expect(malformed.status).toBe(400);
    expect(await mine()).toBe(before + 1);
  });

  it('frees the key when the first request failed, so a corrected retry goes through', async () => {
    const bad = await seller.post('/api/vehicles', listingInput({ vin: 'SHORT' }), { headers: { 'idempotency-key': 'submit-3' } });
    expect(bad.status).toBe(400);
    const good = await seller.post('/api/vehicles', listingInput(), { headers: { 'idempotency-key': 'submit-3' } });
    expect(good.status).toBe(201);
  });

  it('keeps keys per user: another seller may use the same key', async () => {
    const other = t.client();
    await registerUser(other);
    const res = await other.post('/api/vehicles', listingInput(), { headers: { 'idempotency-key': 'submit-1' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
  });

  it('works without the header as before', async () => {
    const before = await mine();
    const input = listingInput();
    expect((await seller.post('/api/vehicles', input)).status).toBe(201);
    expect((await seller.post('/api/vehicles', input)).status).toBe(201);
    expect(await mine()).toBe(before + 2);
  });
});
