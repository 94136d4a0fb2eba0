import sharp from 'sharp';
import { expectedVinCheckDigit } from '@app/shared';
import { DealRatingsService } from '../../src/modules/vehicles/pricing/deal-ratings.service';
import { createVehicles, listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { formWith } from '../uploads/images';

const upload = (client: HttpClient, form: FormData) => client.post('/api/uploads', undefined, { rawBody: form });

/** A picture with structure (shapes on a gradient), as a camera would not make it but a hash can tell apart. */
const scene = (shift: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#8ac"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <circle cx="${300 + shift}" cy="400" r="180" fill="#e33"/><rect x="${700 - shift}" y="150" width="300" height="420" fill="#fd3"/>
    <rect x="100" y="650" width="1000" height="80" fill="#222"/></svg>`);

/** A well-formed VIN with its right check digit, from 16 other characters. */
const validVin = (base: string) => `${base.slice(0, 8)}${expectedVinCheckDigit(`${base.slice(0, 8)}0${base.slice(8)}`)}${base.slice(8)}`;

describe('moderation signals in the pending queue', () => {
  let t: TestApp;
  let admin: HttpClient;
  let seller: HttpClient;
  let otherId: number;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
    admin = t.client();
    expect((await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' })).status).toBe(200);
    seller = t.client();
    await registerUser(seller);
    otherId = (await registerUser(t.client())).user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const queue = async (sort = 'oldest') => {
    const res = await admin.get(`/api/admin/vehicles/pending?sort=${sort}&limit=100`);
    expect(res.status).toBe(200);
    return res.body.items as { id: number; risk: number; signals: { code: string; reason: string }[] }[];
  };
  const codesOf = async (id: number) => (await queue()).find((v) => v.id === id)!.signals.map((s) => s.code).sort();

  it('shows a clean listing with no signals and risk 0', async () => {
    const res = await seller.post('/api/vehicles', listingInput({ vin: validVin('1HGCM826SA004352'), price: 20000, contactEmail: 'clean@example.com', contactPhone: '(555) 010-1111' }));
    const item = (await queue()).find((v) => v.id === res.body.id)!;
    expect(item).toMatchObject({ signals: [], risk: 0 });
  });

  it('flags a wrong VIN check digit and a new account listing an expensive car, with reasons', async () => {
    const vin = validVin('WP0AB2A9SFS12345');
    const wrong = `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;
    const res = await seller.post('/api/vehicles', listingInput({ vin: wrong, make: 'Porsche', model: '911', year: 2025, trim: null, price: 95000, contactEmail: 'a1@example.com', contactPhone: '(555) 010-2222' }));
    const item = (await queue()).find((v) => v.id === res.body.id)!;
    expect(item.signals.map((s) => s.code).sort()).toEqual(['new-account-expensive', 'vin-check-digit']);
    expect(item.signals.find((s) => s.code === 'vin-check-digit')!.reason).toBe(`VIN ${wrong}: check digit is ${wrong[8]}, expected ${vin[8]}`);
    expect(item.signals.find((s) => s.code === 'new-account-expensive')!.reason).toBe('Account created today, listing at $95,000');
    expect(item.risk).toBe(5);
  });

  it('flags a VIN another live listing holds and a contact another account uses', async () => {
    const vin = validVin('5UXCR6C0SM9D1234');
    const [live] = await createVehicles(t, otherId, [{ vin, contactEmail: 'dealer@example.com', make: 'BMW', model: 'X5', year: 2021 }]);
    const res = await seller.post('/api/vehicles', listingInput({ vin, price: 30000, contactEmail: 'dealer@example.com', contactPhone: '(555) 010-3333' }));
    expect(await codesOf(res.body.id)).toEqual(['duplicate-vin', 'shared-contact']);
    const item = (await queue()).find((v) => v.id === res.body.id)!;
    expect(item.signals.find((s) => s.code === 'duplicate-vin')!.reason).toBe(`Same VIN as approved listing #${live!.id} (2021 BMW X5)`);
    expect(item.signals.find((s) => s.code === 'shared-contact')!.reason).toBe('Contact (555) 010-3333 / dealer@example.com is on listings of 1 other account');
  });

  it('flags a price far below the market estimate and sorts the queue by risk', async () => {
    await createVehicles(
      t,
      otherId,
      [59000, 60000, 60500, 61000, 60200].map((price) => ({ make: 'Porsche', model: 'Macan', year: 2022, mileage: 20000, condition: 'excellent', bodyType: 'suv', price, vin: validVin(`WP1AA2A5NLB${price}`.slice(0, 16)) })),
    );
    const res = await seller.post('/api/vehicles', listingInput({ make: 'Porsche', model: 'Macan', year: 2022, mileage: 20000, condition: 'excellent', bodyType: 'suv', price: 36000, vin: validVin('WP1AA2A5NLB99999'), contactEmail: 'cheap@example.com', contactPhone: '(555) 010-4444' }));
    await t.app.get(DealRatingsService).refit();
    const item = (await queue()).find((v) => v.id === res.body.id)!;
    expect(item.signals.map((s) => s.code)).toEqual(['price-far-below-market']);
    expect(item.signals[0]!.reason).toMatch(/^Price \$36,000 is \d\d% below the market estimate \$[\d,]+ \(5 comparables\)$/);

    const ranked = await queue('risk');
    const risks = ranked.map((v) => v.risk);
    expect(risks).toEqual([...risks].sort((a, b) => b - a));
    expect(ranked[0]!.risk).toBeGreaterThanOrEqual(5);
  });

  it('flags a VIN whose decode contradicts the make, model or year, saying what it decodes to', async () => {
    // A real VIN of a 2018 BMW 3 Series (330i xDrive).
    const res = await seller.post('/api/vehicles', listingInput({ vin: 'WBA8D9C51JEM31578', make: 'Porsche', model: 'Cayenne', year: 2019, trim: null, price: 30000, contactEmail: 'vin@example.com', contactPhone: '(555) 010-5555' }));
    expect(res.status).toBe(201);
    const item = (await queue()).find((v) => v.id === res.body.id)!;
    expect(item.signals.map((s) => s.code)).toEqual(['vin-decode-mismatch']);
    expect(item.signals[0]!.reason).toBe('VIN decodes to a 2018 BMW 3 Series; the listing says 2019 Porsche Cayenne (make, year differ)');
    expect(item.risk).toBe(3);
  });

  it('flags a photo showing the same picture as a photo of another account\'s listing, even re-encoded and resized', async () => {
    const original = await sharp(scene(0)).jpeg({ quality: 90 }).toBuffer();
    const copy = await sharp(original).resize(900).png().toBuffer();
    const own = await sharp(scene(300)).jpeg().toBuffer();
    const other = t.client();
    const otherAccount = (await registerUser(other)).user.id;
    const first = await upload(other, formWith(original, 'car.jpg', 'image/jpeg'));
    expect(first.status).toBe(201);
    const [live] = await createVehicles(t, otherAccount, [{ images: [first.body.secure_url], make: 'Audi', model: 'Q7', year: 2020, vin: validVin('WA1LAAF79LD00001') }]);

    const copied = await upload(seller, formWith(copy, 'mine.png', 'image/png'));
    const mine = await upload(seller, formWith(own, 'mine2.jpg', 'image/jpeg'));
    const res = await seller.post('/api/vehicles', listingInput({ images: [mine.body.secure_url, copied.body.secure_url], coverPhotoIndex: 0, price: 30000, vin: validVin('5UXCR6C0SM9D8888'), contactEmail: 'photo@example.com', contactPhone: '(555) 010-6666' }));
    expect(res.status).toBe(201);
    const item = (await queue()).find((v) => v.id === res.body.id)!;
    expect(item.signals).toEqual([
      { code: 'duplicate-photo', weight: 4, reason: `Photo 2 shows the same picture as a photo of approved listing #${live!.id} (2020 Audi Q7) of another account` },
    ]);

    // A photo URL copied from another account's listing is refused outright (a listing uses only its owner's photos).
    const copiedUrl = await seller.post('/api/vehicles', listingInput({ images: [mine.body.secure_url, first.body.secure_url], coverPhotoIndex: 0, price: 30000, vin: validVin('5UXCR6C0SM9D9999'), contactEmail: 'photo@example.com', contactPhone: '(555) 010-6666' }));
    expect(copiedUrl.status).toBe(400);
    expect(copiedUrl.body.errors).toEqual([{ field: 'images', message: "Each image must be a photo uploaded by the listing's seller" }]);

    // The seller's own photo again, uploaded anew, on a second listing: noted, with a low weight.
    const again = await upload(seller, formWith(await sharp(own).resize(800).webp().toBuffer(), 'again.webp', 'image/webp'));
    const second = await seller.post('/api/vehicles', listingInput({ images: [again.body.secure_url], coverPhotoIndex: 0, price: 30000, vin: validVin('5UXCR6C0SM9D6666'), contactEmail: 'photo@example.com', contactPhone: '(555) 010-6666' }));
    const secondItem = (await queue()).find((v) => v.id === second.body.id)!;
    expect(secondItem.signals).toEqual([
      { code: 'duplicate-photo', weight: 1, reason: expect.stringMatching(new RegExp(`^Photo 1 shows the same picture as a photo of pending listing #${res.body.id} \\(2021 BMW X5\\) of the same account$`)) },
    ]);
  });

  it('flags a change to a live listing that gives it another colour with the same photos, not one with new photos', async () => {
    const photo = await upload(seller, formWith(await sharp(scene(120)).jpeg().toBuffer(), 'black.jpg', 'image/jpeg'));
    const input = listingInput({ images: [photo.body.secure_url], coverPhotoIndex: 0, exteriorColor: 'Jet Black', price: 21000, vin: validVin('1HGCM826SA007777'), contactEmail: 'colour@example.com', contactPhone: '(555) 010-7777' });
    const created = await seller.post('/api/vehicles', input);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await admin.patch(`/api/admin/vehicles/${id}/status`, { status: 'approved' })).status).toBe(200);
    const revisionOf = async () => {
      const res = await admin.get('/api/admin/revisions?limit=100');
      expect(res.status).toBe(200);
      return (res.body.items as { vehicle: { id: number }; signals: { code: string; reason: string; weight: number }[] }[]).find((r) => r.vehicle.id === id)!;
    };

    expect((await seller.put(`/api/vehicles/${id}`, { ...input, exteriorColor: 'Rosso Corsa Red' })).status).toBe(200);
    expect((await revisionOf()).signals).toEqual([
      { code: 'color-change-same-photos', weight: 3, reason: 'Exterior colour changes from Jet Black to Rosso Corsa Red, but the photos stay the same' },
    ]);

    const red = await upload(seller, formWith(await sharp(scene(240)).jpeg().toBuffer(), 'red.jpg', 'image/jpeg'));
    expect((await seller.put(`/api/vehicles/${id}`, { ...input, exteriorColor: 'Rosso Corsa Red', images: [red.body.secure_url] })).status).toBe(200);
    expect((await revisionOf()).signals).toEqual([]);
  });

  it('refuses another sort with 400, and non-admins with 403', async () => {
    const bad = await admin.get('/api/admin/vehicles/pending?sort=price');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('sort');
    expect((await seller.get('/api/admin/vehicles/pending')).status).toBe(403);
  });
});
