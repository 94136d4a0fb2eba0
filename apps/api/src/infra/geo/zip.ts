import { ZIP_CENTROIDS_CSV } from './zip-centroids.data';

/** Centroid of a US ZIP code (WGS84 degrees). Objects are frozen and shared between calls. */
export interface ZipInfo {
  readonly zip: string;
  readonly lat: number;
  readonly lng: number;
  readonly city: string;
  /** Two-letter USPS state/territory code (50 states, DC, PR, VI, GU, AS, MP, FM, MH, PW). */
  readonly state: string;
}

/** 5 digits, optionally followed by a ZIP+4 suffix ("-1234", " 1234" or "1234"). */
const ZIP_PATTERN = /^(\d{5})(?:[- ]?\d{4})?$/;

let index: ReadonlyMap<string, ZipInfo> | undefined;

function buildIndex(): ReadonlyMap<string, ZipInfo> {
  const map = new Map<string, ZipInfo>();
  for (const line of ZIP_CENTROIDS_CSV.split('\n')) {
    // zip,lat,lng,state,city  (city is last: it is the only field that may contain spaces)
    const [zip, lat, lng, state, city] = line.split(',');
    if (zip === undefined || lat === undefined || lng === undefined || state === undefined || city === undefined) {
      throw new Error(`zip-centroids: malformed line "${line}"`);
    }
    map.set(zip, Object.freeze({ zip, lat: Number(lat), lng: Number(lng), city, state }));
  }
  return map;
}

function getIndex(): ReadonlyMap<string, ZipInfo> {
  index ??= buildIndex();
  return index;
}

/**
 * Canonical 5-digit ZIP for user input, or null if malformed.
 * Accepts surrounding whitespace and ZIP+4 ("90210-1234", "90210 1234", "902101234").
 */
export function normalizeZip(input: string): string | null {
  if (typeof input !== 'string') return null;
  const m = ZIP_PATTERN.exec(input.trim());
  return m?.[1] ?? null;
}

/**
 * Centroid, city and state of a US ZIP code; null for malformed input or an unknown ZIP.
 * The data set (~42k ZIPs) is parsed into a Map on the first call only.
 */
export function lookupZip(zip: string): ZipInfo | null {
  const key = normalizeZip(zip);
  if (key === null) return null;
  return getIndex().get(key) ?? null;
}

/** Every ZIP in the data set, in ZIP order (e.g. to seed a `zip_codes` table or a test database). */
export function allZips(): IterableIterator<ZipInfo> {
  return getIndex().values();
}

/** Parse the data set now (e.g. at server start) instead of on the first lookup. Returns the ZIP count. */
export function preloadZips(): number {
  return getIndex().size;
}
