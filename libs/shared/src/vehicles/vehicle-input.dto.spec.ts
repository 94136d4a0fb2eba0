import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { VehicleInputDto } from './vehicle-input.dto';
import { vinCheckDigitValid } from './vin';

export const validListing = () => ({
  make: 'BMW',
  model: 'X5',
  year: 2021,
  mileage: 24000,
  price: 45999.99,
  condition: 'excellent',
  location: 'Austin, TX',
  zipCode: '78701',
  contactPhone: '(555) 010-4287',
  contactEmail: 'Seller@Example.com',
  vin: '5uxcr6c04m9d12345',
  images: ['/uploads/2026/11/abc123.webp'],
  coverPhotoIndex: 0,
  features: ['  Heated Seats ', 'heated seats', '', 'Sunroof/Moonroof'],
});

function check(input: object) {
  const dto = plainToInstance(VehicleInputDto, input);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  return { dto, errors: Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})[0]])) };
}

describe('VehicleInputDto', () => {
  it('accepts a complete listing and cleans it', () => {
    const { dto, errors } = check(validListing());
    expect(errors).toEqual({});
    expect(dto.vin).toBe('5UXCR6C04M9D12345');
    expect(dto.contactEmail).toBe('seller@example.com');
    expect(dto.features).toEqual(['Heated Seats', 'Sunroof/Moonroof']);
  });

  it('takes numbers sent as form strings', () => {
    const { dto, errors } = check({ ...validListing(), year: '2020', price: '19999.5', mileage: '1200' });
    expect(errors).toEqual({});
    expect([dto.year, dto.price, dto.mileage]).toEqual([2020, 19999.5, 1200]);
  });

  it.each([
    ['vin', 'ABC', 'VIN must be exactly 17 characters'],
    ['vin', '5UXCR6C04M9D1234O', 'VIN must be exactly 17 characters (letters and digits, no I, O or Q)'],
    ['year', 1989, `Year must be from 1990 to ${new Date().getFullYear() + 1}`],
    ['year', new Date().getFullYear() + 2, `Year must be from 1990 to ${new Date().getFullYear() + 1}`],
    ['price', 0, 'Price must be greater than 0'],
    ['price', 100_000_000, 'Price must be at most $99,999,999.99'],
    ['price', 10.123, 'Price may have at most 2 decimals'],
    ['mileage', 2_000_001, 'Mileage must be at most 2,000,000'],
    ['mileage', 10.5, 'Mileage must be a whole number'],
    ['condition', 'new', 'Condition must be one of: excellent, very-good, good, fair, poor'],
    ['bodyType', 'spaceship', 'Body type must be one of: sedan, 4-door-sedan, 5-door-hatchback, suv, truck, coupe, convertible, hatchback, wagon, van, minivan'],
    ['carfaxReportUrl', 'javascript:alert(1)', 'Must be a valid URL'],
    ['images', ['http://elsewhere.example/x.jpg'], 'Each image must be a photo uploaded to this site'],
    ['images', ['javascript:alert(1)'], 'Each image must be a photo uploaded to this site'],
    ['coverPhotoIndex', 3, 'The cover photo must be one of the photos'],
    ['contactEmail', 'nope', 'Enter a valid email address'],
    ['contactPhone', '12', 'Enter a valid phone number'],
    ['zipCode', '7870', 'ZIP code must be 5 digits (or ZIP+4)'],
    ['make', '', 'Make is required'],
  ])('refuses %s = %j', (field, value, message) => {
    expect(check({ ...validListing(), [field]: value }).errors).toEqual({ [field]: message });
  });

  it('allows an empty Carfax URL', () => {
    const { dto, errors } = check({ ...validListing(), carfaxReportUrl: '  ' });
    expect(errors).toEqual({});
    expect(dto.carfaxReportUrl).toBeUndefined();
  });

  it('refuses more than 10 photos', () => {
    const images = Array.from({ length: 11 }, (_, i) => `/uploads/2026/11/p${i}.webp`);
    expect(check({ ...validListing(), images }).errors).toEqual({ images: 'At most 10 photos' });
  });

  it('refuses fields a seller may not set', () => {
    expect(Object.keys(check({ ...validListing(), status: 'approved', isFeatured: true }).errors).sort()).toEqual(['isFeatured', 'status']);
  });
});

describe('vinCheckDigitValid', () => {
  it('accepts a real VIN and refuses one with a wrong check digit', () => {
    expect(vinCheckDigitValid('1HGCM82633A004352')).toBe(true);
    expect(vinCheckDigitValid('1HGCM82643A004352')).toBe(false);
  });
});
