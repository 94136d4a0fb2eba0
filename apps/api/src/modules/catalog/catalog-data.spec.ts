import { BODY_TYPES, DRIVETRAINS, FUEL_TYPES, LISTING_LIMITS } from '@app/shared';
import { keysCompatible, parseKey } from '../../../../../scripts/catalog/lib/pattern-key';
import { openEndYear } from '../../../../../scripts/catalog/lib/years';
import { findCatalogModel, getCatalog } from './catalog-data';
import { MAKES } from './vpic/makes';
import { displayCase, normaliseModel, splitTrimValue } from './vpic/names';

const MIN_YEAR = LISTING_LIMITS.minYear;
const maxModelYear = LISTING_LIMITS.maxYear;

const catalog = getCatalog();

describe('data/catalog.json', () => {
  it('lists each trim once, without drive notes, alternatives or generation codes', () => {
    for (const make of catalog.makes) {
      for (const model of make.models) {
        const lower = model.trims.map((t) => t.toLowerCase());
        expect({ model: `${make.name} ${model.name}`, unique: new Set(lower).size }).toEqual({ model: `${make.name} ${model.name}`, unique: lower.length });
        for (const trim of model.trims) expect(trim).not.toMatch(/\((?:[24]WD|AWD|FWD|RWD)(?:\s*[+/,&]\s*(?:[24]WD|AWD|FWD|RWD))*\)|(?<!\bw)\/|;|^Type \d/i);
      }
    }
    expect(findCatalogModel('Porsche', '911')!.trims).toEqual(expect.arrayContaining(['4 Targa', 'Carrera 4', 'Carrera 4S', 'GT3 RS', 'Targa 4S']));
    expect(findCatalogModel('Porsche', '911')!.trims).not.toContain('4 Targa (4WD)');
  });

  it('has every make we carry, each with models', () => {
    expect(catalog.makes.map((m) => m.name).sort()).toEqual(MAKES.map((m) => m.name).sort());
    expect(catalog.makes.length).toBeGreaterThanOrEqual(50);
    for (const make of catalog.makes) expect(make.models.length).toBeGreaterThan(0);
  });

  it.each([
    ['Chevrolet', 'Corvette'],
    ['Ram', '1500'],
    ['Ram', '2500'],
    ['Ram', '3500'],
    ['Ram', 'ProMaster'],
    ['BMW', '3 Series'],
    ['BMW', 'X5'],
    ['Ford', 'F-150'],
    ['Mercedes-Benz', 'C-Class'],
    ['Tesla', 'Model 3'],
    ['Scion', 'tC'],
    ['McLaren', 'Senna'],
  ])('contains %s %s', (make, model) => {
    expect(findCatalogModel(make, model)).not.toBeNull();
  });

  it('filters motorcycles, chassis cabs and heavy trucks', () => {
    expect(findCatalogModel('BMW', 'R 1250 GS')).toBeNull();
    expect(findCatalogModel('Ford', 'F-650')).toBeNull();
    expect(findCatalogModel('Chevrolet', '5500HD')).toBeNull();
    expect(findCatalogModel('Honda', 'CBR500RA')).toBeNull();
  });

  it('uses our vocabularies, sane years, unique slugs, sorted output', () => {
    const max = maxModelYear();
    for (const make of catalog.makes) {
      const slugs = make.models.map((m) => m.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const model of make.models) {
        expect(model.years[0]).toBeGreaterThanOrEqual(MIN_YEAR);
        expect(model.years[1]).toBeLessThanOrEqual(max);
        expect(model.years[0]).toBeLessThanOrEqual(model.years[1]);
        if (model.bodyType) expect(BODY_TYPES).toContain(model.bodyType);
        if (model.fuelType) expect(FUEL_TYPES).toContain(model.fuelType);
        if (model.drivetrain) expect(DRIVETRAINS).toContain(model.drivetrain);
        expect(model.name).not.toMatch(/^[A-Z]{4,}( [A-Z]{4,})*$/);
      }
    }
    const names = catalog.makes.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' })));
  });

  it('maps model data to our slugs', () => {
    expect(findCatalogModel('Ford', 'F-150')).toMatchObject({ bodyType: 'truck', fuelType: 'gasoline' });
    expect(findCatalogModel('Tesla', 'model-y')).toMatchObject({ bodyType: 'suv', fuelType: 'electric' });
    expect(findCatalogModel('Toyota', 'Sienna')).toMatchObject({ bodyType: 'minivan' });
    expect(findCatalogModel('BMW', 'X5')).toMatchObject({ drivetrain: 'awd' });
  });
});

describe('name normalisation', () => {
  it('fixes ALL CAPS words only', () => {
    expect(displayCase('SENNA GTR')).toBe('Senna GTR');
    expect(displayCase('COROLLA iM')).toBe('Corolla iM');
    expect(displayCase('FCHV-adv')).toBe('FCHV-adv');
    expect(displayCase('F-150')).toBe('F-150');
    expect(displayCase('GT MKII')).toBe('GT MKII');
  });

  it('groups BMW variants into series and keeps the variant as trim', () => {
    expect(normaliseModel('BMW', '328i')).toEqual({ make: 'BMW', model: '3 Series', trimPrefix: '328i' });
    expect(normaliseModel('BMW', 'M340i')).toEqual({ make: 'BMW', model: '3 Series', trimPrefix: 'M340i' });
    expect(normaliseModel('BMW', 'M3')).toEqual({ make: 'BMW', model: 'M3', trimPrefix: null });
    expect(normaliseModel('BMW', 'X5')).toEqual({ make: 'BMW', model: 'X5', trimPrefix: null });
  });

  it('moves Scion out of Toyota and merges ProMaster variants', () => {
    expect(normaliseModel('Toyota', 'Scion tC')).toEqual({ make: 'Scion', model: 'tC', trimPrefix: null });
    expect(normaliseModel('Ram', 'ProMaster 2500')).toEqual({ make: 'Ram', model: 'ProMaster', trimPrefix: '2500' });
    expect(normaliseModel('Toyota', 'Prius Prime (PHEV)').model).toBe('Prius Prime');
  });
});

describe('generator helpers', () => {
  it('pattern keys are compatible when every position can match', () => {
    expect(keysCompatible(parseKey('B[A-H8]'), parseKey('B[BC]'))).toBe(true);
    expect(keysCompatible(parseKey('B[A-H8]'), parseKey('BJ'))).toBe(false);
    expect(keysCompatible(parseKey('*P8[ACJ]'), parseKey('*P8[EFK]'))).toBe(false);
    expect(keysCompatible(parseKey('****D*'), parseKey('B[A-H8]**D'))).toBe(true);
  });

  it('reads the end year of open-ended schemas from their names', () => {
    expect(openEndYear('GM Chevrolet Cruze schema for 1G1/3G1 -  2019', 2019, 2027)).toBe(2019);
    expect(openEndYear('Toyota Prizm schema for 1Y1 (2002)', 2002, 2027)).toBe(2002);
    expect(openEndYear('Jeep Gladiator Schema for 1C6 (MY2026-', 2026, 2027)).toBe(2027);
    expect(openEndYear('Some schema without a year', 2010, 2027)).toBe(2027);
  });
});

describe('splitTrimValue', () => {
  it.each([
    ['4 Targa (4WD)', ['4 Targa']],
    ['Carrera (2WD + 4WD)', ['Carrera']],
    ['Carrera (2WD)/Carrera 4 (4WD)/Carrera 4S (4WD)', ['Carrera', 'Carrera 4', 'Carrera 4S']],
    ['S, GTS', ['S', 'GTS']],
    ['Sport / Touring', ['Sport', 'Touring']],
    ['Type 982', []],
    ['Premium w/Navigation', ['Premium w/Navigation']],
    ['Cabriolet (2WD), 4 Cabriolet (4WD)', ['Cabriolet', '4 Cabriolet']],
    ['Base, base', ['Base']],
  ])('%s -> %j', (value, trims) => {
    expect(splitTrimValue(value)).toEqual(trims);
  });
});
