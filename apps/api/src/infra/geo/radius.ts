/**
 * Great-circle math for "within R miles of a point" searches, plus SQL fragments that run
 * unchanged on SQLite (with math functions, as bundled by better-sqlite3 12.x) and MySQL/MariaDB.
 *
 * Plan: WHERE <bounding box on indexed latitude/longitude> AND <haversine> <= radius
 *       ORDER BY <haversine>.  The box is a cheap, index-friendly superset of the circle;
 *       the haversine expression only runs on rows that passed the box.
 *
 * An index on (latitude, longitude) reads the box's whole latitude stripe (a 100-mile box around Kansas
 * City: 47,000 of 88,000 listings, as the stripe crosses the country). Rows therefore also carry their
 * latitude band (latitudeBand: half a degree, ~35 miles), and an index on (band, longitude) reads one short
 * longitude range per band the box touches: only the box, give or take half a band above and below.
 */

/** Latitude bands per degree: a listing's band is floor(latitude × this). */
export const LATITUDE_BANDS_PER_DEGREE = 2;

/** The latitude band of a point, as stored beside its latitude (the column latBand). */
export function latitudeBand(lat: number): number {
  return Math.floor(lat * LATITUDE_BANDS_PER_DEGREE);
}

/** Every latitude band a box touches, south to north. */
export function bandsOf(box: BoundingBox): number[] {
  const bands: number[] = [];
  for (let band = latitudeBand(box.minLat); band <= latitudeBand(box.maxLat); band++) bands.push(band);
  return bands;
}

/** Mean Earth radius (IUGG, 6371.0088 km) in statute miles. */
export const EARTH_RADIUS_MILES = 3958.7613;

const DEG = Math.PI / 180;
/** Padding added to every side of a box so rounding can never exclude a point on the circle (~0.1 mm). */
const BOX_EPSILON_DEG = 1e-9;

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

export interface BoundingBox {
  readonly minLat: number;
  readonly maxLat: number;
  readonly minLng: number;
  readonly maxLng: number;
}

function assertLatLng(lat: number, lng: number): void {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) throw new RangeError(`latitude out of range: ${lat}`);
  if (!Number.isFinite(lng) || lng < -180 || lng > 180) throw new RangeError(`longitude out of range: ${lng}`);
}

function assertRadius(radiusMiles: number): void {
  if (!Number.isFinite(radiusMiles) || radiusMiles < 0) throw new RangeError(`radius must be a finite number >= 0: ${radiusMiles}`);
}

/** Great-circle (haversine) distance in miles between two points given in degrees. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * DEG;
  const dLng = (b.lng - a.lng) * DEG;
  const s1 = Math.sin(dLat / 2);
  const s2 = Math.sin(dLng / 2);
  const h = s1 * s1 + Math.cos(a.lat * DEG) * Math.cos(b.lat * DEG) * s2 * s2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Smallest latitude/longitude rectangle containing every point within `radiusMiles` of (lat, lng).
 *
 * Exact on the sphere (J. P. Matuschek's method): the longitude half-width is
 * asin(sin(d) / cos(lat)), which is wider than the naive d / cos(lat) at high latitudes.
 * Always satisfies minLat <= maxLat and minLng <= maxLng so `BETWEEN` can be used directly:
 * if the circle contains a pole or crosses the 180th meridian (only the western Aleutians,
 * in US data), the longitude range becomes the whole [-180, 180].
 */
export function boundingBox(lat: number, lng: number, radiusMiles: number): BoundingBox {
  assertLatLng(lat, lng);
  assertRadius(radiusMiles);
  const d = radiusMiles / EARTH_RADIUS_MILES; // angular radius, radians
  const latR = lat * DEG;
  const minLatR = latR - d;
  const maxLatR = latR + d;

  let minLng = -180;
  let maxLng = 180;
  if (minLatR > -Math.PI / 2 && maxLatR < Math.PI / 2) {
    const dLng = Math.asin(Math.min(1, Math.sin(d) / Math.cos(latR))) / DEG;
    if (lng - dLng >= -180 && lng + dLng <= 180) {
      minLng = lng - dLng - BOX_EPSILON_DEG;
      maxLng = lng + dLng + BOX_EPSILON_DEG;
    }
  }
  return {
    minLat: Math.max(-90, minLatR / DEG - BOX_EPSILON_DEG),
    maxLat: Math.min(90, maxLatR / DEG + BOX_EPSILON_DEG),
    minLng: Math.max(-180, minLng),
    maxLng: Math.min(180, maxLng),
  };
}

/** True if the point lies inside the box (edges included). */
export function boxContains(box: BoundingBox, p: LatLng): boolean {
  return p.lat >= box.minLat && p.lat <= box.maxLat && p.lng >= box.minLng && p.lng <= box.maxLng;
}

/** A SQL snippet with positional `?` placeholders and its parameters, in order. */
export interface SqlFragment {
  readonly sql: string;
  readonly params: readonly number[];
}

export interface RadiusSql {
  readonly box: BoundingBox;
  /**
   * `lat BETWEEN ? AND ? AND lng BETWEEN ? AND ?`, index-friendly on both engines; with a band column
   * `band IN (…) AND lng BETWEEN ? AND ? AND lat BETWEEN ? AND ?`, for an index on (band, lng, lat).
   */
  readonly boxWhere: SqlFragment;
  /** Haversine distance in miles from the center to the row, as a SQL expression. */
  readonly distance: SqlFragment;
}

export interface RadiusColumns {
  readonly lat: string;
  readonly lng: string;
  /** The column holding latitudeBand(lat), when there is one. */
  readonly band?: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?$/;

/**
 * The distance in miles radiusSql's SQL measures from `center` to a point, in the same order of operations (the
 * counts snapshot orders "Nearest first" pages by it as the SQL would order them).
 */
export function distanceFrom(center: LatLng): (lat: number, lng: number) => number {
  const cosCenter = Math.cos(center.lat * DEG);
  const diameter = 2 * EARTH_RADIUS_MILES;
  return (lat, lng) =>
    diameter * Math.asin(Math.sqrt(Math.pow(Math.sin(((lat - center.lat) * DEG) / 2), 2) + cosCenter * Math.cos(lat * DEG) * Math.pow(Math.sin(((lng - center.lng) * DEG) / 2), 2)));
}

/**
 * SQL fragments for a radius search, valid on SQLite >= 3.35 built with SQLITE_ENABLE_MATH_FUNCTIONS
 * (better-sqlite3 12.x is) and on MySQL/MariaDB. Functions used: ASIN, SQRT, POWER, SIN, COS, RADIANS.
 *
 * Compose as:
 *   SELECT l.*, <distance.sql> AS distance_miles FROM listings l
 *   WHERE <boxWhere.sql> AND <distance.sql> <= ? [AND other filters]
 *   ORDER BY distance_miles LIMIT ?
 * with params [...distance.params, ...boxWhere.params, ...distance.params, radiusMiles, limit].
 */
export function radiusSql(center: LatLng, radiusMiles: number, columns: RadiusColumns = { lat: 'latitude', lng: 'longitude' }): RadiusSql {
  for (const col of [columns.lat, columns.lng, ...(columns.band ? [columns.band] : [])]) {
    if (!IDENTIFIER.test(col)) throw new Error(`invalid column name: ${col}`);
  }
  const box = boundingBox(center.lat, center.lng, radiusMiles);
  const { lat, lng } = columns;
  const diameter = 2 * EARTH_RADIUS_MILES;
  return {
    box,
    boxWhere: columns.band
      ? {
          sql: `${columns.band} IN (${bandsOf(box).map(() => '?').join(', ')}) AND ${lng} BETWEEN ? AND ? AND ${lat} BETWEEN ? AND ?`,
          params: [...bandsOf(box), box.minLng, box.maxLng, box.minLat, box.maxLat],
        }
      : {
          sql: `${lat} BETWEEN ? AND ? AND ${lng} BETWEEN ? AND ?`,
          params: [box.minLat, box.maxLat, box.minLng, box.maxLng],
        },
    distance: {
      sql:
        `(${diameter} * ASIN(SQRT(POWER(SIN(RADIANS(${lat} - ?) / 2), 2)` +
        ` + ? * COS(RADIANS(${lat})) * POWER(SIN(RADIANS(${lng} - ?) / 2), 2))))`,
      params: [center.lat, Math.cos(center.lat * DEG), center.lng],
    },
  };
}
