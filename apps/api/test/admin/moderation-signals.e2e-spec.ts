import { expectedVinCheckDigit } from '@app/shared';
import { DealRatingsService } from '../../src/modules/vehicles/pricing/deal-ratings.service';
import { createVehicles, listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

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
    const res = await seller.post('/api/vehicles', listingInput({ vin: wrong, price: 95000, contactEmail: 'a1@example.com', contactPhone: '(555) 010-2222' }));
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
      [59000, 60000, 60500, 61000, 60200].map((price) => ({ make: 'Porsche', model: 'Macan', year: 2022, mileage: 20000, condition: 'excellent', bodyType: 'suv', price, vin: validVin(`WP1AA2A5SNLB${price}`.slice(0, 16)) })),
    );
    const res = await seller.post('/api/vehicles', listingInput({ make: 'Porsche', model: 'Macan', year: 2022, mileage: 20000, condition: 'excellent', bodyType: 'suv', price: 36000, vin: validVin('WP1AA2A5SNLB9999'), contactEmail: 'cheap@example.com', contactPhone: '(555) 010-4444' }));
    await t.app.get(DealRatingsService).refit();
    const item = (await queue()).find((v) => v.id === res.body.id)!;
    expect(item.signals.map((s) => s.code)).toEqual(['price-far-below-market']);
    expect(item.signals[0]!.reason).toMatch(/^Price \$36,000 is \d\d% below the market estimate \$[\d,]+ \(5 comparables\)$/);

    const ranked = await queue('risk');
    const risks = ranked.map((v) => v.risk);
    expect(risks).toEqual([...risks].sort((a, b) => b - a));
    expect(ranked[0]!.risk).toBeGreaterThanOrEqual(5);
  });

  it('refuses another sort with 400, and non-admins with 403', async () => {
    const bad = await admin.get('/api/admin/vehicles/pending?sort=price');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('sort');
    expect((await seller.get('/api/admin/vehicles/pending')).status).toBe(403);
  });
});
