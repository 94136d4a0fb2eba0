import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { featureMatches } from './feature-filters';
import { VehicleSearchDto } from './vehicle-search.dto';

function check(query: Record<string, unknown>) {
  const dto = plainToInstance(VehicleSearchDto, query);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  return { dto, errors: Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})[0]])) };
}

describe('VehicleSearchDto', () => {
  it('parses query-string numbers and ignores empty values', () => {
    const { dto, errors } = check({ minPrice: '1000', maxPrice: '25000.5', minYear: '2015', page: '2', limit: '24', make: '', bodyType: '' });
    expect(errors).toEqual({});
    expect(dto).toMatchObject({ minPrice: 1000, maxPrice: 25000.5, minYear: 2015, page: 2, limit: 24 });
    expect(dto.make).toBeUndefined();
    expect(dto.bodyType).toBeUndefined();
  });

  it('takes features as one string or repeated, trimmed and without duplicates', () => {
    expect(check({ features: 'Heated Seats' }).dto.features).toEqual(['Heated Seats']);
    expect(check({ features: [' Sunroof ', 'sunroof', 'Bluetooth', ''] }).dto.features).toEqual(['Sunroof', 'Bluetooth']);
  });

  it.each([
    ['bodyType', 'spaceship', 'bodyType must be one of: sedan, suv, hatchback, coupe, convertible, truck, van, wagon'],
    ['fuelType', 'kerosene', 'fuelType must be one of: gasoline, hybrid, electric, diesel'],
    ['condition', 'new', 'condition must be one of: excellent, very-good, good, fair, poor'],
    ['exteriorColor', 'teal', 'exteriorColor must be one of: black, white, silver, gray, red, blue, green, brown, beige, other'],
    ['sortBy', 'distance', 'sortBy must be one of: price_asc, price_desc, year_asc, year_desc, mileage_asc, mileage_desc, views_asc, views_desc, created_asc, created_desc, reduced_desc, deal_asc, distance_asc, relevance_desc'],
    ['limit', '101', 'limit must be at most 100'],
    ['limit', '0', 'limit must be at least 1'],
    ['page', '1.5', 'page must be a whole number'],
    ['minPrice', 'cheap', 'minPrice must be a number'],
    ['radius', '501', 'radius must be at most 500 miles'],
    ['zipCode', '1234', 'ZIP code must be 5 digits (or ZIP+4)'],
    ['excludeId', '-3', 'excludeId must be a listing id'],
  ])('refuses %s=%j', (field, value, message) => {
    expect(check({ [field]: value }).errors).toEqual({ [field]: message });
  });

  it('refuses a maximum below its minimum', () => {
    expect(check({ minPrice: '5000', maxPrice: '1000' }).errors).toEqual({ maxPrice: 'maxPrice must not be below its minimum' });
    expect(check({ minYear: '2020', maxYear: '2019' }).errors).toEqual({ maxYear: 'maxYear must not be below its minimum' });
  });

  it('refuses unknown parameters', () => {
    expect(check({ colour: 'red' }).errors).toHaveProperty('colour');
  });
});

describe('featureMatches', () => {
  it('maps a search-page choice onto the listing-form features it stands for', () => {
    expect(featureMatches('bluetooth')).toEqual(['bluetooth', 'bluetooth connectivity']);
    expect(featureMatches('Sunroof')).toEqual(['sunroof', 'sunroof/moonroof', 'moonroof']);
  });
  it('matches a custom feature as itself', () => {
    expect(featureMatches(' Ceramic Coating ')).toEqual(['ceramic coating']);
  });
});
