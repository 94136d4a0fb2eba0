import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { LISTING_STATUSES, STATUS_TRANSITIONS, type ListingStatus } from '@app/shared';
import { OBJECT_STORAGE, type ObjectStorage } from '../../src/infra/storage/object-storage';
import { AuditLogEntity } from '../../src/modules/admin/entities/audit-log.entity';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';
import { createVehicle, deleteAllVehicles } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('admin API: listings', () => {
  let t: TestApp;
  let admin: HttpClient;
  let user: HttpClient;
  let seller: { id: number; email: string };
  let adminId: number;

  const listing = (overrides: Partial<VehicleEntity> = {}) =>
    createVehicle(t, seller.id, {
      status: 'pending',
      price: 45_999.5,
      color: 'black',
      features: ['Heated Seats', 'Navigation System'],
      images: ['/uploads/listings/a.webp', '/uploads/listings/b.webp'],
      ...overrides,
    });
  const auditOf = (vehicleId: number) => t.app.get(DataSource).getRepository(AuditLogEntity).find({ where: { vehicleId }, order: { id: 'ASC' } });

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
    admin = t.client();
    const login = await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' });
    expect(login.status).toBe(200);
    adminId = login.body.id;
    user = t.client();
    seller = (await registerUser(user)).user;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('access control', () => {
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/vehicles/pending', undefined],
      ['GET', '/api/admin/vehicles/approved', undefined],
      ['GET', '/api/admin/stats', undefined],
      ['PATCH', '/api/admin/vehicles/1/status', { status: 'approved' }],
      ['PATCH', '/api/admin/vehicles/1', { make: 'Audi' }],
      ['GET', '/api/admin/audit', undefined],
      ['GET', '/api/admin/inquiries', undefined],
      ['PATCH', '/api/admin/inquiries/1', { handled: true }],
    ];

    it.each(routes)('%s %s answers 401 signed out and 403 to a user who is not an admin', async (method, path, body) => {
      const signedOut = await t.client().request(method, path, { body });
      expect(signedOut.status).toBe(401);
      const notAdmin = await user.request(method, path, { body });
      expect(notAdmin.status).toBe(403);
      expect(notAdmin.body).toEqual({ statusCode: 403, message: 'You do not have access to this resource' });
    });

    it('changes nothing for a user who is not an admin', async () => {
      const v = await listing();
      await user.patch(`/api/admin/vehicles/${v.id}/status`, { status: 'approved' });
      await user.patch(`/api/admin/vehicles/${v.id}`, { isFeatured: true });
      const after = await t.app.get(DataSource).getRepository(VehicleEntity).findOneByOrFail({ id: v.id });
      expect([after.status, after.isFeatured]).toEqual(['pending', false]);
      expect(await auditOf(v.id)).toEqual([]);
    });
  });

  describe('lists and counts', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      await deleteAllVehicles(t);
      const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
      ids = {
        pendingOld: (await listing({ status: 'pending', createdAt: at(1), contactEmail: 'first@example.com', contactPhone: '(512) 555-0101' })).id,
        pendingNew: (await listing({ status: 'pending', createdAt: at(2) })).id,
        pendingNewest: (await listing({ status: 'pending', createdAt: at(3) })).id,
        approvedOld: (await listing({ status: 'approved', createdAt: at(4), make: 'Porsche', model: '911', views: 17 })).id,
        approvedNew: (await listing({ status: 'approved', createdAt: at(5) })).id,
        rejected: (await listing({ status: 'rejected' })).id,
        sold: (await listing({ status: 'sold' })).id,
      };
    });

    it('GET /api/admin/stats counts listings by status', async () => {
      const res = await admin.get('/api/admin/stats');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ total: 7, pending: 3, approved: 2, rejected: 1, sold: 1 });
    });

    it('GET /api/admin/vehicles/pending lists the review queue oldest first, with the seller\'s contact e-mail and phone', async () => {
      const res = await admin.get('/api/admin/vehicles/pending');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 3, page: 1, limit: 20 });
      expect(res.body.items.map((v: { id: number }) => v.id)).toEqual([ids.pendingOld, ids.pendingNew, ids.pendingNewest]);
      expect(res.body.items[0]).toMatchObject({
        status: 'pending',
        contactEmail: 'first@example.com',
        contactPhone: '(512) 555-0101',
        price: 45999.5,
        location: 'Austin, TX',
        createdAt: '2026-01-01T12:01:00.000Z',
        seller: { id: seller.id, email: seller.email, firstName: 'Test', lastName: expect.any(String) },
      });
      expect(res.body.items[0].seller).not.toHaveProperty('password');
    });

    it('paginates', async () => {
      const res = await admin.get('/api/admin/vehicles/pending?page=2&limit=2');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(res.body.items.map((v: { id: number }) => v.id)).toEqual([ids.pendingNewest]);
    });

    it.each([
      ['limit=101', 'limit', 'limit must be at most 100'],
      ['limit=0', 'limit', 'limit must be 1 or more'],
      ['page=0', 'page', 'page must be 1 or more'],
      ['page=two', 'page', 'page must be a whole number'],
    ])('refuses ?%s with 400', async (qs, field, message) => {
      const res = await admin.get(`/api/admin/vehicles/approved?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
    });

    it('GET /api/admin/vehicles/approved lists approved listings newest first, with what the edit table shows', async () => {
      const res = await admin.get('/api/admin/vehicles/approved');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 2, page: 1, limit: 20 });
      expect(res.body.items.map((v: { id: number }) => v.id)).toEqual([ids.approvedNew, ids.approvedOld]);
      expect(res.body.items[1]).toMatchObject({ make: 'Porsche', model: '911', trim: 'xDrive40i', color: 'black', views: 17, isFeatured: false });
    });
  });

  describe('what buyers see after an admin action', () => {
    it('a listing the admin approves appears in search and recent at once; one marked rejected leaves them', async () => {
      const make = `Approvable${Date.now() % 100000}`;
      const pending = await listing({ make, status: 'pending' });
      const before = await t.client().get(`/api/vehicles/search?make=${make}`);
      expect(before.body.total).toBe(0);

      expect((await admin.patch(`/api/admin/vehicles/${pending.id}/status`, { status: 'approved' })).status).toBe(200);
      const after = await t.client().get(`/api/vehicles/search?make=${make}`);
      expect(after.body.total).toBe(1);
      expect(after.body.vehicles[0].id).toBe(pending.id);
      expect((await t.client().get('/api/vehicles/recent')).body.map((v: { id: number }) => v.id)).toContain(pending.id);

      expect((await admin.patch(`/api/admin/vehicles/${pending.id}/status`, { status: 'rejected' })).status).toBe(200);
      expect((await t.client().get(`/api/vehicles/search?make=${make}`)).body.total).toBe(0);
    });

    it('an admin edit of make is searchable under the new make', async () => {
      const vehicle = await listing({ status: 'approved' });
      const make = `Renamed${Date.now() % 100000}`;
      expect((await admin.patch(`/api/admin/vehicles/${vehicle.id}`, { make })).status).toBe(200);
      const found = await t.client().get(`/api/vehicles/search?make=${make.toLowerCase()}`);
      expect(found.body.vehicles.map((v: { id: number }) => v.id)).toEqual([vehicle.id]);
    });
  });

  describe('PATCH /api/admin/vehicles/{id}/status', () => {
    const allowed = LISTING_STATUSES.flatMap((from) => STATUS_TRANSITIONS[from].map((to) => [from, to] as [ListingStatus, ListingStatus]));

    it.each(allowed)('moves a %s listing to %s and records who did it', async (from, to) => {
      const v = await listing({ status: from });
      const res = await admin.patch(`/api/admin/vehicles/${v.id}/status`, { status: to });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: v.id, status: to });
      expect(await auditOf(v.id)).toEqual([
        expect.objectContaining({ actorId: adminId, action: 'status', vehicleId: v.id, before: { status: from }, after: { status: to } }),
      ]);
    });

    it.each([
      ['pending', 'sold'],
      ['rejected', 'sold'],
    ] as [ListingStatus, ListingStatus][])('refuses to mark a %s listing %s with 409, changing nothing', async (from, to) => {
      const v = await listing({ status: from });
      const res = await admin.patch(`/api/admin/vehicles/${v.id}/status`, { status: to });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(new RegExp(`^A ${from} listing cannot be marked sold`));
      expect((await t.app.get(DataSource).getRepository(VehicleEntity).findOneByOrFail({ id: v.id })).status).toBe(from);
      expect(await auditOf(v.id)).toEqual([]);
    });

    it.each([['featured'], ['deleted'], [''], [42], [null]])('refuses status %p with 400', async (status) => {
      const v = await listing();
      const res = await admin.patch(`/api/admin/vehicles/${v.id}/status`, { status });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'status', message: 'status must be one of pending, approved, rejected, sold' }]);
    });

    it('publishes an approved listing at once (detail and search), and hides it again when rejected', async () => {
      const v = await listing({ make: 'Maserati', model: 'Ghibli', status: 'pending' });
      const visitor = t.client();
      const search = async () => (await visitor.get('/api/vehicles/search?make=Maserati')).body;
      expect((await visitor.get(`/api/vehicles/${v.id}`)).status).toBe(404);
      expect(await search()).toMatchObject({ total: 0 });

      await admin.patch(`/api/admin/vehicles/${v.id}/status`, { status: 'approved' });
      expect((await visitor.get(`/api/vehicles/${v.id}`)).status).toBe(200);
      expect(await search()).toMatchObject({ total: 1, vehicles: [expect.objectContaining({ id: v.id })] });

      await admin.patch(`/api/admin/vehicles/${v.id}/status`, { status: 'rejected' });
      expect((await visitor.get(`/api/vehicles/${v.id}`)).status).toBe(404);
      expect(await search()).toMatchObject({ total: 0 });
    });

    it('answers the same status again without recording anything', async () => {
      const v = await listing({ status: 'approved' });
      const res = await admin.patch(`/api/admin/vehicles/${v.id}/status`, { status: 'approved' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('approved');
      expect(await auditOf(v.id)).toEqual([]);
    });

    it('answers 404 for an unknown listing and 400 for an id that is not a number', async () => {
      expect((await admin.patch('/api/admin/vehicles/999999/status', { status: 'approved' })).status).toBe(404);
      expect((await admin.patch('/api/admin/vehicles/abc/status', { status: 'approved' })).status).toBe(400);
    });
  });

  describe('PATCH /api/admin/vehicles/{id}', () => {
    it('saves the edit modal\'s fields at once, keeps the status, and records only the changed fields', async () => {
      const v = await listing({ status: 'approved', trim: 'Base', exteriorColor: 'black', color: 'black' });
      const res = await admin.patch(`/api/admin/vehicles/${v.id}`, {
        make: 'BMW',
        price: '52000.25',
        mileage: 30100,
        trim: '',
        exteriorColor: 'white',
        features: [' Sunroof/Moonroof ', 'Heated Seats', 'heated seats', ''],
        condition: 'very-good',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: v.id,
        status: 'approved',
        price: 52000.25,
        mileage: 30100,
        trim: null,
        exteriorColor: 'white',
        color: 'white',
        features: ['Sunroof/Moonroof', 'Heated Seats'],
        condition: 'very-good',
      });
      const [entry] = await auditOf(v.id);
      expect(entry).toMatchObject({ actorId: adminId, action: 'edit', vehicleId: v.id });
      // make was sent unchanged: not recorded.
      expect(entry.before).toEqual({
        price: 45999.5,
        mileage: v.mileage,
        trim: 'Base',
        exteriorColor: 'black',
        color: 'black',
        features: ['Heated Seats', 'Navigation System'],
        condition: 'excellent',
      });
      expect(entry.after).toEqual({
        price: 52000.25,
        mileage: 30100,
        trim: null,
        exteriorColor: 'white',
        color: 'white',
        features: ['Sunroof/Moonroof', 'Heated Seats'],
        condition: 'very-good',
      });
    });

    it('shows the edit in search at once (search columns and cached totals follow)', async () => {
      const v = await listing({ status: 'approved', make: 'Lotus', model: 'Evora' });
      const visitor = t.client();
      expect((await visitor.get('/api/vehicles/search?make=Lotus')).body).toMatchObject({ total: 1 });
      expect((await admin.patch(`/api/admin/vehicles/${v.id}`, { make: 'Alpine', model: 'A110' })).status).toBe(200);
      expect((await visitor.get('/api/vehicles/search?make=Lotus')).body).toMatchObject({ total: 0 });
      expect((await visitor.get('/api/vehicles/search?make=Alpine')).body).toMatchObject({ total: 1, vehicles: [expect.objectContaining({ id: v.id, model: 'A110' })] });
    });

    it('records featuring and unfeaturing as their own actions', async () => {
      const v = await listing({ status: 'approved' });
      expect((await admin.patch(`/api/admin/vehicles/${v.id}`, { isFeatured: true })).body.isFeatured).toBe(true);
      expect((await admin.patch(`/api/admin/vehicles/${v.id}`, { isFeatured: false })).body.isFeatured).toBe(false);
      expect((await auditOf(v.id)).map((e) => [e.action, e.before, e.after])).toEqual([
        ['feature', { isFeatured: false }, { isFeatured: true }],
        ['unfeature', { isFeatured: true }, { isFeatured: false }],
      ]);
    });

    it('records nothing when nothing changes', async () => {
      const v = await listing({ status: 'approved' });
      const res = await admin.patch(`/api/admin/vehicles/${v.id}`, { make: v.make, model: v.model, isFeatured: false });
      expect(res.status).toBe(200);
      expect(await auditOf(v.id)).toEqual([]);
    });

    it('moves the cover to the first photo when photos are removed under it, and refuses a cover that is not a photo', async () => {
      const photos = ['/uploads/l/1.webp', '/uploads/l/2.webp', '/uploads/l/3.webp'];
      const v = await listing({ images: photos, coverPhotoIndex: 2 });
      const res = await admin.patch(`/api/admin/vehicles/${v.id}`, { images: photos.slice(0, 2) });
      expect(res.body).toMatchObject({ images: photos.slice(0, 2), coverPhotoIndex: 0 });
      const bad = await admin.patch(`/api/admin/vehicles/${v.id}`, { images: photos.slice(0, 2), coverPhotoIndex: 2 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'coverPhotoIndex', message: 'The cover photo must be one of the photos' }]);
      const moved = await admin.patch(`/api/admin/vehicles/${v.id}`, { images: photos, coverPhotoIndex: 2 });
      expect(moved.body).toMatchObject({ images: photos, coverPhotoIndex: 2 });
    });

    it('removes the files of photos the edit drops, keeping the others', async () => {
      const storage = t.app.get<ObjectStorage>(OBJECT_STORAGE);
      const [kept, dropped] = await Promise.all(['admin-kept', 'admin-dropped'].map((name) => storage.put(`2026/11/${name}.webp`, Buffer.from('webp'), 'image/webp')));
      const fileOf = (url: string) => join(t.config.uploadDir, url.slice('/uploads/'.length));
      const v = await listing({ status: 'approved', images: [kept, dropped] });
      const res = await admin.patch(`/api/admin/vehicles/${v.id}`, { images: [kept] });
      expect(res.body.images).toEqual([kept]);
      expect([existsSync(fileOf(kept)), existsSync(fileOf(dropped))]).toEqual([true, false]);
    });

    it.each([
      [{ year: 1989 }, 'year', `Year must be from 1990 to ${new Date().getFullYear() + 1}`],
      [{ price: 0 }, 'price', 'Price must be greater than 0'],
      [{ price: 10.123 }, 'price', 'Price may have at most 2 decimals'],
      [{ mileage: -1 }, 'mileage', 'Mileage cannot be negative'],
      [{ condition: 'mint' }, 'condition', 'Condition must be one of: excellent, very-good, good, fair, poor'],
      [{ exteriorColor: 'N'.repeat(41) }, 'exteriorColor', 'Exterior color must be at most 40 characters'],
      [{ images: ['https://elsewhere.example/x.jpg'] }, 'images', 'Each image must be a photo uploaded to this site'],
      [{ make: null }, 'make', 'Make is required'],
      [{ make: '   ' }, 'make', 'Make is required'],
      [{ isFeatured: 'yes' }, 'isFeatured', 'isFeatured must be true or false'],
      [{ vin: '1HGCM82633A004352' }, 'vin', 'vin is not an accepted field'],
      [{ status: 'approved' }, 'status', 'status is not an accepted field'],
    ])('refuses %p with the listing rules (400), changing nothing', async (body, field, message) => {
      const v = await listing({ status: 'approved' });
      const res = await admin.patch(`/api/admin/vehicles/${v.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'Validation failed', errors: [{ field, message }] });
      expect(await auditOf(v.id)).toEqual([]);
    });

    it('answers 404 for an unknown listing', async () => {
      expect((await admin.patch('/api/admin/vehicles/999999', { make: 'Audi' })).status).toBe(404);
    });
  });

  describe('GET /api/admin/audit', () => {
    it('lists admin actions newest first with who did them, filterable by listing and paginated', async () => {
      const a = await listing();
      const b = await listing();
      await admin.patch(`/api/admin/vehicles/${a.id}/status`, { status: 'approved' });
      await admin.patch(`/api/admin/vehicles/${b.id}/status`, { status: 'rejected' });
      await admin.patch(`/api/admin/vehicles/${a.id}`, { isFeatured: true });

      const forA = await admin.get(`/api/admin/audit?vehicleId=${a.id}`);
      expect(forA.status).toBe(200);
      expect(forA.body).toMatchObject({ total: 2, page: 1, limit: 20 });
      expect(forA.body.items).toEqual([
        {
          id: expect.any(Number),
          action: 'feature',
          actor: { id: adminId, email: 'admin@example.com', firstName: 'Site', lastName: 'Admin' },
          vehicleId: a.id,
          before: { isFeatured: false },
          after: { isFeatured: true },
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
        expect.objectContaining({ action: 'status', before: { status: 'pending' }, after: { status: 'approved' } }),
      ]);

      const latest = await admin.get('/api/admin/audit?limit=2');
      expect(latest.body.items.map((e: { vehicleId: number; action: string }) => [e.vehicleId, e.action])).toEqual([
        [a.id, 'feature'],
        [b.id, 'status'],
      ]);
      expect(latest.body.total).toBeGreaterThanOrEqual(3);
    });

    it('refuses a listing id that is not a number', async () => {
      const res = await admin.get('/api/admin/audit?vehicleId=abc');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'vehicleId', message: 'vehicleId must be a listing id' }]);
    });
  });
});
