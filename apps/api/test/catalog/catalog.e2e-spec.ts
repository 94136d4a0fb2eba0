import { BODY_TYPE_OPTIONS, PREDEFINED_FEATURES } from '@app/shared';
import { createVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('catalog and listing-form helpers', () => {
  let t: TestApp;
  let seller: HttpClient;
  let sellerId: number;

  beforeAll(async () => {
    t = await startTestApp();
    seller = t.client();
    sellerId = (await registerUser(seller)).user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/catalog/makes', () => {
    it('lists about 50 makes, sorted, with their model counts, to visitors, cacheable', async () => {
      const res = await t.client().get('/api/catalog/makes');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(res.body.length).toBeGreaterThanOrEqual(50);
      expect(res.body[0]).toEqual({ name: 'Acura', slug: 'acura', modelCount: expect.any(Number) });
      expect(res.body.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['BMW', 'Land Rover', 'Mercedes-Benz', 'Rolls-Royce', 'MINI', 'Volvo']));
    });
  });

  describe('GET /api/catalog/makes/{make}/models', () => {
    it('answers the models of a make given by name or slug', async () => {
      const byName = await t.client().get('/api/catalog/makes/Mercedes-Benz/models');
      expect(byName.status).toBe(200);
      const bySlug = await t.client().get('/api/catalog/makes/mercedes-benz/models');
      expect(bySlug.body).toEqual(byName.body);
      const ram = await t.client().get('/api/catalog/makes/Ram/models');
      expect(ram.body.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['1500', '2500', '3500', 'ProMaster']));
      const f150 = (await t.client().get('/api/catalog/makes/Ford/models')).body.find((m: { name: string }) => m.name === 'F-150');
      expect(f150).toEqual({
        name: 'F-150',
        slug: 'f-150',
        years: [expect.any(Number), expect.any(Number)],
        bodyType: 'truck',
        fuelType: 'gasoline',
        drivetrain: null,
        trimCount: expect.any(Number),
      });
    });

    it('answers 404 for an unknown make', async () => {
      const res = await t.client().get('/api/catalog/makes/Yugo/models');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'Unknown make: Yugo' });
    });
  });

  describe('GET /api/catalog/makes/{make}/models/{model}/trims', () => {
    it('answers the trims of a model, names with spaces encoded', async () => {
      const res = await t.client().get('/api/catalog/makes/BMW/models/3%20Series/trims');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expect.arrayContaining(['330i xDrive']));
      expect((await t.client().get('/api/catalog/makes/bmw/models/3-series/trims')).body).toEqual(res.body);
    });

    it('answers 404 for an unknown make or model', async () => {
      expect((await t.client().get('/api/catalog/makes/BMW/models/Model%20T/trims')).body).toEqual({ statusCode: 404, message: 'Unknown model: Model T' });
      expect((await t.client().get('/api/catalog/makes/Yugo/models/GV/trims')).status).toBe(404);
    });
  });

  describe('GET /api/catalog/options', () => {
    it('answers the option lists of libs/shared', async () => {
      const res = await t.client().get('/api/catalog/options');
      expect(res.status).toBe(200);
      expect(res.body.bodyTypes).toEqual(BODY_TYPE_OPTIONS);
      expect(res.body.features).toEqual(PREDEFINED_FEATURES);
      expect(res.body.searchFilters.transmission[0]).toEqual({ value: 'automatic', label: 'Automatic', matches: ['automatic', '8-speed-automatic', '7-speed-dual-clutch'] });
      const year = new Date().getFullYear();
      expect(res.body.listingYears[0]).toBe(year + 1);
      expect(res.body.listingYears.at(-1)).toBe(1990);
      expect(res.body.searchYears).toHaveLength(30);
      expect(res.body.searchYears[0]).toBe(year);
      expect(res.body.sorts[0]).toEqual({ value: 'created_desc', label: 'Newest First' });
    });
  });

  describe('GET /api/vehicles/vin/{vin}', () => {
    it.each([
      ['WBA8D9C51JEM31578', { make: 'BMW', model: '3 Series', year: 2018, trim: '330i xDrive', bodyType: 'sedan', drivetrain: 'awd' }],
      ['1FTFW1E59NKD69096', { make: 'Ford', model: 'F-150', year: 2022, bodyType: 'truck', fuelType: 'gasoline', engine: '5.0L V8' }],
      ['5YJ3E1EC1MF062635', { make: 'Tesla', model: 'Model 3', year: 2021, bodyType: 'sedan', fuelType: 'electric', transmission: 'automatic' }],
      ['2HGFE4F86SH011469', { make: 'Honda', model: 'Civic', year: 2025, fuelType: 'hybrid' }],
    ])('decodes the real VIN %s', async (vin, expected) => {
      const res = await seller.get(`/api/vehicles/vin/${vin}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ vin, valid: true, checkDigitValid: true, warnings: [], errors: [], ...expected });
      expect(Object.keys(res.body).sort()).toEqual(
        ['vin', 'valid', 'checkDigitValid', 'make', 'model', 'year', 'trim', 'bodyType', 'fuelType', 'drivetrain', 'transmission', 'engine', 'warnings', 'errors'].sort(),
      );
    });

    it('reports a check-digit mismatch without failing, and takes lower case', async () => {
      const res = await seller.get('/api/vehicles/vin/1ftfw1e50nkd69096');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ vin: '1FTFW1E50NKD69096', valid: true, checkDigitValid: false, make: 'Ford', model: 'F-150', errors: [] });
      expect(res.body.warnings).toEqual([expect.stringMatching(/^Check digit mismatch: position 9 is 0, expected 9/)]);
    });

    it('answers 400 for a malformed VIN', async () => {
      for (const vin of ['WBA8D9C51JEM3157', 'WBA8D9C51JEM3157O', 'WBA8D9C51JEM31578X']) {
        const res = await seller.get(`/api/vehicles/vin/${vin}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ statusCode: 400, message: 'VIN must be exactly 17 characters (letters and digits, no I, O or Q)' });
      }
    });

    it('answers valid: false for a well-formed VIN nobody made', async () => {
      const res = await seller.get('/api/vehicles/vin/00000000000000000');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ valid: false, make: null, model: null });
      expect(res.body.errors.length).toBeGreaterThan(0);
    });

    it('answers 401 to a visitor', async () => {
      expect((await t.client().get('/api/vehicles/vin/WBA8D9C51JEM31578')).status).toBe(401);
    });
  });

  describe('POST /api/vehicles/specs/generate', () => {
    it('generates from make, model, year and trim', async () => {
      const res = await seller.post('/api/vehicles/specs/generate', { make: 'BMW', model: '3 Series', year: 2019, trim: '330i xDrive' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ bodyType: 'sedan', fuelType: 'premium-gasoline', transmission: 'automatic', drivetrain: 'awd' });
    });

    it('prefers the VIN when one is given', async () => {
      const res = await seller.post('/api/vehicles/specs/generate', { make: 'Ford', model: 'Mustang', year: '2022', trim: 'Convertible', vin: '1ftfw1e59nkd69096' });
      expect(res.status).toBe(200);
      expect(res.body.bodyType).toBe('truck');
    });

    it('answers 400 for missing fields or a bad VIN, 401 to a visitor', async () => {
      const res = await seller.post('/api/vehicles/specs/generate', { make: '', model: 'X5', year: 1980, vin: 'short' });
      expect(res.status).toBe(400);
      // One entry per failing field; their order is not part of the contract.
      expect(res.body.errors).toHaveLength(3);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'make', message: 'Make is required' },
          { field: 'year', message: `Year must be from 1990 to ${new Date().getFullYear() + 1}` },
          { field: 'vin', message: 'VIN must be exactly 17 characters (letters and digits, no I, O or Q)' },
        ]),
      );
      expect((await t.client().post('/api/vehicles/specs/generate', { make: 'BMW', model: 'X5', year: 2020 })).status).toBe(401);
    });
  });

  describe('POST /api/vehicles/features/generate', () => {
    it('takes the listing form payload and answers at most 8 features by the rules', async () => {
      const res = await seller.post('/api/vehicles/features/generate', {
        make: 'BMW',
        model: '3 Series',
        year: 2021,
        trim: 'M340i xDrive',
        bodyType: 'sedan',
        fuelType: 'premium-gasoline',
        vehicleDescription: '2021 BMW 3 Series M340i xDrive sedan premium-gasoline',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        features: [
          'All-Wheel Drive',
          'Leather Interior',
          'Navigation System',
          'Premium Sound System',
          'Sport Package',
          'Backup Camera',
          'Bluetooth Connectivity',
          'Apple CarPlay',
        ],
      });
    });

    it('uses the VIN when given, accepts empty optional fields', async () => {
      const res = await seller.post('/api/vehicles/features/generate', { make: 'BMW', model: 'X1', year: 2015, trim: '', bodyType: '', fuelType: '', vin: 'WBAVL1C5XFVY41004' });
      expect(res.status).toBe(200);
      expect(res.body.features).toEqual(expect.arrayContaining(['All-Wheel Drive', 'Leather Interior', 'Backup Camera']));
    });

    it('answers 400 for a body type outside the vocabulary, 401 to a visitor', async () => {
      const res = await seller.post('/api/vehicles/features/generate', { make: 'BMW', model: 'X1', year: 2015, bodyType: 'spaceship' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'bodyType', message: expect.stringMatching(/^bodyType must be one of: sedan, /) }]);
      expect((await t.client().post('/api/vehicles/features/generate', { make: 'BMW', model: 'X1', year: 2015 })).status).toBe(401);
    });
  });

  describe('routes next to GET /api/vehicles/:id', () => {
    it('reach the helpers, and other ids still reach the vehicles route', async () => {
      expect((await seller.get('/api/vehicles/vin/WBA8D9C51JEM31578')).body.make).toBe('BMW');
      expect((await seller.post('/api/vehicles/specs/generate', { make: 'Tesla', model: 'Model Y', year: 2022 })).body.fuelType).toBe('electric');
      const vehicle = await createVehicle(t, sellerId);
      expect((await t.client().get(`/api/vehicles/${vehicle.id}`)).body).toMatchObject({ id: vehicle.id, make: 'BMW' });
      // "vin" alone is not a helper route: it reaches the vehicles route, where it is not an id.
      expect((await t.client().get('/api/vehicles/vin')).body).toEqual({
        statusCode: 400,
        message: 'Validation failed',
        errors: [{ field: 'id', message: 'id must be a positive whole number written in digits' }],
      });
    });
  });
});
