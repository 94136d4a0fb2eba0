import { listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('colours as makers name them, vocabularies as people type them', () => {
  let t: TestApp;
  let seller: HttpClient;
  let admin: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
    seller = t.client();
    await registerUser(seller);
    admin = t.client();
    expect((await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' })).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  async function live(overrides: Record<string, unknown>) {
    const created = await seller.post('/api/vehicles', listingInput({ make: 'Porsche', model: '911', ...overrides }));
    expect(created.status).toBe(201);
    expect((await admin.patch(`/api/admin/vehicles/${created.body.id}/status`, { status: 'approved' })).status).toBe(200);
    return created.body;
  }

  it('stores free-text colours and files them under derived families', async () => {
    const car = await live({ exteriorColor: 'Nardo Gray', interiorColor: 'Chalk' });
    expect(car).toMatchObject({ exteriorColor: 'Nardo Gray', interiorColor: 'Chalk', color: 'gray', interiorColorFamily: 'white' });
  });

  it('keeps a chosen family, given as slug or label in any case', async () => {
    const car = await live({ exteriorColor: 'Giallo Modena', color: 'OTHER', interiorColor: 'Espresso', interiorColorFamily: 'Brown' });
    expect(car).toMatchObject({ exteriorColor: 'Giallo Modena', color: 'other', interiorColor: 'Espresso', interiorColorFamily: 'brown' });
  });

  it('accepts every vocabulary field as slug or label in any case and stores the slug', async () => {
    const res = await seller.post(
      '/api/vehicles',
      listingInput({ condition: 'Very Good', bodyType: 'SUV', fuelType: 'plug-in hybrid', transmission: '8-Speed Automatic', drivetrain: 'All-wheel Drive' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ condition: 'very-good', bodyType: 'suv', fuelType: 'plug-in-hybrid', transmission: '8-speed-automatic', drivetrain: 'awd' });
  });

  it('refuses values outside the vocabulary with 400 naming the field', async () => {
    const res = await seller.post('/api/vehicles', listingInput({ bodyType: 'Spaceship', color: 'Nardo Gray' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['bodyType', 'color']);
  });

  it('filters search by colour family, and takes filter values or labels in any case', async () => {
    const gray = await live({ make: 'Audi', model: 'RS6', exteriorColor: 'Daytona Gray Pearl', interiorColor: 'Black', bodyType: 'wagon' });
    await live({ make: 'Audi', model: 'RS6', exteriorColor: 'Tango Red', interiorColor: 'Black', bodyType: 'wagon' });
    for (const query of ['exteriorColor=gray', 'exteriorColor=Gray', 'exteriorColor=GRAY']) {
      const res = await t.client().get(`/api/vehicles/search?make=audi&${query}`);
      expect(res.status).toBe(200);
      expect(res.body.vehicles.map((v: { id: number }) => v.id)).toEqual([gray.id]);
    }
    for (const query of ['bodyType=Wagon', 'bodyType=wagon', 'bodyType=WAGON']) {
      expect((await t.client().get(`/api/vehicles/search?make=audi&${query}`)).body.total).toBe(2);
    }
    const sedans = await t.client().get('/api/vehicles/search?bodyType=4-Door%20Sedan');
    expect(sedans.status).toBe(200);
    const bad = await t.client().get('/api/vehicles/search?exteriorColor=Nardo%20Gray');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('exteriorColor');
  });

  it('re-files the family when an admin changes the colour', async () => {
    const car = await live({ exteriorColor: 'Black' });
    const res = await admin.patch(`/api/admin/vehicles/${car.id}`, { exteriorColor: 'Rosso Corsa', interiorColor: 'Cognac' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ exteriorColor: 'Rosso Corsa', color: 'red', interiorColor: 'Cognac', interiorColorFamily: 'brown' });
  });
});
