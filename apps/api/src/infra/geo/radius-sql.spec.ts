import { SqliteDatabase } from '@app/shared/server';
import { distanceMiles, latitudeBand, radiusSql, type LatLng, type RadiusColumns } from './radius';
import { allZips, lookupZip } from './zip';

interface Listing {
  id: number;
  latitude: number;
  longitude: number;
}
interface Case {
  zip: string;
  center: LatLng;
  radiusMiles: number;
}

/** One listing per ZIP centroid (~42k rows), ids in ZIP order. */
function listingsAtEveryZip(): Listing[] {
  let id = 0;
  return Array.from(allZips(), (z) => ({ id: ++id, latitude: z.lat, longitude: z.lng }));
}

const CASES: Case[] = ['10001', '90210', '60601', '33101', '99501', '96813', '00901', '59001'].flatMap((zip) => {
  const z = lookupZip(zip);
  if (!z) throw new Error(`fixture zip ${zip} missing`);
  return [1, 10, 50, 250].map((radiusMiles) => ({ zip, center: { lat: z.lat, lng: z.lng }, radiusMiles }));
});

/** Brute force reference: every listing within the radius, nearest first (ties by id). */
function expectedWithin(listings: readonly Listing[], c: Case) {
  return listings
    .map((l) => ({ id: l.id, d: distanceMiles(c.center, { lat: l.latitude, lng: l.longitude }) }))
    .filter((x) => x.d <= c.radiusMiles)
    .sort((a, b) => a.d - b.d || a.id - b.id);
}

const BANDED: RadiusColumns = { lat: 'latitude', lng: 'longitude', band: 'latBand' };

function radiusQuery(c: Case, columns?: RadiusColumns) {
  const q = radiusSql(c.center, c.radiusMiles, columns);
  return {
    sql: `SELECT id, ${q.distance.sql} AS distance_miles FROM listings WHERE ${q.boxWhere.sql} AND ${q.distance.sql} <= ? ORDER BY distance_miles, id`,
    params: [...q.distance.params, ...q.boxWhere.params, ...q.distance.params, c.radiusMiles],
  };
}

/** The SQL of radiusSql on SQLite (better-sqlite3); the same search runs on MariaDB in the HTTP tests. */
describe('radiusSql on SQLite', () => {
  let db: SqliteDatabase;
  let listings: Listing[];
  beforeAll(() => {
    db = new SqliteDatabase(':memory:');
    db.exec(`CREATE TABLE listings (id INTEGER PRIMARY KEY, latitude REAL NOT NULL, longitude REAL NOT NULL, latBand INTEGER NOT NULL);
             CREATE INDEX listings_lat_lng ON listings (latitude, longitude);
             CREATE INDEX listings_band_lng ON listings (latBand, longitude, latitude);`);
    listings = listingsAtEveryZip();
    const insert = db.prepare('INSERT INTO listings (id, latitude, longitude, latBand) VALUES (@id, @latitude, @longitude, @latBand)');
    db.transaction(() => listings.forEach((l) => insert.run({ ...l, latBand: latitudeBand(l.latitude) })))();
    db.exec('ANALYZE');
  });
  afterAll(() => db.close());

  it('has the math functions it needs', () => {
    const opts = (db.pragma('compile_options') as { compile_options: string }[]).map((r) => r.compile_options);
    expect(opts).toContain('ENABLE_MATH_FUNCTIONS');
    expect(db.prepare('SELECT asin(1) AS a, radians(180) AS r, power(3, 2) AS p').get()).toEqual({ a: Math.PI / 2, r: Math.PI, p: 9 });
  });

  it('answers exactly the brute-force result, nearest first', () => {
    for (const c of CASES) {
      const { sql, params } = radiusQuery(c);
      const rows = db.prepare(sql).all(...params) as { id: number; distance_miles: number }[];
      const expected = expectedWithin(listings, c);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.id)).toEqual(expected.map((e) => e.id));
      rows.forEach((r, i) => expect(Math.abs(r.distance_miles - expected[i].d)).toBeLessThan(1e-9));
    }
  });

  it('uses the (latitude, longitude) index for the box', () => {
    const { sql, params } = radiusQuery(CASES[0]);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((p) => p.detail).join(' | ');
    expect(plan).toMatch(/SEARCH listings USING (COVERING )?INDEX listings_lat_lng \(latitude>\? AND latitude<\?\)/);
  });

  it('answers the same with latitude bands, reading one longitude range per band', () => {
    for (const c of CASES) {
      const { sql, params } = radiusQuery(c, BANDED);
      const rows = db.prepare(sql).all(...params) as { id: number }[];
      expect(rows.map((r) => r.id)).toEqual(expectedWithin(listings, c).map((e) => e.id));
    }
    const { sql, params } = radiusQuery(CASES[2], BANDED);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((p) => p.detail).join(' | ');
    expect(plan).toMatch(/SEARCH listings USING (COVERING )?INDEX listings_band_lng \(latBand=\? AND longitude>\? AND longitude<\?\)/);
  });

  it('bands a latitude as floor(latitude × 2), below zero too', () => {
    expect([latitudeBand(40.49), latitudeBand(40.5), latitudeBand(0), latitudeBand(-0.1), latitudeBand(-33.7)]).toEqual([80, 81, 0, -1, -68]);
  });
});
