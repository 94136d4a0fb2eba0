import { adminVehicle } from '../../test/render';
import { parseMileage, parseYear, toEditPayload, toFormValues } from './edit-form';

describe('edit form values', () => {
  it('falls back to the current year and to 0 miles when the text cannot be read', () => {
    expect(parseYear('2019')).toBe(2019);
    expect(parseYear('soon', new Date('2026-06-01T00:00:00Z'))).toBe(2026);
    expect(parseMileage('45,120')).toBe(45120);
    expect(parseMileage('')).toBe(0);
  });

  it('sends the modal fields, clearing emptied optional ones, and never the fields without an input', () => {
    const vehicle = adminVehicle({ trim: 'Sport', engine: '2.0L', fuelType: 'diesel', drivetrain: 'awd' });
    const values = { ...toFormValues(vehicle), trim: '  ', year: '2020', mileage: '12 000', price: 31500 };
    const payload = toEditPayload(values);
    expect(payload).toMatchObject({ year: 2020, mileage: 12000, price: 31500, trim: null, engine: '2.0L', make: 'BMW' });
    expect(payload).not.toHaveProperty('fuelType');
    expect(payload).not.toHaveProperty('drivetrain');
    expect(payload).not.toHaveProperty('vin');
  });
});
