import { distanceMiles } from './radius';
import { lookupZip, normalizeZip, preloadZips } from './zip';
import { ZIP_CENTROIDS_COUNT } from './zip-centroids.data';

// Reference points: well-known coordinates of each ZIP's neighbourhood (not taken from the data set).
const KNOWN = [
  { zip: '10001', city: 'New York', state: 'NY', lat: 40.7506, lng: -73.9972 }, // Chelsea / Penn Station
  { zip: '90210', city: 'Beverly Hills', state: 'CA', lat: 34.103, lng: -118.4105 },
  { zip: '60601', city: 'Chicago', state: 'IL', lat: 41.8853, lng: -87.6216 }, // the Loop
  { zip: '33101', city: 'Miami', state: 'FL', lat: 25.7743, lng: -80.1937 }, // downtown Miami
] as const;

describe('lookupZip', () => {
  it.each(KNOWN)('resolves $zip within 3 miles of the expected place, with city and state', (k) => {
    const z = lookupZip(k.zip);
    expect(z).toMatchObject({ zip: k.zip, city: k.city, state: k.state });
    expect(distanceMiles(z!, k)).toBeLessThan(3);
  });

  it('accepts ZIP+4 and surrounding whitespace', () => {
    expect(lookupZip('90210-1234')?.city).toBe('Beverly Hills');
    expect(lookupZip('90210 1234')?.city).toBe('Beverly Hills');
    expect(lookupZip('902101234')?.city).toBe('Beverly Hills');
    expect(lookupZip(' 10001 ')?.state).toBe('NY');
    expect(normalizeZip('02108-0001')).toBe('02108');
  });

  it('keeps leading zeros (New England, Puerto Rico)', () => {
    expect(lookupZip('02108')?.city).toBe('Boston');
    expect(lookupZip('00601')?.state).toBe('PR');
  });

  it.each(['', ' ', '1234', '123456', '1234567890', 'abcde', '1000a', '10001-', '10001-12', '10001-12345',
    '10001--1234', '10 001', '-10001', '10001.0', '١٠٠٠١' /* Arabic-Indic digits */, '１０００１' /* full-width */])(
    'answers null for malformed %j',
    (input) => {
      expect(lookupZip(input)).toBeNull();
    },
  );

  it('answers null for values that are not strings (untyped JSON bodies)', () => {
    for (const v of [null, undefined, 10001, {}, ['10001']]) expect(lookupZip(v as unknown as string)).toBeNull();
  });

  it('answers null for well-formed but unknown or excluded ZIPs', () => {
    expect(lookupZip('00000')).toBeNull();
    expect(lookupZip('99999')).toBeNull();
    expect(lookupZip('09001')).toBeNull(); // APO/FPO military ZIPs are deliberately excluded
  });

  it('has the expected data set size', () => {
    expect(preloadZips()).toBe(ZIP_CENTROIDS_COUNT);
    expect(ZIP_CENTROIDS_COUNT).toBeGreaterThan(41000);
    expect(ZIP_CENTROIDS_COUNT).toBeLessThan(43000);
  });

  it('answers the same frozen object on repeated lookups', () => {
    const a = lookupZip('60601');
    const b = lookupZip('60601-0000');
    expect(a).not.toBeNull();
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
  });
});
