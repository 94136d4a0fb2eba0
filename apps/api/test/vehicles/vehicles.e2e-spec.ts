import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { OBJECT_STORAGE, type ObjectStorage } from '../../src/infra/storage/object-storage';
import { VehicleViewsPurgeJob } from '../../src/modules/vehicles/jobs/vehicle-views-purge.job';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';
import { createVehicle, createVehicles, listingInput, setCreatedAt } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import { BROWSER_UA } from '../factories/analytics.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const PRIVATE_FIELDS = ['vin', 'carfaxReportUrl', 'recentServices', 'contactPhone', 'contactEmail', 'contactFirstName', 'contactLastName', 'contactLocation', 'userId'];

describe('vehicle endpoints', () => {
  let t: TestApp;
  let seller: HttpClient;
  let sellerId: number;
  let other: HttpClient;
  let otherId: number;
  let admin: HttpClient;
  let storage: ObjectStorage;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
    seller = t.client();
    sellerId = (await registerUser(seller)).user.id;
    other = t.client();
    otherId = (await registerUser(other)).user.id;
    admin = t.client();
    const login = await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' });
    expect(login.status).toBe(200);
    storage = t.app.get(OBJECT_STORAGE);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Stores a photo and its card variant as the upload endpoint does; answers the photo URL. */
  async function storedPhoto(name: string): Promise<string> {
    const url = await storage.put(`2026/11/${name}.webp`, Buffer.from('webp'), 'image/webp');
    await storage.put(`2026/11/${name}-card.webp`, Buffer.from('webp'), 'image/webp');
    return url;
  }
  const fileOf = (url: string) => join(t.config.uploadDir, url.slice('/uploads/'.length));
  const photoExists = (url: string) => existsSync(fileOf(url)) && existsSync(fileOf(url.replace(/\.webp$/, '-card.webp')));

  describe('POST /api/vehicles', () => {
    it('answers 401 to a visitor', async () => {
      const res = await t.client().post('/api/vehicles', listingInput());
      expect(res.status).toBe(401);
    });

    it("refuses photos this site did not issue (another site's https URL), writing nothing", async () => {
      const before = (await seller.get('/api/user/vehicles')).body.length;
      for (const images of [['https://elsewhere.example/x.jpg'], ['/uploads/2026/11/ok.webp', 'https://cdn.elsewhere.example/a.webp']]) {
        const res = await seller.post('/api/vehicles', listingInput({ images, coverPhotoIndex: 0 }));
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field: 'images', message: 'Each image must be a photo uploaded to this site' }]);
      }
      expect((await seller.get('/api/user/vehicles')).body.length).toBe(before);
    });

    it('creates a pending listing of the signed-in user and answers it whole', async () => {
      const input = listingInput({ features: [' Heated Seats ', 'heated seats', '', 'Sunroof/Moonroof'], vin: '5uxcr6c04m9d12345' });
      const res = await seller.post('/api/vehicles', input);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        userId: sellerId,
        status: 'pending',
        views: 0,
        isFeatured: false,
        make: 'BMW',
        model: 'X5',
        price: 45999.99,
        features: ['Heated Seats', 'Sunroof/Moonroof'],
        vin: '5UXCR6C04M9D12345',
        images: input.images,
        coverPhotoIndex: 1,
        color: 'black',
        carfaxReportUrl: input.carfaxReportUrl,
        recentServices: ['Oil change 2026-01'],
      });
      expect(typeof res.body.id).toBe('number');
      expect(new Date(res.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      const mine = await seller.get('/api/user/vehicles');
      expect(mine.body.map((v: { id: number }) => v.id)).toContain(res.body.id);
    });

    it.each([
      ['id', 99],
      ['userId', 1],
      ['status', 'approved'],
      ['views', 1000],
      ['isFeatured', true],
      ['createdAt', '2020-01-01T00:00:00Z'],
      ['updatedAt', '2020-01-01T00:00:00Z'],
    ])('refuses %s in the body', async (field, value) => {
      const res = await seller.post('/api/vehicles', { ...listingInput(), [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message: `${field} is not an accepted field` }]);
    });
  });

  describe('GET /api/vehicles/{id}', () => {
    it('answers a pending listing to its owner and to an admin, 404 to anyone else', async () => {
      const vehicle = await createVehicle(t, sellerId, { status: 'pending' });
      const owner = await seller.get(`/api/vehicles/${vehicle.id}`);
      expect(owner.status).toBe(200);
      expect(owner.body).toMatchObject({ id: vehicle.id, status: 'pending', vin: vehicle.vin, userId: sellerId });
      const byAdmin = await admin.get(`/api/vehicles/${vehicle.id}`);
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.contactEmail).toBe('seller@example.com');
      for (const stranger of [t.client(), other]) {
        const res = await stranger.get(`/api/vehicles/${vehicle.id}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, message: 'Vehicle not found' });
      }
    });

    it('hides a rejected listing from strangers', async () => {
      const vehicle = await createVehicle(t, sellerId, { status: 'rejected' });
      expect((await other.get(`/api/vehicles/${vehicle.id}`)).status).toBe(404);
      expect((await seller.get(`/api/vehicles/${vehicle.id}`)).status).toBe(200);
    });

    it('answers an approved listing to a visitor without internal fields', async () => {
      const vehicle = await createVehicle(t, sellerId, { isFeatured: true });
      const res = await t.client().get(`/api/vehicles/${vehicle.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: vehicle.id, make: 'BMW', status: 'approved', isFeatured: true, price: 45999.99, zipCode: '78701' });
      for (const field of PRIVATE_FIELDS) expect(res.body).not.toHaveProperty(field);
      expect(res.text).not.toMatch(/password|5UXCR6C04M9D12345/i);
    });

    it('answers a sold listing to anyone, marked sold', async () => {
      const vehicle = await createVehicle(t, sellerId, { status: 'sold' });
      const res = await t.client().get(`/api/vehicles/${vehicle.id}`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('sold');
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await t.client().get('/api/vehicles/999999')).status).toBe(404);
      expect((await t.client().get('/api/vehicles/abc')).status).toBe(400);
      expect((await t.client().get('/api/vehicles/0')).status).toBe(400);
    });

    it('counts a view once per visitor per day, never for the owner or an admin', async () => {
      const vehicle = await createVehicle(t, sellerId, { views: 5 });
      const visitor = t.client();
      const first = await visitor.get(`/api/vehicles/${vehicle.id}`, { headers: { 'user-agent': BROWSER_UA } });
      expect(first.body.views).toBe(6);
      expect(visitor.cookies.get('cm_vid')).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const again = await visitor.get(`/api/vehicles/${vehicle.id}`, { headers: { 'user-agent': BROWSER_UA } });
      expect(again.body.views).toBe(6);
      const second = await t.client().get(`/api/vehicles/${vehicle.id}`, { headers: { 'user-agent': `${BROWSER_UA} Edg/131` } });
      expect(second.body.views).toBe(7);
      expect((await seller.get(`/api/vehicles/${vehicle.id}`)).body.views).toBe(7);
      expect((await admin.get(`/api/vehicles/${vehicle.id}`)).body.views).toBe(7);
      // A signed-in stranger is a visitor like any other.
      expect((await other.get(`/api/vehicles/${vehicle.id}`, { headers: { 'user-agent': `${BROWSER_UA} Firefox` } })).body.views).toBe(8);
      const stored = await t.app.get(DataSource).query('SELECT views FROM vehicles WHERE id = ?', [vehicle.id]);
      expect(Number(stored[0].views)).toBe(8);
    });

    it('counts a cookie-less visitor once (by address and user agent), however many requests it sends', async () => {
      const vehicle = await createVehicle(t, sellerId, { views: 0 });
      for (let i = 0; i < 25; i++) await t.client().get(`/api/vehicles/${vehicle.id}`, { headers: { 'user-agent': BROWSER_UA } });
      const stored = await t.app.get(DataSource).query('SELECT views FROM vehicles WHERE id = ?', [vehicle.id]);
      expect(Number(stored[0].views)).toBe(1);
      // The id it is given as a cookie is the same one, so taking the cookie changes nothing.
      const withCookie = t.client();
      await withCookie.get(`/api/vehicles/${vehicle.id}`, { headers: { 'user-agent': BROWSER_UA } });
      expect((await withCookie.get(`/api/vehicles/${vehicle.id}`, { headers: { 'user-agent': BROWSER_UA } })).body.views).toBe(1);
    });

    it('never counts a bot, nor a client without a user agent, and gives them no cookie', async () => {
      const vehicle = await createVehicle(t, sellerId, { views: 3 });
      for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'python-requests/2.32', '']) {
        const client = t.client();
        const res = await client.get(`/api/vehicles/${vehicle.id}`, { headers: { 'user-agent': ua } });
        expect({ ua, status: res.status, views: res.body.views, cookie: client.cookies.has('cm_vid') }).toEqual({ ua, status: 200, views: 3, cookie: false });
      }
    });

    it('counts the same visitor again on another day (past records are purged daily)', async () => {
      const vehicle = await createVehicle(t, sellerId);
      const visitor = t.client();
      const browser = { headers: { 'user-agent': `${BROWSER_UA} another-day` } };
      expect((await visitor.get(`/api/vehicles/${vehicle.id}`, browser)).body.views).toBe(1);
      const dataSource = t.app.get(DataSource);
      // Move the record to three days ago: today's view counts again, and the purge job forgets the old one.
      await dataSource.query('UPDATE vehicle_views SET day = ? WHERE vehicleId = ?', ['2000-01-01', vehicle.id]);
      expect((await visitor.get(`/api/vehicles/${vehicle.id}`, browser)).body.views).toBe(2);
      expect(await t.app.get(VehicleViewsPurgeJob).run()).toBe('ran');
      const days = await dataSource.query('SELECT day FROM vehicle_views WHERE vehicleId = ?', [vehicle.id]);
      expect(days.map((r: { day: string }) => r.day)).toEqual([new Date().toISOString().slice(0, 10)]);
    });
  });

  describe('PUT /api/vehicles/{id}', () => {
    it('lets the owner edit; an approved listing stays on the market with its changes awaiting review', async () => {
      const vehicle = await createVehicle(t, sellerId, { views: 3, isFeatured: true });
      const res = await seller.put(`/api/vehicles/${vehicle.id}`, listingInput({ price: 41000, make: 'Audi', model: 'Q7', trim: '' }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: vehicle.id, status: 'approved', price: 41000, make: 'BMW', model: 'X5', views: 3, isFeatured: true, userId: sellerId });
      expect(res.body.pendingRevision.changes).toMatchObject({ make: 'Audi', model: 'Q7', trim: null });
      expect((await t.client().get(`/api/vehicles/${vehicle.id}`)).status).toBe(200);
    });

    it('lets the owner edit a pending listing in place', async () => {
      const vehicle = await createVehicle(t, sellerId, { status: 'pending' });
      const res = await seller.put(`/api/vehicles/${vehicle.id}`, listingInput({ make: 'Audi', model: 'Q7' }));
      expect(res.body).toMatchObject({ status: 'pending', make: 'Audi', model: 'Q7', pendingRevision: null });
    });

    it('sends a rejected listing back to review when its owner edits it', async () => {
      const vehicle = await createVehicle(t, sellerId, { status: 'rejected' });
      const res = await seller.put(`/api/vehicles/${vehicle.id}`, listingInput());
      expect(res.body.status).toBe('pending');
    });

    it('keeps an approved listing live when an admin edits it', async () => {
      const vehicle = await createVehicle(t, sellerId);
      const res = await admin.put(`/api/vehicles/${vehicle.id}`, listingInput({ price: 39999 }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'approved', price: 39999, userId: sellerId });
      expect((await t.client().get(`/api/vehicles/${vehicle.id}`)).body.price).toBe(39999);
    });

    it("refuses another user's edit: 403 on a public listing, 404 on a pending one", async () => {
      const approved = await createVehicle(t, sellerId);
      const pending = await createVehicle(t, sellerId, { status: 'pending' });
      const forbidden = await other.put(`/api/vehicles/${approved.id}`, listingInput());
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ statusCode: 403, message: 'You can only change your own listings' });
      expect((await other.put(`/api/vehicles/${pending.id}`, listingInput())).status).toBe(404);
      expect((await t.client().put(`/api/vehicles/${approved.id}`, listingInput())).status).toBe(401);
      expect((await seller.get(`/api/vehicles/${approved.id}`)).body.price).toBe(45999.99);
    });

    it('validates the body like POST', async () => {
      const vehicle = await createVehicle(t, sellerId);
      const res = await seller.put(`/api/vehicles/${vehicle.id}`, listingInput({ vin: 'SHORT' }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'vin', message: 'VIN must be exactly 17 characters' }]);
    });

    it('removes the photos the edit drops from storage, every variant', async () => {
      const kept = await storedPhoto('put-kept');
      const dropped = await storedPhoto('put-dropped');
      const created = await seller.post('/api/vehicles', listingInput({ images: [kept, dropped], coverPhotoIndex: 0 }));
      expect(created.status).toBe(201);
      expect(photoExists(dropped)).toBe(true);
      const res = await seller.put(`/api/vehicles/${created.body.id}`, listingInput({ images: [kept], coverPhotoIndex: 0 }));
      expect(res.status).toBe(200);
      expect(res.body.images).toEqual([kept]);
      expect(photoExists(kept)).toBe(true);
      expect(existsSync(fileOf(dropped))).toBe(false);
      expect(existsSync(fileOf(dropped.replace('.webp', '-card.webp')))).toBe(false);
    });
  });

  describe('DELETE /api/vehicles/{id}', () => {
    it("refuses another user's delete: 403 on a public listing, 404 on a pending one", async () => {
      const approved = await createVehicle(t, sellerId);
      const pending = await createVehicle(t, sellerId, { status: 'pending' });
      expect((await other.delete(`/api/vehicles/${approved.id}`)).status).toBe(403);
      expect((await other.delete(`/api/vehicles/${pending.id}`)).status).toBe(404);
      expect((await t.client().delete(`/api/vehicles/${approved.id}`)).status).toBe(401);
      expect((await t.client().get(`/api/vehicles/${approved.id}`)).status).toBe(200);
    });

    it('lets the owner delete the listing; its photos leave storage', async () => {
      const a = await storedPhoto('del-a');
      const b = await storedPhoto('del-b');
      const created = await seller.post('/api/vehicles', listingInput({ images: [a, b] }));
      const res = await seller.delete(`/api/vehicles/${created.body.id}`);
      expect(res.status).toBe(204);
      expect((await seller.get(`/api/vehicles/${created.body.id}`)).status).toBe(404);
      expect([existsSync(fileOf(a)), existsSync(fileOf(b)), existsSync(fileOf(b.replace('.webp', '-card.webp')))]).toEqual([false, false, false]);
    });

    it("keeps a photo another listing still uses (no deleting someone else's photos)", async () => {
      const shared = await storedPhoto('del-shared');
      const victim = await other.post('/api/vehicles', listingInput({ images: [shared], coverPhotoIndex: 0 }));
      // A listing may no longer take another seller's photo (400); one that took it before the rule did is deleted.
      const refused = await seller.post('/api/vehicles', listingInput({ images: [shared], coverPhotoIndex: 0 }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].field).toBe('images');
      const copy = await createVehicle(t, sellerId, { images: [shared] });
      expect((await seller.delete(`/api/vehicles/${copy.id}`)).status).toBe(204);
      expect(photoExists(shared)).toBe(true);
      expect((await other.get(`/api/vehicles/${victim.body.id}`)).body.images).toEqual([shared]);
    });

    it("lets an admin delete anyone's listing", async () => {
      const vehicle = await createVehicle(t, otherId, { status: 'pending' });
      expect((await admin.delete(`/api/vehicles/${vehicle.id}`)).status).toBe(204);
      expect((await other.get(`/api/vehicles/${vehicle.id}`)).status).toBe(404);
    });
  });

  describe('GET /api/user/vehicles', () => {
    it('answers 401 to a visitor', async () => {
      expect((await t.client().get('/api/user/vehicles')).status).toBe(401);
    });

    it("answers only the user's own listings, every status, newest first, with the owner's fields", async () => {
      const user = t.client();
      const { user: me } = await registerUser(user);
      const made = await createVehicles(t, me.id, [{ status: 'pending' }, { status: 'approved' }, { status: 'rejected' }, { status: 'sold' }]);
      await createVehicle(t, otherId);
      for (const [i, v] of made.entries()) await setCreatedAt(t, v.id, new Date(Date.UTC(2026, 0, 1 + i)));
      const res = await user.get('/api/user/vehicles');
      expect(res.status).toBe(200);
      expect(res.body.map((v: { id: number; status: string }) => [v.id, v.status])).toEqual(
        [...made].reverse().map((v) => [v.id, v.status]),
      );
      expect(res.body[0]).toMatchObject({ userId: me.id, vin: '5UXCR6C04M9D12345', contactEmail: 'seller@example.com' });
    });
  });

  describe('GET /api/vehicles/recent and /featured', () => {
    it('answer approved listings only, newest first, at most 24 and 6', async () => {
      const user = t.client();
      const { user: me } = await registerUser(user);
      await t.app.get(DataSource).getRepository(VehicleEntity).createQueryBuilder().update().set({ createdAt: new Date(Date.UTC(2020, 0, 1)) }).execute();
      const approved = await createVehicles(t, me.id, Array.from({ length: 26 }, (_, i) => ({ isFeatured: i % 3 === 0 })));
      const hidden = await createVehicles(t, me.id, [
        { status: 'pending', isFeatured: true },
        { status: 'sold', isFeatured: true },
        { status: 'rejected', isFeatured: true },
      ]);
      for (const [i, v] of [...approved, ...hidden].entries()) {
        await setCreatedAt(t, v.id, new Date(Date.UTC(2026, 0, 1, i)));
      }
      const newestFirst = [...approved].reverse();

      const recent = await t.client().get('/api/vehicles/recent');
      expect(recent.status).toBe(200);
      expect(recent.body.map((v: { id: number }) => v.id)).toEqual(newestFirst.slice(0, 24).map((v) => v.id));
      for (const field of PRIVATE_FIELDS) expect(recent.body[0]).not.toHaveProperty(field);

      const featured = await t.client().get('/api/vehicles/featured');
      expect(featured.status).toBe(200);
      expect(featured.body.map((v: { id: number }) => v.id)).toEqual(newestFirst.filter((v) => v.isFeatured).slice(0, 6).map((v) => v.id));
      expect(featured.body.every((v: { isFeatured: boolean; status: string }) => v.isFeatured && v.status === 'approved')).toBe(true);
    });
  });
});
