import { VinDecoder, describeEngine } from './vin-decoder';

const decoder = new VinDecoder();
const decodeVin = async (vin: string) => (await decoder.decode(vin)).result;

afterAll(async () => {
  await decoder.close();
});

describe('describeEngine', () => {
  it('formats displacement, layout, turbo and electrification', () => {
    const elements = new Map([
      ['Displacement (L)', '3'],
      ['Engine Number of Cylinders', '6'],
      ['Engine Configuration', 'In-Line'],
      ['Turbo', 'Yes'],
    ]);
    expect(describeEngine(elements, 'gasoline')).toBe('3.0L I6 Turbo');
    expect(describeEngine(elements, 'plug-in-hybrid')).toBe('3.0L I6 Turbo Plug-in Hybrid');
    expect(describeEngine(new Map([['Other Engine Info', 'Dual Motor - Standard']]), 'electric')).toBe('Electric (Dual Motor)');
    expect(describeEngine(new Map(), 'gasoline')).toBeNull();
  });
});

/** Real VINs; expected values checked against the vPIC data shipped with corgi 2.0.1. */
const REAL_VINS = [
  { vin: 'WBAVL1C5XFVY41004', make: 'BMW', model: 'X1', year: 2015, bodyType: 'suv', drivetrain: 'awd', trim: 'xDrive28i' },
  { vin: 'WBA8D9C51JEM31578', make: 'BMW', model: '3 Series', year: 2018, bodyType: 'sedan', drivetrain: 'awd', trim: '330i xDrive' },
  { vin: '2T3B1RFV0SC582226', make: 'Toyota', model: 'RAV4', year: 2025, bodyType: 'suv' },
  { vin: 'JTDACACU8T3062569', make: 'Toyota', model: 'Prius Prime', year: 2026, fuelType: 'plug-in-hybrid' },
  { vin: '1FTFW1E59NKD69096', make: 'Ford', model: 'F-150', year: 2022, bodyType: 'truck', fuelType: 'gasoline', engine: '5.0L V8' },
  { vin: '5YJ3E1EC1MF062635', make: 'Tesla', model: 'Model 3', year: 2021, bodyType: 'sedan', fuelType: 'electric', transmission: 'automatic' },
  { vin: '2HGFE4F86SH011469', make: 'Honda', model: 'Civic', year: 2025, bodyType: 'sedan', fuelType: 'hybrid' },
  { vin: '1G1YC2D47T5102754', make: 'Chevrolet', model: 'Corvette', year: 2026, bodyType: 'coupe', trim: '3LT', engine: '6.2L V8' },
  { vin: '3C6MRVSGXSE503535', make: 'Ram', model: 'ProMaster', year: 2025, bodyType: 'van' },
  { vin: 'W1KWF8EB3MR649946', make: 'Mercedes-Benz', model: 'C-Class', year: 2021, drivetrain: 'awd', engine: '2.0L I4 Turbo' },
] as const;

describe('decodeVin (corgi, offline)', () => {
  it.each(REAL_VINS)('decodes $vin as $year $make $model', async ({ vin, ...expected }) => {
    const result = await decodeVin(vin);
    expect(result).toMatchObject({ vin, valid: true, checkDigitValid: true, warnings: [], errors: [], ...expected });
  });

  it('normalises case and blanks', async () => {
    const result = await decodeVin('  5yj3e1ec1mf062635 ');
    expect(result).toMatchObject({ vin: '5YJ3E1EC1MF062635', valid: true, make: 'Tesla' });
  });

  it('reports a malformed VIN as invalid without decoding', async () => {
    const result = await decodeVin('WBAVL1C5OFVY41004');
    expect(result).toMatchObject({ valid: false, checkDigitValid: false, make: null, model: null, year: null });
    expect(result.errors).toEqual([expect.stringMatching(/^VIN contains invalid characters: O/)]);
    const short = await decodeVin('1FTFW1E59');
    expect(short.valid).toBe(false);
    expect(short.errors[0]).toMatch(/17 characters \(got 9\)/);
  });

  it('still decodes a VIN whose check digit is wrong and reports it as a warning', async () => {
    const result = await decodeVin('1FTFW1E50NKD69096');
    expect(result).toMatchObject({ valid: true, checkDigitValid: false, make: 'Ford', model: 'F-150', year: 2022 });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([expect.stringMatching(/^Check digit mismatch: position 9 is 0, expected 9 /)]);
  });

  it('reports a well-formed VIN with an unknown manufacturer as invalid', async () => {
    const result = await decodeVin('00000000000000000');
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });
});

describe('decoder lifecycle', () => {
  it('recycles the corgi decoder (bounded query cache) without failing concurrent decodes', async () => {
    const recycling = new VinDecoder({ recycleAfter: 3 });
    try {
      const vins = REAL_VINS.map((v) => v.vin);
      const results = await Promise.all([...vins, ...vins].map(async (vin) => (await recycling.decode(vin)).result));
      expect(results.every((r) => r.valid)).toBe(true);
      expect(results.map((r) => r.model)).toEqual([...REAL_VINS, ...REAL_VINS].map((v) => v.model));
    } finally {
      await recycling.close();
    }
  });

  it('reopens after close', async () => {
    await decoder.close();
    expect((await decodeVin('1FTFW1E59NKD69096')).model).toBe('F-150');
  });
});
