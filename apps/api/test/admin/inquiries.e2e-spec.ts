import { DataSource } from 'typeorm';
import { ContactMessageEntity } from '../../src/modules/contact/entities/contact-message.entity';
import { createVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('admin API: inquiries', () => {
  let t: TestApp;
  let admin: HttpClient;
  let adminId: number;
  let porsche: { id: number };
  let lexus: { id: number };
  const ids: Record<string, number> = {};

  const message = async (vehicle: { id: number; userId: number }, name: string, createdAt: Date) => {
    const repository = t.app.get(DataSource).getRepository(ContactMessageEntity);
    const saved = await repository.save(
      repository.create({
        vehicleId: vehicle.id,
        sellerId: vehicle.userId,
        senderName: `${name} Buyer`,
        senderFirstName: name,
        senderLastName: 'Buyer',
        senderEmail: `${name.toLowerCase()}@example.com`,
        senderPhone: null,
        subject: 'Is it still available?',
        message: 'Hello, is the car still available?',
        isFinancingInterest: name === 'Ann',
        isTradeInInterest: false,
        ipAddress: '203.0.113.0',
        createdAt,
      }),
    );
    return saved.id;
  };

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
    admin = t.client();
    adminId = (await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' })).body.id;
    const { user: seller } = await registerUser(t.client());
    const p = await createVehicle(t, seller.id, { make: 'Porsche', model: '911', year: 2019, status: 'approved' });
    const l = await createVehicle(t, seller.id, { make: 'Lexus', model: 'RX', year: 2022, status: 'approved' });
    porsche = p;
    lexus = l;
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 9, minute));
    ids.ann = await message(p, 'Ann', at(1));
    ids.bob = await message(l, 'Bob', at(2));
    ids.cat = await message(p, 'Cat', at(3));
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/admin/inquiries lists messages newest first with their listing', async () => {
    const res = await admin.get('/api/admin/inquiries');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(res.body.items.map((m: { id: number }) => m.id)).toEqual([ids.cat, ids.bob, ids.ann]);
    expect(res.body.items[2]).toEqual({
      id: ids.ann,
      vehicleId: porsche.id,
      vehicle: { id: porsche.id, year: 2019, make: 'Porsche', model: '911', status: 'approved' },
      senderName: 'Ann Buyer',
      senderFirstName: 'Ann',
      senderLastName: 'Buyer',
      senderEmail: 'ann@example.com',
      senderPhone: null,
      subject: 'Is it still available?',
      message: 'Hello, is the car still available?',
      isFinancingInterest: true,
      isTradeInInterest: false,
      createdAt: '2026-06-01T09:01:00.000Z',
      handledAt: null,
      handledBy: null,
    });
  });

  it('filters by listing and paginates', async () => {
    const res = await admin.get(`/api/admin/inquiries?vehicleId=${porsche.id}&limit=1&page=2`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(res.body.items.map((m: { id: number }) => m.id)).toEqual([ids.ann]);
    const other = await admin.get(`/api/admin/inquiries?vehicleId=${lexus.id}`);
    expect(other.body.items.map((m: { id: number }) => m.id)).toEqual([ids.bob]);
  });

  it('PATCH /api/admin/inquiries/{id} marks one handled by the admin, and the handled filter follows', async () => {
    const res = await admin.patch(`/api/admin/inquiries/${ids.bob}`, { handled: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.bob,
      handledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      handledBy: { id: adminId, email: 'admin@example.com', firstName: 'Site', lastName: 'Admin' },
    });
    expect(Math.abs(new Date(res.body.handledAt).getTime() - Date.now())).toBeLessThan(60_000);

    // Marking it again keeps the first handling.
    const again = await admin.patch(`/api/admin/inquiries/${ids.bob}`, { handled: true });
    expect(again.body.handledAt).toBe(res.body.handledAt);

    const handled = await admin.get('/api/admin/inquiries?handled=true');
    expect(handled.body.items.map((m: { id: number }) => m.id)).toEqual([ids.bob]);
    const open = await admin.get('/api/admin/inquiries?handled=false');
    expect(open.body).toMatchObject({ total: 2 });
    expect(open.body.items.map((m: { id: number }) => m.id)).toEqual([ids.cat, ids.ann]);
  });

  it('reopens a handled inquiry with handled: false', async () => {
    await admin.patch(`/api/admin/inquiries/${ids.cat}`, { handled: true });
    const res = await admin.patch(`/api/admin/inquiries/${ids.cat}`, { handled: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.cat, handledAt: null, handledBy: null });
  });

  it.each([
    ['/api/admin/inquiries/999999', { handled: true }, 404],
    ['/api/admin/inquiries/abc', { handled: true }, 400],
  ])('PATCH %s answers %s', async (path, body, status) => {
    expect((await admin.patch(path, body)).status).toBe(status);
  });

  it.each([
    [{}, 'handled must be true or false'],
    [{ handled: 'yes' }, 'handled must be true or false'],
  ])('refuses %p with 400', async (body, message) => {
    const res = await admin.patch(`/api/admin/inquiries/${ids.ann}`, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'handled', message }]);
  });

  it('refuses a handled filter that is not true or false', async () => {
    const res = await admin.get('/api/admin/inquiries?handled=maybe');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'handled', message: 'handled must be true or false' }]);
  });
});
