import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import sharp from 'sharp';
import { VehicleInputDto, vinCheckDigitValid } from '@app/shared';
import { renderCarPhoto } from './car-photo/car-photo';
import { DEMO_MODELS, specsOf } from './demo-catalog';
import { buildDemoListings, DEMO_LISTING_COUNT, demoListingInput } from './demo-listings';

describe('demo listings', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const listings = buildDemoListings(now, 5);

  it('are at least 60 over at least 15 makes', () => {
    expect(listings).toHaveLength(DEMO_LISTING_COUNT);
    expect(DEMO_LISTING_COUNT).toBeGreaterThanOrEqual(60);
    expect(new Set(listings.map((l) => l.model.make)).size).toBeGreaterThanOrEqual(15);
  });

  it('are mostly approved, with some pending and a few featured', () => {
    const count = (status: string) => listings.filter((l) => l.status === status).length;
    expect(count('approved')).toBeGreaterThan(listings.length * 0.75);
    expect(count('pending')).toBeGreaterThanOrEqual(4);
    const featured = listings.filter((l) => l.isFeatured);
    expect(featured.length).toBeGreaterThanOrEqual(3);
    expect(featured.length).toBeLessThanOrEqual(6);
    expect(featured.every((l) => l.status === 'approved')).toBe(true);
  });

  it('say why each rejected listing was rejected (a reason and a note for its seller)', () => {
    const rejected = listings.filter((l) => l.status === 'rejected');
    expect(rejected.length).toBeGreaterThanOrEqual(2);
    for (const l of rejected) expect(l.rejection).toEqual({ reason: expect.any(String), note: expect.stringMatching(/^.{20,}$/) });
    expect(listings.filter((l) => l.status !== 'rejected').every((l) => l.rejection === undefined)).toBe(true);
  });

  it('each pass the listing rules a seller is held to, with a valid VIN check digit', () => {
    for (const l of listings) {
      const input = plainToInstance(VehicleInputDto, demoListingInput(l, { email: 'seller@example.com', firstName: 'Sam', lastName: 'Seller' }, '(555) 010-4287'));
      expect({ vin: l.vin, errors: validateSync(input).map((e) => e.property) }).toEqual({ vin: l.vin, errors: [] });
      expect(vinCheckDigitValid(l.vin)).toBe(true);
    }
  });

  it('have specifications that match their trim: all-wheel-drive trims drive all four wheels, hybrids are hybrids', () => {
    const awd = ['awd', 'all-wheel-drive', '4wd'];
    for (const l of buildDemoListings(now, 5).concat(buildDemoListings(new Date('2027-03-01T12:00:00Z'), 5))) {
      const input = demoListingInput(l, { email: 's@example.com', firstName: 'S', lastName: 'S' }, '(555) 010-4287');
      if (/\b4S\b|xDrive|4MATIC|AMG C 43/.test(l.trim)) expect({ trim: l.trim, drivetrain: input.drivetrain }).toEqual({ trim: l.trim, drivetrain: expect.stringMatching(new RegExp(`^(${awd.join('|')})$`)) });
      if (/sDrive|Standard Range/.test(l.trim)) expect({ trim: l.trim, drivetrain: input.drivetrain }).toEqual({ trim: l.trim, drivetrain: expect.stringMatching(/^(rwd|rear-wheel-drive)$/) });
      if (/\d{3}h\b|Hybrid/.test(l.trim)) expect(input.fuelType).toBe('hybrid');
      if (l.trim === 'ES 350') expect(input.fuelType).toBe('gasoline');
    }
    const carrera = DEMO_MODELS.find((m) => m.model === '911')!;
    expect(specsOf(carrera, 'Carrera 4S').drivetrain).toBe('all-wheel-drive');
    expect(specsOf(carrera, 'Carrera S').drivetrain).toBe('rear-wheel-drive');
  });

  it('are the same every time (deterministic)', () => {
    expect(buildDemoListings(now, 5)).toEqual(listings);
  });
});

describe('renderCarPhoto', () => {
  it.each(['side', 'front', 'rear', 'interior'] as const)('renders the %s view at the requested size', async (view) => {
    const image = await renderCarPhoto({ bodyType: 'suv', color: 'blue', view, seed: 1, width: 320, height: 214 }).webp().toBuffer();
    await expect(sharp(image).metadata()).resolves.toMatchObject({ format: 'webp', width: 320, height: 214 });
  });
});
