import { boundingBox, boxContains, distanceMiles, EARTH_RADIUS_MILES, radiusSql, type LatLng } from './radius';
import { lookupZip } from './zip';
import { random } from '../../../test/support/random';

const DEG = Math.PI / 180;

/** Point reached from `p` after `miles` along initial `bearingDeg` on the sphere. */
function destination(p: LatLng, bearingDeg: number, miles: number): LatLng {
  const d = miles / EARTH_RADIUS_MILES;
  const b = bearingDeg * DEG;
  const lat1 = p.lat * DEG;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = p.lng * DEG + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / DEG, lng: ((lng2 / DEG + 540) % 360) - 180 };
}


describe('distanceMiles', () => {
  it('puts NYC (10001) about 711 miles from Chicago (60601)', () => {
    const nyc = lookupZip('10001');
    const chi = lookupZip('60601');
    expect(nyc && chi).toBeTruthy();
    expect(Math.abs(distanceMiles(nyc!, chi!) - 711)).toBeLessThanOrEqual(10);
  });

  it('is zero, symmetric and right over a known long haul', () => {
    const a = { lat: 40.7506, lng: -73.9972 };
    const b = { lat: 34.103, lng: -118.4105 };
    expect(distanceMiles(a, a)).toBe(0);
    expect(distanceMiles(a, b)).toBe(distanceMiles(b, a));
    // NYC - LA great circle is ~2,450 mi
    expect(Math.abs(distanceMiles(a, b) - 2450)).toBeLessThan(15);
    // destination() round trip
    expect(Math.abs(distanceMiles(a, destination(a, 37, 123.4)) - 123.4)).toBeLessThan(1e-6);
  });
});

describe('boundingBox', () => {
  it('contains every point within the radius (random centres, bearings, radii)', () => {
    const rnd = random(42);
    const centres: LatLng[] = [
      { lat: 40.7506, lng: -73.9972 }, { lat: 25.7743, lng: -80.1937 }, { lat: 64.8378, lng: -147.7164 },
      { lat: 71.29, lng: -156.79 }, { lat: 19.7, lng: -155.08 }, { lat: 18.16, lng: -66.72 },
    ];
    for (let i = 0; i < 50; i++) centres.push({ lat: 18 + rnd() * 53, lng: -170 + rnd() * 105 });
    const misses: string[] = [];
    for (const c of centres) {
      for (const r of [0.5, 5, 25, 100, 250, 500, 1000]) {
        const box = boundingBox(c.lat, c.lng, r);
        for (let k = 0; k < 400; k++) {
          const p = destination(c, rnd() * 360, r * Math.sqrt(rnd()));
          if (!boxContains(box, p)) misses.push(`centre ${JSON.stringify(c)} r=${r} point ${JSON.stringify(p)}`);
        }
        // Points exactly on the circle, including the widest (tangent) bearings.
        for (let bearing = 0; bearing < 360; bearing += 0.5) {
          if (!boxContains(box, destination(c, bearing, r))) misses.push(`edge bearing ${bearing} r=${r}`);
        }
      }
    }
    expect(misses).toEqual([]);
  });

  it('is tight: each side is touched by the circle', () => {
    const c = { lat: 45, lng: -100 };
    const r = 300;
    const box = boundingBox(c.lat, c.lng, r);
    let minLng = Infinity;
    let maxLng = -Infinity;
    for (let b = 0; b < 360; b += 0.01) {
      const p = destination(c, b, r);
      minLng = Math.min(minLng, p.lng);
      maxLng = Math.max(maxLng, p.lng);
    }
    expect(Math.abs(box.minLng - minLng)).toBeLessThan(1e-4);
    expect(Math.abs(box.maxLng - maxLng)).toBeLessThan(1e-4);
    expect(Math.abs(box.maxLat - destination(c, 0, r).lat)).toBeLessThan(1e-6);
    expect(Math.abs(box.minLat - destination(c, 180, r).lat)).toBeLessThan(1e-6);
    // Wider than the naive r / (69.17 * cos(lat)) at this latitude.
    expect(box.maxLng - c.lng).toBeGreaterThan(r / (69.17 * Math.cos(c.lat * DEG)));
  });

  it('degenerates safely at the antimeridian and the poles', () => {
    const adak = boundingBox(51.874, -176.634, 300); // crosses 180°
    expect([adak.minLng, adak.maxLng]).toEqual([-180, 180]);
    const pole = boundingBox(89.5, 10, 100);
    expect(pole.maxLat).toBe(90);
    expect([pole.minLng, pole.maxLng]).toEqual([-180, 180]);
    const zero = boundingBox(40, -75, 0);
    expect(zero.minLat <= 40 && zero.maxLat >= 40 && zero.minLng <= -75 && zero.maxLng >= -75).toBe(true);
  });

  it('throws RangeError for invalid arguments', () => {
    expect(() => boundingBox(91, 0, 10)).toThrow(RangeError);
    expect(() => boundingBox(40, -181, 10)).toThrow(RangeError);
    expect(() => boundingBox(40, -75, -1)).toThrow(RangeError);
    expect(() => boundingBox(Number.NaN, -75, 1)).toThrow(RangeError);
    expect(() => boundingBox(40, -75, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('radiusSql', () => {
  it('refuses unsafe column names and orders its params', () => {
    expect(() => radiusSql({ lat: 40, lng: -75 }, 10, { lat: 'latitude; DROP TABLE x', lng: 'longitude' })).toThrow();
    const q = radiusSql({ lat: 40, lng: -75 }, 10, { lat: 'l.latitude', lng: 'l.longitude' });
    expect(q.boxWhere.sql).toBe('l.latitude BETWEEN ? AND ? AND l.longitude BETWEEN ? AND ?');
    expect(q.boxWhere.params).toEqual([q.box.minLat, q.box.maxLat, q.box.minLng, q.box.maxLng]);
    expect(q.distance.params.length).toBe((q.distance.sql.match(/\?/g) ?? []).length);
    const banded = radiusSql({ lat: 40, lng: -75 }, 50, { lat: 'latitude', lng: 'longitude', band: 'latBand' });
    expect(banded.boxWhere.sql).toBe('latBand IN (?, ?, ?, ?) AND longitude BETWEEN ? AND ? AND latitude BETWEEN ? AND ?');
    expect(banded.boxWhere.params).toEqual([78, 79, 80, 81, banded.box.minLng, banded.box.maxLng, banded.box.minLat, banded.box.maxLat]);
  });
});
