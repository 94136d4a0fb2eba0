import { DataSource } from 'typeorm';
import { MailOutbox } from '../../src/infra/mail/outbox/mail-outbox.service';
import { SavedSearchEntity } from '../../src/modules/saved-searches/entities/saved-search.entity';
import { SavedSearchAlertsJob } from '../../src/modules/saved-searches/saved-search-alerts.job';
import { ListingWriter } from '../../src/modules/vehicles/listing-writer.service';
import sharp from 'sharp';
import { listingInput, createVehicle } from '../factories/vehicle.factory';
import { formWith } from '../uploads/images';
import { registerUser, registerVerifiedUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { bodyText, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../support/test-app';

// Real uploads (sharp) and an SMTP sink on a machine shared by several test runs.
jest.setTimeout(90_000);

/**
 * Issue 27, part 3: a live edit of an approved listing cannot smuggle a scam past review. Misleading changes
 * (a deep price cut, contact details, links or payment words in added text) wait for review while the
 * approved version stays public, and saved-search alerts only ever tell of the public version.
 */
describe('live edits that wait for review', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let seller: HttpClient;
  let admin: HttpClient;
  let buyer: HttpClient;
  let buyerEmail: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-password',
      SMTP_URL: smtp.url,
      STAFF_EMAIL: 'staff@example.com',
      PUBLIC_URL: 'https://cars.example.com',
      RATE_LIMIT_PER_MINUTE: '100000',
      MAIL_POLL_MS: '100',
    });
    seller = t.client();
    await registerUser(seller);
    buyer = t.client();
    // A verified address: alerts go only to those.
    buyerEmail = (await registerVerifiedUser(t, buyer)).user.email;
    admin = t.client();
    expect((await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' })).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A listing created by the seller over HTTP and approved by the admin; answers it and the body sent. */
  async function liveListing(overrides: Record<string, unknown> = {}) {
    const input = listingInput({ price: 20000, mileage: 20000, description: 'One owner.', images: [], coverPhotoIndex: 0, ...overrides });
    const created = await seller.post('/api/vehicles', input);
    expect(created.status).toBe(201);
    expect((await admin.patch(`/api/admin/vehicles/${created.body.id}/status`, { status: 'approved' })).status).toBe(200);
    return { id: created.body.id as number, input };
  }
  const publicView = (id: number) => t.client().get(`/api/vehicles/${id}`);
  let shade = 0;
  /** A real photo upload by `client` (POST /api/uploads); answers its URL. */
  async function uploadPhoto(client: HttpClient): Promise<string> {
    shade += 1;
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade % 256, g: 90, b: 40 } } }).jpeg().toBuffer();
    const res = await client.post('/api/uploads', undefined, { rawBody: formWith(jpeg, 'car.jpg', 'image/jpeg') });
    expect(res.status).toBe(201);
    return res.body.secure_url as string;
  }
  const refusedPhoto = (res: { status: number; body: { errors?: { field: string; message: string }[] } }) => {
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'images', message: "Each image must be a photo uploaded by the listing's seller" }]);
  };

  describe('price cuts', () => {
    it('holds a cut from $20,000 to $1 for review; the approved price stays public', async () => {
      const { id, input } = await liveListing();
      const res = await seller.put(`/api/vehicles/${id}`, { ...input, price: 1 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'approved', price: 20000 });
      expect(res.body.pendingRevision.changes).toEqual({ price: 1 });
      const pub = await publicView(id);
      expect(pub.body).toMatchObject({ price: 20000, priceDrop: null });
    });

    it('puts a cut of 30 % live at once and holds a cut of 30 % and a cent', async () => {
      const a = await liveListing();
      const live = await seller.put(`/api/vehicles/${a.id}`, { ...a.input, price: 14000 });
      expect(live.body).toMatchObject({ price: 14000, pendingRevision: null });
      const b = await liveListing();
      const held = await seller.put(`/api/vehicles/${b.id}`, { ...b.input, price: 13999.99 });
      expect(held.body.price).toBe(20000);
      expect(held.body.pendingRevision.changes).toEqual({ price: 13999.99 });
    });

    it('holds even a small cut that takes the price below half the market estimate', async () => {
      const { id, input } = await liveListing();
      await t.app.get(ListingWriter).writeMarketEstimates([{ id, expectedPrice: 38000, comparables: 25, basis: 'model' }]);
      const below = await seller.put(`/api/vehicles/${id}`, { ...input, price: 18999 });
      expect(below.body.price).toBe(20000);
      expect(below.body.pendingRevision.changes).toEqual({ price: 18999 });
      // At half the estimate, the same kind of cut goes live (and the held one is withdrawn).
      const atHalf = await seller.put(`/api/vehicles/${id}`, { ...input, price: 19000 });
      expect(atHalf.body).toMatchObject({ price: 19000, pendingRevision: null });
    });
  });

  describe('added text', () => {
    it.each([
      ['two phone numbers', ' Call 555-010-4287 or (555) 010-9911.'],
      ['a WhatsApp number', ' WhatsApp +1 555 010 4287'],
      ['spaced digits', ' Text 5 5 5 0 1 0 4 2 8 7'],
      ['an e-mail address', ' Write to deals (at) fastmail (dot) com'],
      ['a link', ' Details at https://secure-escrow-cars.example.net/pay'],
      ['payment words', ' Wire the deposit by Western Union or Zelle, gift cards ok.'],
    ])('holds a description extended with %s for review', async (_what, added) => {
      const { id, input } = await liveListing();
      const res = await seller.put(`/api/vehicles/${id}`, { ...input, description: `One owner.${added}` });
      expect(res.status).toBe(200);
      expect(res.body.description).toBe('One owner.');
      expect(res.body.pendingRevision.changes).toEqual({ description: `One owner.${added}` });
      expect((await publicView(id)).body.description).toBe('One owner.');
    });

    it('puts added text with prices, model names and years live at once', async () => {
      const { id, input } = await liveListing();
      const description = 'One owner. Was $24,500 new-to-me in 2021; Porsche 911-style seats, F-150 tow hitch, 3.0L.';
      const res = await seller.put(`/api/vehicles/${id}`, { ...input, description });
      expect(res.body).toMatchObject({ description, pendingRevision: null });
    });
  });

  it('holds the whole scam edit of the issue and sends saved-search alerts only about the public version', async () => {
    const saved = await buyer.post('/api/user/searches', { name: 'Saabs', query: 'make=Saab', frequency: 'instant' });
    expect(saved.status).toBe(201);
    // Saved an hour ago, so the listing written next is new to it (one written in the same second as the search
    // was already among its results when it was saved).
    await t.app.get(DataSource).getRepository(SavedSearchEntity).update({ id: saved.body.id }, { createdAt: new Date(Date.now() - 3_600_000) });
    const { id, input } = await liveListing({ make: 'Saab', model: '9-3', year: 2011 });
    const alerts = t.app.get(SavedSearchAlertsJob);
    const run = async () => {
      expect(await alerts.run(new Date())).toBe('ran');
      await t.app.get(MailOutbox).drain();
    };
    // The buyer's alerts: each carries List-Unsubscribe, the account mail (the verification link) does not.
    const toBuyer = () => smtp.mails.filter((m) => m.to.includes(buyerEmail) && /^List-Unsubscribe:/im.test(m.raw));
    await run();
    // The listing's first alert ("1 new listing") is the mail before the edit.
    for (let i = 0; i < 50 && toBuyer().length === 0; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(toBuyer().map((m) => m.parsed.subject)).toEqual(['1 new listing for "Saabs"']);

    const scam = `One owner. Call 555-010-4287 or 555-010-9911, WhatsApp +1 555 010 7788. Pay by wire: https://pay-wire.example.com/saab`;
    const res = await seller.put(`/api/vehicles/${id}`, { ...input, price: 1, description: scam });
    expect(res.status).toBe(200);
    expect(res.body.pendingRevision.changes).toEqual({ price: 1, description: scam });
    expect((await publicView(id)).body).toMatchObject({ price: 20000, description: 'One owner.' });
    await run();
    await new Promise((r) => setTimeout(r, 500));
    const sent = toBuyer().slice(1);
    expect(sent.map((m) => bodyText(m)).join('\n')).not.toContain('Now $1,');
    expect(sent).toHaveLength(0);

    // A cut that goes public is what the alert tells of.
    const honest = await seller.put(`/api/vehicles/${id}`, { ...input, price: 18000 });
    expect(honest.body).toMatchObject({ price: 18000, pendingRevision: null });
    await run();
    for (let i = 0; i < 50 && toBuyer().length < 2; i += 1) await new Promise((r) => setTimeout(r, 100));
    const [drop, ...more] = toBuyer().slice(1);
    expect(more).toHaveLength(0);
    expect(bodyText(drop!)).toContain('Now $18,000, $2,000 less');
  });

  describe('photos: a listing uses only photos its owner uploaded', () => {
    let other: HttpClient;
    let othersPhoto: string;
    beforeAll(async () => {
      other = t.client();
      await registerUser(other);
      othersPhoto = await uploadPhoto(other);
    });
    const sellerListings = async () => ((await seller.get('/api/user/vehicles')).body as { id: number }[]).length;

    it("refuses another seller's photo in a new listing (400 naming images), stores nothing, and takes the seller's own", async () => {
      const before = await sellerListings();
      const own = await uploadPhoto(seller);
      refusedPhoto(await seller.post('/api/vehicles', listingInput({ images: [own, othersPhoto], coverPhotoIndex: 0 })));
      expect(await sellerListings()).toBe(before);
      const ok = await seller.post('/api/vehicles', listingInput({ images: [own], coverPhotoIndex: 0 }));
      expect(ok.status).toBe(201);
      expect(ok.body.images).toEqual([own]);
    });

    it("refuses another seller's photo appended in a live edit; the public listing is unchanged", async () => {
      const own = await uploadPhoto(seller);
      const { id, input } = await liveListing({ images: [own] });
      refusedPhoto(await seller.put(`/api/vehicles/${id}`, { ...input, images: [own, othersPhoto] }));
      expect((await publicView(id)).body.images).toEqual([own]);
      // The seller's own photo appended goes live at once.
      const mine = await uploadPhoto(seller);
      const res = await seller.put(`/api/vehicles/${id}`, { ...input, images: [own, mine] });
      expect(res.body).toMatchObject({ images: [own, mine], pendingRevision: null });
    });

    it("refuses another seller's photo in an edit that would wait for review: no revision is kept", async () => {
      const own = await uploadPhoto(seller);
      const { id, input } = await liveListing({ images: [own] });
      refusedPhoto(await seller.put(`/api/vehicles/${id}`, { ...input, images: [othersPhoto] }));
      const mine = (await seller.get('/api/user/vehicles')).body.find((v: { id: number }) => v.id === id);
      expect(mine.pendingRevision).toBeNull();
      const queue = await admin.get('/api/admin/revisions?limit=100');
      expect(queue.body.items.some((r: { vehicle: { id: number } }) => r.vehicle.id === id)).toBe(false);
    });

    it("lets staff use the listing's own photos and their own uploads, never another seller's", async () => {
      const [first, second] = [await uploadPhoto(seller), await uploadPhoto(seller)];
      const { id } = await liveListing({ images: [first, second] });
      refusedPhoto(await admin.patch(`/api/admin/vehicles/${id}`, { images: [first, othersPhoto] }));
      const reordered = await admin.patch(`/api/admin/vehicles/${id}`, { images: [second, first] });
      expect(reordered.status).toBe(200);
      const staffPhoto = await uploadPhoto(admin);
      const withStaffPhoto = await admin.patch(`/api/admin/vehicles/${id}`, { images: [second, first, staffPhoto] });
      expect(withStaffPhoto.status).toBe(200);
      expect((await publicView(id)).body.images).toEqual([second, first, staffPhoto]);
    });

    it("counts a stored photo without an upload record as its listing owner's: reusable by that owner only", async () => {
      const sellerId = (await seller.get('/api/user')).body.id as number;
      const otherId = (await other.get('/api/user')).body.id as number;
      const legacy = `/uploads/2025/01/legacy-${Date.now()}.webp`;
      const othersLegacy = `/uploads/2025/01/legacy-other-${Date.now()}.webp`;
      await createVehicle(t, sellerId, { images: [legacy] });
      await createVehicle(t, otherId, { images: [othersLegacy] });
      const reuse = await seller.post('/api/vehicles', listingInput({ images: [legacy], coverPhotoIndex: 0 }));
      expect(reuse.status).toBe(201);
      refusedPhoto(await seller.post('/api/vehicles', listingInput({ images: [othersLegacy], coverPhotoIndex: 0 })));
      refusedPhoto(await admin.patch(`/api/admin/vehicles/${reuse.body.id}`, { images: [legacy, othersLegacy] }));
    });
  });
});
