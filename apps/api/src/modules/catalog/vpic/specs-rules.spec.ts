import { MAX_GENERATED_FEATURES as MAX_FEATURES, PREDEFINED_FEATURES } from '@app/shared';
import { FEATURES, generateFeatures as fromRules, generateSpecs as specsFrom, type FeaturesInput, type SpecsInput } from './specs-rules';
import { VinDecoder } from './vin-decoder';

const decoder = new VinDecoder();
const decodedIfGiven = async (vin: string | undefined) => (vin ? decoder.decode(vin) : null);
const generateSpecs = async ({ vin, ...input }: SpecsInput & { vin?: string }) => specsFrom(input, await decodedIfGiven(vin));
const generateFeatures = async ({ vin, ...input }: FeaturesInput & { vin?: string }) => fromRules(input, await decodedIfGiven(vin));

afterAll(async () => {
  await decoder.close();
});

describe('generateSpecs without VIN (catalog + trim heuristics)', () => {
  it('BMW xDrive trim: awd, premium fuel, sedan from the catalog', async () => {
    await expect(generateSpecs({ make: 'BMW', model: '3 Series', year: 2019, trim: '330i xDrive' })).resolves.toEqual({
      bodyType: 'sedan',
      fuelType: 'premium-gasoline',
      transmission: 'automatic',
      drivetrain: 'awd',
    });
  });

  it.each([
    ['Mercedes-Benz', 'E-Class', 'E 450 4MATIC'],
    ['Audi', 'A4', 'Premium Plus quattro'],
    ['Toyota', 'RAV4', 'XLE AWD'],
  ])('%s %s "%s" is awd', async (make, model, trim) => {
    expect((await generateSpecs({ make, model, year: 2020, trim })).drivetrain).toBe('awd');
  });

  it('"Hybrid" in the trim makes a hybrid', async () => {
    const specs = await generateSpecs({ make: 'Toyota', model: 'Camry', year: 2021, trim: 'SE Hybrid' });
    expect(specs).toMatchObject({ bodyType: 'sedan', fuelType: 'hybrid' });
  });

  it('plug-in and diesel markers', async () => {
    expect((await generateSpecs({ make: 'Jeep', model: 'Wrangler', year: 2022, trim: 'Rubicon 4xe' })).fuelType).toBe('plug-in-hybrid');
    expect((await generateSpecs({ make: 'BMW', model: 'X5', year: 2016, trim: 'xDrive35d' })).fuelType).toBe('diesel');
  });

  it('EV makes are electric, with an automatic', async () => {
    await expect(generateSpecs({ make: 'Tesla', model: 'Model Y', year: 2022 })).resolves.toMatchObject({
      fuelType: 'electric',
      bodyType: 'suv',
      transmission: 'automatic',
    });
    await expect(generateSpecs({ make: 'Rivian', model: 'R1T', year: 2023 })).resolves.toMatchObject({ fuelType: 'electric', bodyType: 'truck' });
  });

  it('body and transmission markers in the trim win over the catalog', async () => {
    await expect(generateSpecs({ make: 'Porsche', model: '911', year: 2018, trim: 'Carrera S Cabriolet' })).resolves.toMatchObject({
      bodyType: 'convertible',
      fuelType: 'premium-gasoline',
    });
    expect((await generateSpecs({ make: 'Volkswagen', model: 'Golf GTI', year: 2017, trim: 'S 6MT' })).transmission).toBe('manual');
    expect((await generateSpecs({ make: 'Nissan', model: 'Rogue', year: 2017, trim: 'SV CVT' })).transmission).toBe('cvt');
  });

  it('make rule: Subaru is awd (except BRZ)', async () => {
    expect((await generateSpecs({ make: 'Subaru', model: 'Outback', year: 2019, trim: 'Premium' })).drivetrain).toBe('awd');
    expect((await generateSpecs({ make: 'Subaru', model: 'BRZ', year: 2019, trim: 'Limited' })).drivetrain).toBeNull();
  });

  it('unknown make/model falls back to nulls and an automatic', async () => {
    await expect(generateSpecs({ make: 'Yugo', model: 'GV', year: 1990 })).resolves.toEqual({
      bodyType: null,
      fuelType: null,
      transmission: 'automatic',
      drivetrain: null,
    });
  });
});

describe('generateSpecs with VIN', () => {
  it('uses the VIN decode', async () => {
    const specs = await generateSpecs({ make: 'Honda', model: 'Civic', year: 2025, vin: '2HGFE4F86SH011469' });
    expect(specs).toMatchObject({ bodyType: 'sedan', fuelType: 'hybrid' });
  });

  it('VIN data wins over what the seller typed', async () => {
    const specs = await generateSpecs({ make: 'Ford', model: 'Mustang', year: 2022, trim: 'Convertible', vin: '1FTFW1E59NKD69096' });
    expect(specs.bodyType).toBe('truck');
  });

  it('an undecodable VIN falls back to the catalog', async () => {
    const specs = await generateSpecs({ make: 'Tesla', model: 'Model 3', year: 2021, vin: 'not-a-vin' });
    expect(specs).toMatchObject({ bodyType: 'sedan', fuelType: 'electric' });
  });
});

describe('generateFeatures', () => {
  it('nothing to say about an old mainstream car', async () => {
    await expect(generateFeatures({ make: 'Honda', model: 'Civic', year: 2012, trim: 'LX' })).resolves.toEqual([]);
  });

  it('backup camera, Bluetooth and USB from 2015', async () => {
    await expect(generateFeatures({ make: 'Toyota', model: 'Camry', year: 2016, trim: 'LE' })).resolves.toEqual([
      'Backup Camera',
      'Bluetooth Connectivity',
      'USB Ports',
    ]);
  });

  it('Apple CarPlay and Android Auto from 2018', async () => {
    const features = await generateFeatures({ make: 'Honda', model: 'Accord', year: 2018, trim: 'EX' });
    expect(features).toEqual(['Backup Camera', 'Bluetooth Connectivity', 'Apple CarPlay', 'Android Auto', 'USB Ports']);
  });

  it('luxury + sport + AWD, capped at 8 in priority order', async () => {
    const features = await generateFeatures({ make: 'BMW', model: '3 Series', year: 2021, trim: 'M340i xDrive' });
    expect(features).toEqual([
      'All-Wheel Drive',
      'Leather Interior',
      'Navigation System',
      'Premium Sound System',
      'Sport Package',
      'Backup Camera',
      'Bluetooth Connectivity',
      'Apple CarPlay',
    ]);
    expect(features).toHaveLength(MAX_FEATURES);
  });

  it('performance models count as sport even without a sport trim', async () => {
    expect(await generateFeatures({ make: 'Chevrolet', model: 'Corvette', year: 2014, trim: '1LT' })).toContain('Sport Package');
  });

  it('no CarPlay on a Tesla', async () => {
    const features = await generateFeatures({ make: 'Tesla', model: 'Model 3', year: 2022 });
    expect(features).not.toContain('Apple CarPlay');
    expect(features).toContain('Navigation System');
  });

  it('minivans get third-row seating', async () => {
    expect(await generateFeatures({ make: 'Honda', model: 'Odyssey', year: 2012 })).toEqual(['Third Row Seating']);
  });

  it('works from a VIN and only uses predefined names', async () => {
    const features = await generateFeatures({ make: 'BMW', model: 'X1', year: 2015, vin: 'WBAVL1C5XFVY41004' });
    expect(features).toEqual(expect.arrayContaining(['All-Wheel Drive', 'Leather Interior', 'Backup Camera']));
    for (const f of features) expect(FEATURES).toContain(f);
  });

  it('names only predefined features, plus CarPlay, Android Auto and Sport Package', () => {
    expect(FEATURES.filter((f) => !(PREDEFINED_FEATURES as readonly string[]).includes(f))).toEqual(['Apple CarPlay', 'Android Auto', 'Sport Package']);
  });
});
