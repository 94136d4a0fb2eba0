import { ConflictException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditLogEntity } from '../../src/modules/admin/entities/audit-log.entity';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';
import { ListingWriter } from '../../src/modules/vehicles/listing-writer.service';
import { createVehicle, listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** Every path that changes a listing goes through the one writer: derived columns, cache version, audit. */
describe('the one listing writer', () => {
  let t: TestApp;
  let admin: HttpClient;
  let adminId: number;
  let seller: HttpClient;
  let sellerId: number;

  const row = (id: number) => t.app.get(DataSource).getRepository(VehicleEntity).findOneByOrFail({ id });
  /** The newest row of the change log: each listing a write changes appends one. */
  const cacheVersion = async () => Number(((await t.app.get(DataSource).query('SELECT MAX(id) AS version FROM data_changes')) as { version: number | string }[])[0].version);
  const auditOf = (vehicleId: number) => t.app.get(DataSource).getRepository(AuditLogEntity).find({ where: { vehicleId }, order: { id: 'ASC' } });
  const searchTotal = async (query: string) => (await t.client().get(`/api/vehicles/search?${query}`)).body.total as number;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
    admin = t.client();
    adminId = (await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' })).body.id;
    seller = t.client();
    sellerId = (await registerUser(seller)).user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("a seller's create and edit set the derived columns and bump the cache version; nothing is audited", async () => {
    const v0 = await cacheVersion();
    const created = await seller.post('/api/vehicles', listingInput({ make: 'Škoda', model: 'Octavia RS', zipCode: '10001' }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await cacheVersion()).toBe(v0 + 1);
    const stored = await row(id);
    expect([stored.makeKey, stored.modelKey, stored.isPublic]).toEqual(['skoda', 'octavia rs', false]);
    expect(stored.latitude).not.toBeNull();
    // 10001 (Manhattan, 40.75° N): latitude band floor(40.75 × 2).
    expect(Number(stored.latBand)).toBe(Math.floor(Number(stored.latitude) * 2));

    const edited = await seller.put(`/api/vehicles/${id}`, listingInput({ make: 'Citroën', model: 'C5 X', description: 'Hydraulic ride', zipCode: '78701' }));
    expect(edited.status).toBe(200);
    expect(await cacheVersion()).toBe(v0 + 2);
    const after = await row(id);
    expect([after.makeKey, after.modelKey]).toEqual(['citroen', 'c5 x']);
    expect(after.searchText).toContain('hydraulic ride');
    expect(after.latitude).not.toBe(stored.latitude);
    expect(Number(after.latBand)).toBe(Math.floor(Number(after.latitude) * 2));
    expect(await auditOf(id)).toEqual([]);
  });

  it("an admin's status change and console edit set the derived columns, bump the cache version and are audited", async () => {
    const v = await createVehicle(t, sellerId, { make: 'Lancia', model: 'Delta', status: 'pending' });
    expect(await searchTotal('make=lancia')).toBe(0);

    const v0 = await cacheVersion();
    expect((await admin.patch(`/api/admin/vehicles/${v.id}/status`, { status: 'approved' })).status).toBe(200);
    expect(await cacheVersion()).toBe(v0 + 1);
    expect((await row(v.id)).isPublic).toBe(true);
    expect(await searchTotal('make=lancia')).toBe(1);

    expect((await admin.patch(`/api/admin/vehicles/${v.id}`, { make: 'Alfa Romeo', model: 'Giulia' })).status).toBe(200);
    expect(await cacheVersion()).toBe(v0 + 2);
    const after = await row(v.id);
    expect([after.makeKey, after.modelKey]).toEqual(['alfa romeo', 'giulia']);
    expect(await searchTotal('make=lancia')).toBe(0);
    expect(await searchTotal('make=alfa%20romeo')).toBe(1);

    const trail = await auditOf(v.id);
    expect(trail.map((e) => [e.action, e.actorId, e.before, e.after])).toEqual([
      ['status', adminId, { status: 'pending' }, { status: 'approved' }],
      ['edit', adminId, { make: 'Lancia', model: 'Delta' }, { make: 'Alfa Romeo', model: 'Giulia' }],
    ]);
  });

  it("an admin's create, edit and delete through the storefront's routes are audited too", async () => {
    const own = await admin.post('/api/vehicles', listingInput({ make: 'Morgan', model: 'Plus Four' }));
    expect(own.status).toBe(201);
    const [created] = await auditOf(own.body.id);
    expect([created.action, created.actorId, created.before]).toEqual(['create', adminId, {}]);
    expect(created.after).toMatchObject({ make: 'Morgan', model: 'Plus Four', status: 'pending', userId: adminId });

    const v = await createVehicle(t, sellerId, { make: 'Saab', model: '9-3', status: 'approved', price: 9000 });
    const put = await admin.put(`/api/vehicles/${v.id}`, listingInput({ make: 'Saab', model: '9-3', price: 8500, status: undefined }));
    expect(put.status).toBe(200);
    expect(put.body.status).toBe('approved'); // an admin's edit keeps the status

    expect((await admin.delete(`/api/vehicles/${v.id}`)).status).toBe(204);
    const trail = await auditOf(v.id);
    expect(trail.map((e) => e.action)).toEqual(['edit', 'delete']);
    expect(trail[0].before).toMatchObject({ price: 9000 });
    expect(trail[0].after).toMatchObject({ price: 8500 });
    expect(trail[1].before).toMatchObject({ make: 'Saab', model: '9-3', price: 8500, status: 'approved' });
    expect(trail[1].after).toEqual({});
  });

  it("keeps a listing's feature rows as its features say: on create, on edit, and gone with the listing", async () => {
    const features = async (id: number) =>
      ((await t.app.get(DataSource).query('SELECT featureKey FROM vehicle_features WHERE vehicleId = ? ORDER BY featureKey', [id])) as { featureKey: string }[]).map((r) => r.featureKey);
    const created = await seller.post('/api/vehicles', listingInput({ features: ['Heated Seats', 'Sunroof/Moonroof', 'Heated Seats'] }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await features(id)).toEqual(['heated seats', 'sunroof/moonroof']);

    expect((await seller.put(`/api/vehicles/${id}`, listingInput({ features: ['Tow Package'] }))).status).toBe(200);
    expect(await features(id)).toEqual(['tow package']);
    expect((await seller.delete(`/api/vehicles/${id}`)).status).toBe(204);
    expect(await features(id)).toEqual([]);
  });

  it("accepts features whose keys differ only where MariaDB's collation sees them equal (one row there, two on SQLite)", async () => {
    const created = await seller.post('/api/vehicles', listingInput({ features: ['Fahrwerk Straße', 'Fahrwerk Strasse'] }));
    expect(created.status).toBe(201);
    const rows = (await t.app.get(DataSource).query('SELECT featureKey FROM vehicle_features WHERE vehicleId = ?', [created.body.id])) as unknown[];
    expect(rows.length).toBe(t.database.engine === 'sqlite' ? 2 : 1);
  });

  it('an edit that changes nothing writes nothing: no cache bump, no audit entry', async () => {
    const v = await createVehicle(t, sellerId, { make: 'Volvo', model: '240', status: 'approved', isFeatured: false });
    const v0 = await cacheVersion();
    expect((await admin.patch(`/api/admin/vehicles/${v.id}`, { make: 'Volvo', isFeatured: false })).status).toBe(200);
    expect(await cacheVersion()).toBe(v0);
    expect(await auditOf(v.id)).toEqual([]);
  });

  it('refuses with 409 a change based on a listing whose status changed meanwhile, and writes none of it', async () => {
    const stale = await createVehicle(t, sellerId, { make: 'Rover', model: 'P6', status: 'pending' });
    expect((await admin.patch(`/api/admin/vehicles/${stale.id}/status`, { status: 'rejected' })).status).toBe(200);
    const v0 = await cacheVersion();
    const other = await createVehicle(t, sellerId, { make: 'Rover', model: 'SD1', status: 'pending' });
    const v1 = await cacheVersion();
    expect(v1).toBe(v0 + 1);

    const writer = t.app.get(ListingWriter);
    const attempt = writer.write({ kind: 'system', name: 'test' }, [
      { before: await row(other.id), after: { price: 1 } },
      { before: stale, after: { price: 2 } },
    ]);
    await expect(attempt).rejects.toBeInstanceOf(ConflictException);
    expect([(await row(other.id)).price, (await row(stale.id)).price]).toEqual([other.price, stale.price]);
    expect(await cacheVersion()).toBe(v1);
  });
});
