import { listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const nextYear = new Date().getFullYear() + 1;
const omit = Symbol('omit');
const photos = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/2026/11/v${i}.webp`);
const list = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

/** Each listing rule of SPEC.md section 5 and DECISIONS.md, enforced by POST (and PUT) /api/vehicles. */
const REFUSED: [string, unknown, string][] = [
  ['make', omit, 'Make is required'],
  ['make', '  ', 'Make is required'],
  ['make', 'x'.repeat(61), 'Make must be at most 60 characters'],
  ['model', omit, 'Model is required'],
  ['model', 'x'.repeat(81), 'Model must be at most 80 characters'],
  ['year', omit, 'Year is required'],
  ['year', 1989, `Year must be from 1990 to ${nextYear}`],
  ['year', nextYear + 1, `Year must be from 1990 to ${nextYear}`],
  ['year', 2020.5, 'Year must be a whole number'],
  ['trim', 'x'.repeat(101), 'Trim must be at most 100 characters'],
  ['mileage', omit, 'Mileage is required'],
  ['mileage', -1, 'Mileage cannot be negative'],
  ['mileage', 10.5, 'Mileage must be a whole number'],
  ['mileage', 2_000_001, 'Mileage must be at most 2,000,000'],
  ['price', omit, 'Price is required'],
  ['price', 0, 'Price must be greater than 0'],
  ['price', -5, 'Price must be greater than 0'],
  ['price', 100_000_000, 'Price must be at most $99,999,999.99'],
  ['price', 10.123, 'Price may have at most 2 decimals'],
  ['price', 'cheap', 'Price must be a number'],
  ['condition', omit, 'Condition is required'],
  ['condition', 'new', 'Condition must be one of: excellent, very-good, good, fair, poor'],
  ['bodyType', 'spaceship', 'Body type must be one of: sedan, 4-door-sedan, 5-door-hatchback, suv, truck, coupe, convertible, hatchback, wagon, van, minivan'],
  ['fuelType', 'coal', 'Fuel type must be one of: gasoline, premium-gasoline, diesel, electric, hybrid, plug-in-hybrid'],
  ['transmission', 'cvt-x', 'Transmission must be one of: automatic, 8-speed-automatic, 7-speed-dual-clutch, manual, cvt'],
  ['drivetrain', '6wd', 'Drivetrain must be one of: fwd, rwd, rear-wheel-drive, awd, all-wheel-drive, 4wd'],
  ['exteriorColor', 'N'.repeat(41), 'Exterior color must be at most 40 characters'],
  ['interiorColor', 'N'.repeat(41), 'Interior color must be at most 40 characters'],
  ['color', 'teal', 'Color family must be one of: black, white, silver, gray, red, blue, green, brown, beige, other'],
  ['interiorColorFamily', 'Nardo Gray', 'Interior color family must be one of: black, white, silver, gray, red, blue, green, brown, beige, other'],
  ['bodyType', 'spaceship', 'Body type must be one of: sedan, 4-door-sedan, 5-door-hatchback, suv, truck, coupe, convertible, hatchback, wagon, van, minivan'],
  ['description', 'x'.repeat(10_001), 'Description must be at most 10000 characters'],
  ['features', 'Sunroof', 'Features must be a list'],
  ['features', list(51, 'Feature'), 'At most 50 features'],
  ['features', ['x'.repeat(81)], 'Each feature must be at most 80 characters'],
  ['features', [42], 'Each feature must be text'],
  ['recentServices', list(51, 'Service'), 'At most 50 service entries'],
  ['recentServices', ['x'.repeat(201)], 'Each service entry must be at most 200 characters'],
  ['images', photos(11), 'At most 10 photos'],
  ['images', ['https://elsewhere.example/car.jpg'], 'Each image must be a photo uploaded to this site'],
  ['images', ['/uploads/../secret.webp'], 'Each image must be a photo uploaded to this site'],
  ['coverPhotoIndex', 2, 'The cover photo must be one of the photos'],
  ['coverPhotoIndex', -1, 'The cover photo must be one of the photos'],
  ['location', omit, 'Location is required'],
  ['location', 'x'.repeat(201), 'Location must be at most 200 characters'],
  ['zipCode', omit, 'ZIP code is required'],
  ['zipCode', '7870', 'ZIP code must be 5 digits (or ZIP+4)'],
  ['contactPhone', omit, 'Contact phone is required'],
  ['contactPhone', '12', 'Enter a valid phone number'],
  ['contactPhone', 'call me maybe', 'Enter a valid phone number'],
  ['contactEmail', omit, 'Contact email is required'],
  ['contactEmail', 'nope', 'Enter a valid email address'],
  ['contactFirstName', 'x'.repeat(61), 'First name must be at most 60 characters'],
  ['contactLastName', 'x'.repeat(61), 'Last name must be at most 60 characters'],
  ['contactLocation', 'x'.repeat(201), 'Contact location must be at most 200 characters'],
  ['vin', omit, 'VIN is required'],
  ['vin', '5UXCR6C04M9D1234', 'VIN must be exactly 17 characters'],
  ['vin', '5UXCR6C04M9D123456', 'VIN must be exactly 17 characters'],
  ['vin', '5UXCR6C04M9D1234O', 'VIN must be exactly 17 characters (letters and digits, no I, O or Q)'],
  ['vin', '5UXCR6C04M9D1234I', 'VIN must be exactly 17 characters (letters and digits, no I, O or Q)'],
  ['vin', '5UXCR6C04M9D1234Q', 'VIN must be exactly 17 characters (letters and digits, no I, O or Q)'],
  ['carfaxReportUrl', 'javascript:alert(1)', 'Must be a valid URL'],
  ['carfaxReportUrl', 'not a url', 'Must be a valid URL'],
  ['engine', 'x'.repeat(101), 'Engine must be at most 100 characters'],
  ['mpgCity', 0, 'City MPG must be at least 1'],
  ['mpgHighway', 251, 'Highway MPG must be at most 250'],
];

describe('listing validation over HTTP', () => {
  let t: TestApp;
  let seller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    seller = t.client();
    await registerUser(seller);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(REFUSED)('refuses %s = %p', async (field, value, message) => {
    // The cover index points at the first photo, so that only the field under test can fail.
    const body: Record<string, unknown> = listingInput({ coverPhotoIndex: 0 });
    if (value === omit) delete body[field];
    else body[field] = value;
    const res = await seller.post('/api/vehicles', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Validation failed', errors: [{ field, message }] });
  });

  it('lists every failing field at once', async () => {
    const res = await seller.post('/api/vehicles', { ...listingInput(), vin: 'X', price: 0, zipCode: '1' });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['price', 'vin', 'zipCode']);
  });

  it('writes nothing when the body is refused', async () => {
    const before = await seller.get('/api/user/vehicles');
    await seller.post('/api/vehicles', { ...listingInput(), vin: 'X' });
    expect((await seller.get('/api/user/vehicles')).body.length).toBe(before.body.length);
  });

  it('accepts the boundary values and cleans lists and text', async () => {
    const res = await seller.post(
      '/api/vehicles',
      listingInput({
        year: nextYear,
        price: 99_999_999.99,
        mileage: 2_000_000,
        images: photos(10),
        coverPhotoIndex: 9,
        features: ['  Heated Seats ', 'heated seats', '', 'Sunroof/Moonroof', '   '],
        recentServices: [' Brakes ', 'brakes', ''],
        carfaxReportUrl: '',
        contactEmail: ' Seller@Example.COM ',
        zipCode: '78701-1234',
        trim: '  ',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      year: nextYear,
      price: 99_999_999.99,
      mileage: 2_000_000,
      coverPhotoIndex: 9,
      features: ['Heated Seats', 'Sunroof/Moonroof'],
      recentServices: ['Brakes'],
      carfaxReportUrl: null,
      contactEmail: 'seller@example.com',
      zipCode: '78701-1234',
      trim: null,
    });
    expect(res.body.images).toHaveLength(10);
  });

  it('accepts the smallest listing: required fields only', async () => {
    const res = await seller.post('/api/vehicles', {
      make: 'Kia',
      model: 'Soul',
      year: 1990,
      mileage: 0,
      price: 0.01,
      condition: 'poor',
      location: 'Boise, ID',
      zipCode: '83702',
      contactPhone: '+1 208 555 0100',
      contactEmail: 'k@example.com',
      vin: 'KNDJN2A2XF7123456',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ features: [], images: [], recentServices: [], coverPhotoIndex: 0, bodyType: null, trim: null, status: 'pending' });
  });
});
