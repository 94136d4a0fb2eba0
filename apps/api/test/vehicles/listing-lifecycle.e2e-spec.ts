import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { OBJECT_STORAGE, type ObjectStorage } from '../../src/infra/storage/object-storage';
import { listingInput, updateVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('listing lifecycle: live edits, revisions, price history, sold', () => {
  let t: TestApp;
  let seller: HttpClient;
  let other: HttpClient;
  let admin: HttpClient;
  let storage: ObjectStorage;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
    seller = t.client();
    await registerUser(seller);
    other = t.client();
    await registerUser(other);
    admin = t.client();
    expect((await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' })).status).toBe(200);
    storage = t.app.get(OBJECT_STORAGE);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A listing created by the seller over HTTP and approved by the admin; answers it and the body sent. */
  async function liveListing(overrides: Record<string, unknown> = {}) {
    const input = listingInput({ price: 50000, mileage: 20000, description: 'One owner.', ...overrides });
    const created = await seller.post('/api/vehicles', input);
    expect(created.status).toBe(201);
    const approved = await admin.patch(`/api/admin/vehicles/${created.body.id}/status`, { status: 'approved' });
    expect(approved.status).toBe(200);
    return { id: created.body.id as number, input };
  }

  async function storedPhoto(name: string): Promise<string> {
    const url = await storage.put(`2026/11/${name}.webp`, Buffer.from('webp'), 'image/webp');
    await storage.put(`2026/11/${name}-card.webp`, Buffer.from('webp'), 'image/webp');
    return url;
  }
  const photoExists = (url: string) => existsSync(join(t.config.uploadDir, url.slice('/uploads/'.length)));
  const publicView = (id: number) => t.client().get(`/api/vehicles/${id}`);

  describe('a seller edit of an approved listing', () => {
    it('puts a price cut live at once: the listing stays public, shows the drop and records the price', async () => {
      const { id, input } = await liveListing();
      const res = await seller.put(`/api/vehicles/${id}`, { ...input, price: 48500 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'approved', price: 48500, pendingRevision: null });

      const pub = await publicView(id);
      expect(pub.status).toBe(200);
      expect(pub.body.price).toBe(48500);
      expect(pub.body.priceDrop).toMatchObject({ amount: 1500, previousPrice: 50000 });
      expect(Date.now() - new Date(pub.body.priceDrop.at).getTime()).toBeLessThan(60_000);

      const history = await t.client().get(`/api/vehicles/${id}/price-history`);
      expect(history.status).toBe(200);
      expect(history.body.map((p: { price: number }) => p.price)).toEqual([50000, 48500]);
    });

    it('puts a mileage correction upward, photos added at the end and a longer description live at once', async () => {
      const { id, input } = await liveListing();
      const images = [...input.images, '/uploads/2026/11/added-at-end.webp'];
      const res = await seller.put(`/api/vehicles/${id}`, { ...input, mileage: 20500, images, description: 'One owner. New tires in 2026.' });
      expect(res.status).toBe(200);
      expect(res.body.pendingRevision).toBeNull();
      const pub = await publicView(id);
      expect(pub.body).toMatchObject({ mileage: 20500, images, description: 'One owner. New tires in 2026.', priceDrop: null });
    });

    it('keeps any other change as a pending revision while the approved version stays public', async () => {
      const { id, input } = await liveListing({ trim: 'xDrive40i' });
      const res = await seller.put(`/api/vehicles/${id}`, { ...input, price: 49000, trim: 'M50i', mileage: 19000 });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('approved');
      expect(res.body.price).toBe(49000);
      expect(res.body.trim).toBe('xDrive40i');
      expect(res.body.pendingRevision.changes).toEqual({ trim: 'M50i', mileage: 19000 });

      const pub = await publicView(id);
      expect(pub.status).toBe(200);
      expect(pub.body).toMatchObject({ trim: 'xDrive40i', mileage: 20000, price: 49000 });
      expect(pub.body).not.toHaveProperty('pendingRevision');

      const mine = await seller.get('/api/user/vehicles');
      expect(mine.body.find((v: { id: number }) => v.id === id).pendingRevision.changes).toEqual({ trim: 'M50i', mileage: 19000 });
    });

    it('holds a price increase for review', async () => {
      const { id, input } = await liveListing();
      const res = await seller.put(`/api/vehicles/${id}`, { ...input, price: 52000 });
      expect(res.body.price).toBe(50000);
      expect(res.body.pendingRevision.changes).toEqual({ price: 52000 });
    });

    it('replaces the pending revision with a newer edit, and drops it when the edit matches the live listing', async () => {
      const { id, input } = await liveListing();
      const first = await seller.put(`/api/vehicles/${id}`, { ...input, model: 'X6' });
      const second = await seller.put(`/api/vehicles/${id}`, { ...input, model: 'X7' });
      expect(second.body.pendingRevision.changes).toEqual({ model: 'X7' });
      expect(second.body.pendingRevision.id).not.toBe(first.body.pendingRevision.id);
      const stale = await admin.post(`/api/admin/revisions/${first.body.pendingRevision.id}/approve`);
      expect(stale.status).toBe(404);

      const back = await seller.put(`/api/vehicles/${id}`, input);
      expect(back.body.pendingRevision).toBeNull();
      const queue = await admin.get('/api/admin/revisions?limit=100');
      expect(queue.body.items.some((r: { vehicle: { id: number } }) => r.vehicle.id === id)).toBe(false);
    });

    it('sends a rejected listing back to review, as before', async () => {
      const { id, input } = await liveListing();
      await admin.patch(`/api/admin/vehicles/${id}/status`, { status: 'rejected' });
      const res = await seller.put(`/api/vehicles/${id}`, { ...input, model: 'X6' });
      expect(res.body).toMatchObject({ status: 'pending', model: 'X6', pendingRevision: null });
    });
  });

  describe('admin review of revisions', () => {
    it('lists pending revisions field by field, photos included, for admins only', async () => {
      const { id, input } = await liveListing();
      const images = [input.images[1], input.images[0]];
      await seller.put(`/api/vehicles/${id}`, { ...input, images, exteriorColor: 'white' });
      expect((await seller.get('/api/admin/revisions')).status).toBe(403);
      expect((await t.client().get('/api/admin/revisions')).status).toBe(401);

      const queue = await admin.get('/api/admin/revisions?limit=100');
      expect(queue.status).toBe(200);
      const revision = queue.body.items.find((r: { vehicle: { id: number } }) => r.vehicle.id === id);
      expect(revision.author.email).toMatch(/@example\.com$/);
      expect(revision.vehicle.images).toEqual(input.images);
      expect(revision.diff).toEqual([
        { field: 'exteriorColor', label: 'Exterior color', before: 'black', after: 'white' },
        { field: 'color', label: 'Color family', before: 'black', after: 'white' },
        { field: 'images', label: 'Photos', before: input.images, after: images },
      ]);
    });

    it('approves a revision: its changes go live, audited as an admin edit, the old photo leaves storage', async () => {
      const kept = await storedPhoto('rev-kept');
      const replaced = await storedPhoto('rev-replaced');
      const fresh = await storedPhoto('rev-fresh');
      const { id, input } = await liveListing({ images: [kept, replaced], coverPhotoIndex: 1 });
      const edit = await seller.put(`/api/vehicles/${id}`, { ...input, images: [kept, fresh], coverPhotoIndex: 1, year: 2022 });
      const revisionId = edit.body.pendingRevision.id;
      expect(photoExists(fresh)).toBe(true);

      const res = await admin.post(`/api/admin/revisions/${revisionId}/approve`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ year: 2022, images: [kept, fresh], status: 'approved', pendingRevision: null });
      expect((await publicView(id)).body.year).toBe(2022);
      expect(photoExists(replaced)).toBe(false);
      expect(photoExists(kept)).toBe(true);

      const audit = await admin.get(`/api/admin/audit?vehicleId=${id}`);
      expect(audit.body.items[0]).toMatchObject({ action: 'edit', before: { year: 2021, images: [kept, replaced] }, after: { year: 2022, images: [kept, fresh] } });
      expect((await admin.post(`/api/admin/revisions/${revisionId}/approve`)).status).toBe(409);
    });

    it('rejects a revision with a reason: the live listing is unchanged and the proposed photo leaves storage', async () => {
      const fresh = await storedPhoto('rev-rejected');
      const { id, input } = await liveListing();
      const edit = await seller.put(`/api/vehicles/${id}`, { ...input, images: [fresh], coverPhotoIndex: 0 });
      const revisionId = edit.body.pendingRevision.id;

      const noReason = await admin.post(`/api/admin/revisions/${revisionId}/reject`, {});
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors[0].field).toBe('reason');

      const res = await admin.post(`/api/admin/revisions/${revisionId}/reject`, { reason: 'photos', note: 'Not this car' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ images: input.images, pendingRevision: null });
      expect(photoExists(fresh)).toBe(false);
      const audit = await admin.get(`/api/admin/audit?vehicleId=${id}`);
      expect(audit.body.items[0]).toMatchObject({ action: 'reject-revision', after: { reason: 'photos', note: 'Not this car' } });
    });

    it('keeps a photo a pending revision proposes when the listing drops it elsewhere', async () => {
      const fresh = await storedPhoto('rev-pending-photo');
      const { id, input } = await liveListing();
      await seller.put(`/api/vehicles/${id}`, { ...input, images: [fresh], coverPhotoIndex: 0 });
      // Another listing of the seller that used the same photo is deleted: the photo stays for the revision.
      const twin = await seller.post('/api/vehicles', listingInput({ images: [fresh], coverPhotoIndex: 0 }));
      expect((await seller.delete(`/api/vehicles/${twin.body.id}`)).status).toBe(204);
      expect(photoExists(fresh)).toBe(true);
    });
  });

  describe('sold', () => {
    it('lets the owner mark a live listing sold with a price shown publicly, and counts days on market', async () => {
      const { id } = await liveListing();
      await updateVehicle(t, id, { publishedAt: new Date(Date.now() - 12 * 86_400_000) });
      const res = await seller.post(`/api/vehicles/${id}/sold`, { soldPrice: 47000, showSoldPrice: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'sold', soldPrice: 47000, soldPriceShown: true, daysOnMarket: 12 });
      const pub = await publicView(id);
      expect(pub.status).toBe(200);
      expect(pub.body).toMatchObject({ status: 'sold', soldPrice: 47000 });
      expect(pub.body).not.toHaveProperty('daysOnMarket');
      expect(Date.now() - new Date(pub.body.soldAt).getTime()).toBeLessThan(60_000);
    });

    it('keeps the sold price from the public unless the seller agrees; admins see it', async () => {
      const { id } = await liveListing();
      expect((await seller.post(`/api/vehicles/${id}/sold`, { soldPrice: 46000 })).status).toBe(200);
      expect((await publicView(id)).body).toMatchObject({ status: 'sold', soldPrice: null });
      const asAdmin = await admin.get(`/api/vehicles/${id}`);
      expect(asAdmin.body).toMatchObject({ soldPrice: 46000, soldPriceShown: false });
      expect(typeof asAdmin.body.daysOnMarket).toBe('number');
    });

    it('answers 409 for a listing that is not live, 403 to another user, 400 for a bad price', async () => {
      const pending = await seller.post('/api/vehicles', listingInput());
      expect((await seller.post(`/api/vehicles/${pending.body.id}/sold`, {})).status).toBe(409);
      const { id } = await liveListing();
      expect((await other.post(`/api/vehicles/${id}/sold`, {})).status).toBe(403);
      const bad = await seller.post(`/api/vehicles/${id}/sold`, { soldPrice: -5 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('soldPrice');
    });

    it('clears the sold date and price when an admin puts the listing back on the market', async () => {
      const { id } = await liveListing();
      await seller.post(`/api/vehicles/${id}/sold`, { soldPrice: 45000, showSoldPrice: true });
      const back = await admin.patch(`/api/admin/vehicles/${id}/status`, { status: 'approved' });
      expect(back.body).toMatchObject({ status: 'approved', soldAt: null, soldPrice: null, soldPriceShown: false });
    });
  });

  describe('price drops in search', () => {
    it('sorts by "Recently reduced" and hides drops older than 30 days', async () => {
      const a = await liveListing({ make: 'Porsche', model: 'Cayman' });
      const b = await liveListing({ make: 'Porsche', model: 'Cayman' });
      const c = await liveListing({ make: 'Porsche', model: 'Cayman' });
      await seller.put(`/api/vehicles/${a.id}`, { ...a.input, price: 49000 });
      await seller.put(`/api/vehicles/${b.id}`, { ...b.input, price: 45000 });
      await updateVehicle(t, a.id, { priceReducedAt: new Date(Date.now() - 40 * 86_400_000) });
      await updateVehicle(t, b.id, { priceReducedAt: new Date(Date.now() - 2 * 86_400_000) });

      const res = await t.client().get('/api/vehicles/search?make=porsche&sortBy=reduced_desc');
      expect(res.status).toBe(200);
      expect(res.body.vehicles.map((v: { id: number }) => v.id)).toEqual([b.id, a.id, c.id]);
      expect(res.body.vehicles[0].priceDrop).toMatchObject({ amount: 5000, previousPrice: 50000 });
      expect(res.body.vehicles[1].priceDrop).toBeNull();
    });

    it('clears the drop when the price goes back up', async () => {
      const { id, input } = await liveListing();
      await admin.patch(`/api/admin/vehicles/${id}`, { price: 45000 });
      expect((await publicView(id)).body.priceDrop).toMatchObject({ amount: 5000 });
      await admin.patch(`/api/admin/vehicles/${id}`, { price: 47000 });
      expect((await publicView(id)).body.priceDrop).toBeNull();
      const history = await t.client().get(`/api/vehicles/${id}/price-history`);
      expect(history.body.map((p: { price: number }) => p.price)).toEqual([input.price, 45000, 47000]);
    });

    it('answers 404 for the price history of a listing the visitor may not see', async () => {
      const pending = await seller.post('/api/vehicles', listingInput());
      expect((await t.client().get(`/api/vehicles/${pending.body.id}/price-history`)).status).toBe(404);
      expect((await seller.get(`/api/vehicles/${pending.body.id}/price-history`)).status).toBe(200);
    });
  });
});
