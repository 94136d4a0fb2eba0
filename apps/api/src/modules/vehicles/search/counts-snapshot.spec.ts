import { addId, CountsSnapshot, hasId, idBits, removeId, SnapshotBuilder, type ChangedRow, type CountGroup, type GroupCount, type IdBits, type SnapshotRow } from './counts-snapshot';
import { COLUMN_FILTERS, type NormalizedSearchFilters } from './search-filters';
import { random } from '../../../../test/support/random';
import { distanceFrom } from '../../../infra/geo/radius';

const GROUPS: CountGroup[] = ['total', 'make', 'model', 'bodyType', 'fuelType', 'price'];


const MAKES = [
  ['toyota', 'Toyota', ['camry', 'rav4']],
  ['bmw', 'BMW', ['x5', 'm3']],
  // Two labels under one key: the least one names the group.
  ['mercedes-benz', 'Mercedes-Benz', ['c-class']],
  ['mercedes-benz', 'Mercedes-benz', ['e-class']],
] as const;

const PLACES = [
  { latitude: 30.2672, longitude: -97.7431 },
  { latitude: 30.25, longitude: -97.75 },
  { latitude: 31.5525, longitude: -97.1396 },
  { latitude: 29.7604, longitude: -95.3698 },
];

function row(id: number, next: () => number): SnapshotRow {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const [makeKey, make, models] = pick(MAKES);
  const modelKey = pick(models);
  return {
    id,
    makeKey,
    make,
    modelKey,
    model: modelKey.toUpperCase(),
    bodyType: pick(['sedan', 'suv', 'coupe', null]),
    fuelType: pick(['gasoline', 'hybrid', 'electric']),
    condition: pick(['good', 'excellent']),
    transmission: pick(['automatic', 'manual']),
    drivetrain: pick(['awd', 'fwd']),
    color: pick(['black', 'white', null]),
    interiorColorFamily: pick(['black', 'beige']),
    price: pick([5000, 15000, 25000, 45000, 90000, 150000]) + Math.floor(next() * 4000),
    year: 2010 + Math.floor(next() * 15),
    mileage: Math.floor(next() * 150000),
    dealRank: next() - 0.5,
    // Few distinct times, so that ties are ordered by id; some never reduced (NULL).
    createdAt: 1_700_000_000_000 + Math.floor(next() * 20) * 1000,
    reducedAt: next() < 0.3 ? null : 1_700_000_000_000 + Math.floor(next() * 5) * 1000,
    // A few places, so that distances tie (then by id); some listings have none.
    ...(next() < 0.1 ? { latitude: null, longitude: null } : pick(PLACES)),
  } as SnapshotRow;
}

/** The ids of the listings a snapshot holds on the market (its present slots). */
const heldIds = (snapshot: CountsSnapshot): number[] => Array.from(snapshot.columns.ids).filter((_, i) => snapshot.columns.present[i] === 1);

function snapshotOf(version: number, rows: SnapshotRow[]): CountsSnapshot {
  const builder = new SnapshotBuilder(rows.length);
  builder.add(rows);
  return new CountsSnapshot(version, 'sqlite', builder.columns());
}

const FILTERS: NormalizedSearchFilters[] = [
  { terms: [], features: [] },
  { terms: [], features: [], makeKey: 'toyota' },
  { terms: [], features: [], makeKey: 'mercedes-benz' },
  { terms: [], features: [], makeKey: 'bmw', modelKey: 'x5' },
  { terms: [], features: [], minPrice: 20000, maxPrice: 60000 },
  { terms: [], features: [], bodyType: ['suv', 'coupe'], minYear: 2015 },
  { terms: [], features: [], fuelType: ['hybrid'], maxMileage: 80000, exteriorColor: ['black'] },
  { terms: [], features: [], excludeId: 7, makeKey: 'toyota' },
];

describe('CountsSnapshot.countFrom', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('works out the counts of a changed snapshot as count does (seed %i)', (seed) => {
    const next = random(seed);
    const rows = Array.from({ length: 400 }, (_, i) => row(i + 1, next));
    const before = snapshotOf(1, rows);
    // Edits (some leave public view), new listings, and deletions (absent from the public ids).
    const changed: ChangedRow[] = [];
    const changedIds = new Set<number>();
    for (let k = 0; k < 12; k += 1) {
      const id = 1 + Math.floor(next() * 410);
      if (changedIds.has(id)) continue;
      changedIds.add(id);
      const edited = next() < 0.5 && id <= 400 ? { ...rows[id - 1], price: Number(rows[id - 1].price) + 30000 } : row(id, next);
      changed.push({ ...edited, isPublic: next() < 0.8 ? 1 : 0 });
    }
    changed.sort((a, b) => Number(a.id) - Number(b.id));
    const publicIds = new Uint8Array(500);
    for (let id = 1; id <= 410; id += 1) publicIds[id] = next() < 0.97 || changedIds.has(id) ? 1 : 0;
    const after = before.withChanges(2, changed, { publicIds });
    const touched = [...new Set([...changedIds, ...before.idsNotIn(after)])];
    expect(before.idsNotIn(after).length).toBeGreaterThan(0);

    // Ids matching a filter the snapshot does not hold: the same but for the touched listings.
    const matchesBefore = idBits(after.idLimit);
    for (let id = 1; id <= 410; id += 1) if (next() < 0.6) addId(matchesBefore, id);
    const matchesAfter = matchesBefore.slice();
    for (const id of touched) (next() < 0.6 ? addId : removeId)(matchesAfter, id);

    let worked = 0;
    for (const filters of FILTERS) {
      for (const group of GROUPS) {
        for (const [then, now] of [
          [undefined, undefined],
          [matchesBefore, matchesAfter],
        ]) {
          const counted = before.count(filters, group, then)!;
          const expected = after.count(filters, group, now);
          const fromChanges = after.countFrom(before, counted, touched, filters, group, now, then);
          if (fromChanges === undefined) {
            // Only when a make's or model's least label may have left.
            expect(['make', 'model']).toContain(group);
            continue;
          }
          worked += 1;
          expect({ filters, group, counts: fromChanges }).toEqual({ filters, group, counts: expected });
        }
      }
    }
    expect(worked).toBeGreaterThan(FILTERS.length * GROUPS.length);
  });

  it("settles a make's label when the listing that gave it leaves: the one label the make's other listings have, else it says it cannot", () => {
    const next = random(42);
    const rows = [row(1, next), row(2, next), row(3, next), row(4, next)].map((r, i) => ({ ...r, makeKey: 'mercedes-benz', make: ['MERCEDES-BENZ', 'Mercedes-benz', 'Mercedes-benz', 'Mercedes-Benz'][i] }));
    const filters: NormalizedSearchFilters = { terms: [], features: [] };
    // Without the fourth listing: the two left have one label, which the snapshot after knows.
    const three = snapshotOf(1, rows.slice(0, 3));
    const counted = three.count(filters, 'make')!;
    expect(counted).toEqual([{ value: 'mercedes-benz', label: 'MERCEDES-BENZ', n: 3 }]);
    const after = three.withChanges(2, [{ ...rows[0], isPublic: 0 }]);
    expect(after.countFrom(three, counted, [1], filters, 'make')).toEqual([{ value: 'mercedes-benz', label: 'Mercedes-benz', n: 2 }]);
    expect(after.count(filters, 'make')).toEqual([{ value: 'mercedes-benz', label: 'Mercedes-benz', n: 2 }]);
    // A label that was not the least one leaves: still known.
    const without3 = three.withChanges(2, [{ ...rows[2], isPublic: 0 }]);
    expect(without3.countFrom(three, counted, [3], filters, 'make')).toEqual([{ value: 'mercedes-benz', label: 'MERCEDES-BENZ', n: 2 }]);
    // The three left have two labels: the least of them is not known from the changes.
    const four = snapshotOf(1, rows);
    const mixed = four.withChanges(2, [{ ...rows[0], isPublic: 0 }]);
    expect(mixed.countFrom(four, four.count(filters, 'make')!, [1], filters, 'make')).toBeUndefined();
    expect(mixed.count(filters, 'make')).toEqual([{ value: 'mercedes-benz', label: 'Mercedes-Benz', n: 3 }]);
  });

  it.each([1, 2, 3, 4, 5, 6])('works counts out across several catch-ups from the rows they touched as they were before the first that touched each (of), as count does (seed %i)', (seed) => {
    const next = random(seed);
    let rows = Array.from({ length: 300 }, (_, i) => row(i + 1, next));
    const first = snapshotOf(1, rows);
    let held = first;
    const steps: { touched: number[]; before: CountsSnapshot }[] = [];
    for (let version = 2; version <= 7; version += 1) {
      // Edits (a price, a make), listings that leave, new ones that join, and a deletion (absent from the public ids).
      const changed: ChangedRow[] = [];
      const changedIds = new Set<number>();
      for (let k = 0; k < 6; k += 1) {
        const id = 1 + Math.floor(next() * (rows.length + 5));
        if (changedIds.has(id)) continue;
        changedIds.add(id);
        const edited = next() < 0.5 && id <= rows.length ? { ...rows[id - 1], price: Number(rows[id - 1].price) + 30000 } : row(id, next);
        changed.push({ ...edited, isPublic: next() < 0.7 ? 1 : 0 });
      }
      changed.sort((a, b) => Number(a.id) - Number(b.id));
      for (const c of changed) if (Number(c.id) > rows.length) rows = [...rows, ...Array.from({ length: Number(c.id) - rows.length }, (_, i) => row(rows.length + i + 1, next))];
      const publicIds = new Uint8Array(rows.length + 16);
      for (let id = 1; id <= rows.length; id += 1) publicIds[id] = next() < 0.99 || changedIds.has(id) ? 1 : 0;
      const after = held.withChanges(version, changed, { publicIds });
      const touched = [...new Set([...changedIds, ...held.idsNotIn(after)])];
      steps.push({ touched, before: CountsSnapshot.of([{ from: held, ids: touched }], held) });
      held = after;
    }
    // The touched listings as they were at the first snapshot: each from the first step that touched it.
    const before = CountsSnapshot.of(steps.map((step) => ({ from: step.before, ids: step.touched })), held);
    const touched = [...new Set(steps.flatMap((step) => step.touched))];
    let worked = 0;
    for (const filters of FILTERS) {
      for (const group of GROUPS) {
        const counts = held.countFrom(before, first.count(filters, group)!, touched, filters, group);
        if (counts === undefined) {
          // Only when a make's least label left and the make's listings have several labels.
          expect(['make', 'model']).toContain(group);
          continue;
        }
        worked += 1;
        expect({ filters, group, counts }).toEqual({ filters, group, counts: held.count(filters, group) });
      }
    }
    expect(worked).toBeGreaterThan(FILTERS.length * (GROUPS.length - 2));
  });

  it('of: a snapshot of the held rows asked for, in id order, sharing the codes, counting as one read of those rows', () => {
    const next = random(3);
    const rows = Array.from({ length: 50 }, (_, i) => row(i + 1, next));
    const whole = snapshotOf(1, rows);
    const part = CountsSnapshot.of([{ from: whole, ids: [30, 4, 999, 17] }], whole);
    expect(Array.from(part.columns.ids)).toEqual([4, 17, 30]);
    expect(part.columns.text.makeKey.dictionary).toBe(whole.columns.text.makeKey.dictionary);
    const read = snapshotOf(1, [rows[3], rows[16], rows[29]]);
    // The same groups (in the order of the codes each holds: the whole snapshot's for the part).
    const byValue = (counts: GroupCount[] | undefined) => [...counts!].sort((x, y) => String(x.value).localeCompare(String(y.value)));
    for (const filters of FILTERS) for (const group of GROUPS) expect(byValue(part.count(filters, group))).toEqual(byValue(read.count(filters, group)));
  });
});

describe('CountsSnapshot.page', () => {
  /** Per filter set, the rows a one-row snapshot counts (the filters as count applies them). */
  let passes = new Map<NormalizedSearchFilters, Set<SnapshotRow>>();
  beforeEach(() => (passes = new Map()));
  /** The page as SQL finds it (SORT_SQL): the matching rows sorted by the column, NULL lowest, then id, sliced. */
  function expectedPage(rows: SnapshotRow[], filters: NormalizedSearchFilters, snapshot: CountsSnapshot, column: keyof SnapshotRow, descending: boolean, offset: number, limit: number, matches?: Uint8Array): number[] {
    const key = (r: SnapshotRow) => (r[column] === null || r[column] === undefined ? -Infinity : Number(r[column]));
    let passing = passes.get(filters);
    if (!passing) passes.set(filters, (passing = new Set(rows.filter((r) => (snapshotOf(1, [r]).count(filters, 'total')![0]?.n ?? 0) > 0))));
    const matching = rows.filter((r) => passing.has(r) && (!matches || hasId(matches, Number(r.id))));
    expect(snapshot.count(filters, 'total', matches)![0].n).toBe(matching.length);
    const sign = descending ? -1 : 1;
    matching.sort((a, b) => sign * (key(a) - key(b)) || (key(a) === key(b) ? sign * (Number(a.id) - Number(b.id)) : 0));
    return matching.slice(offset, offset + limit).map((r) => Number(r.id));
  }

  const SORTS = [
    ['price_asc', 'price', false],
    ['price_desc', 'price', true],
    ['year_desc', 'year', true],
    ['mileage_asc', 'mileage', false],
    ['created_desc', 'createdAt', true],
    ['created_asc', 'createdAt', false],
    ['reduced_desc', 'reducedAt', true],
    ['deal_asc', 'dealRank', false],
  ] as const;

  it.each([1, 2, 3])('finds the page SQL would, in every sort it holds, with and without an id set (seed %i)', (seed) => {
    const next = random(seed);
    const rows = Array.from({ length: 300 }, (_, i) => row(i + 1, next));
    const snapshot = snapshotOf(1, rows);
    const matches = idBits(snapshot.idLimit);
    for (let id = 1; id <= 300; id += 1) if (next() < 0.5) addId(matches, id);
    // A radius's few: their rows are found from the ids (rowsOfIds), not by a pass over every row.
    const few = idBits(snapshot.idLimit);
    for (let id = 1; id <= 300; id += 1) if (next() < 0.08) addId(few, id);
    for (const filters of FILTERS) {
      for (const [sortBy, column, descending] of SORTS) {
        for (const [offset, limit] of [[0, 24], [24, 24], [96, 24], [290, 24]]) {
          for (const ids of [undefined, matches, few]) {
            const page = snapshot.page(filters, sortBy, offset, limit, ids);
            expect({ filters, sortBy, offset, page }).toEqual({ filters, sortBy, offset, page: expectedPage(rows, filters, snapshot, column, descending, offset, limit, ids) });
          }
        }
      }
    }
  });

  it('leaves the sorts it does not hold to SQL', () => {
    const snapshot = snapshotOf(1, [row(1, random(1))]);
    for (const sortBy of ['views_desc', 'relevance_desc'] as const) expect(snapshot.page({ terms: [], features: [] }, sortBy, 0, 24)).toBeUndefined();
  });

  it("finds a nearest-first page as the SQL orders it: by the distance radiusSql measures, ties by id, within the radius's ids", () => {
    const next = random(9);
    const rows = Array.from({ length: 300 }, (_, i) => row(i + 1, next));
    const snapshot = snapshotOf(1, rows);
    const centre = { lat: 30.3, lng: -97.7 };
    const distance = distanceFrom(centre);
    // The radius's id set, as the database answers it: the listings that have a position (and pass the box).
    const within = idBits(snapshot.idLimit);
    for (const r of rows) if (r.latitude !== null && next() < 0.9) addId(within, Number(r.id));
    for (const filters of [{ terms: [], features: [], near: { ...centre, radius: 500 } }, { terms: [], features: [], near: { ...centre, radius: 500 }, makeKey: 'toyota' }]) {
      const matching = rows.filter((r) => hasId(within, Number(r.id)) && (filters.makeKey === undefined || r.makeKey === filters.makeKey));
      const key = (r: SnapshotRow) => distance(Number(r.latitude), Number(r.longitude));
      const sorted = matching.sort((a, b) => key(a) - key(b) || Number(a.id) - Number(b.id)).map((r) => Number(r.id));
      for (const [offset, limit] of [[0, 24], [24, 24], [100, 50]]) expect(snapshot.page(filters, 'distance_asc', offset, limit, within)).toEqual(sorted.slice(offset, offset + limit));
    }
  });
});

describe('CountsSnapshot.firstMatching', () => {
  it('keeps the given order and the ids that match, up to the end asked for, leaving out ids it does not hold', () => {
    const next = random(5);
    const rows = Array.from({ length: 200 }, (_, i) => row(i + 1, next));
    const snapshot = snapshotOf(1, rows.slice(0, 190));
    const ranked = Int32Array.from(Array.from({ length: 200 }, (_, i) => 200 - i).sort((a, b) => ((a * 7919) % 200) - ((b * 7919) % 200)));
    const filters: NormalizedSearchFilters = { terms: [], features: [], makeKey: 'toyota' };
    const toyota = new Set(rows.filter((r) => r.makeKey === 'toyota' && Number(r.id) <= 190).map((r) => Number(r.id)));
    const expected = Array.from(ranked).filter((id) => toyota.has(id));
    expect(snapshot.firstMatching(ranked, filters, 1000)).toEqual(expected);
    expect(snapshot.firstMatching(ranked, filters, 5)).toEqual(expected.slice(0, 5));
    const matches = idBits(snapshot.idLimit);
    for (const id of expected.slice(0, 3)) addId(matches, id);
    expect(snapshot.firstMatching(ranked, filters, 1000, matches)).toEqual(expected.slice(0, 3));
  });
});

describe('CountsSnapshot.withChanges', () => {
  it.each([1, 2, 3])('holds what a snapshot read afresh holds: edited, added, and no longer public listings (seed %i)', (seed) => {
    const next = random(seed);
    const rows = Array.from({ length: 300 }, (_, i) => row(2 * i + 1, next));
    const changed: ChangedRow[] = [];
    for (const id of [...new Set(Array.from({ length: 20 }, () => 1 + Math.floor(next() * 620)))].sort((a, b) => a - b)) {
      changed.push({ ...row(id, next), isPublic: next() < 0.8 ? 1 : 0 });
    }
    const after = snapshotOf(1, rows).withChanges(2, changed);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const c of changed) {
      if (Number(c.isPublic) === 1) byId.set(Number(c.id), c);
      else byId.delete(Number(c.id));
    }
    const fresh = snapshotOf(2, [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id)));
    expect(heldIds(after)).toEqual(Array.from(fresh.columns.ids));
    for (const filters of FILTERS) for (const group of GROUPS) expect(after.count(filters, group)).toEqual(fresh.count(filters, group));
    expect(after.page({ terms: [], features: [] }, 'price_asc', 0, 1000)).toEqual(fresh.page({ terms: [], features: [] }, 'price_asc', 0, 1000));
  });
});

describe('CountsSnapshot.withChanges and its sort orders', () => {
  const SORTS = ['price_asc', 'price_desc', 'year_desc', 'mileage_asc', 'created_desc', 'created_asc', 'reduced_desc', 'deal_asc'] as const;

  /** A snapshot whose sort orders and rows by value are made (every sort and filter asked once). */
  function used(snapshot: CountsSnapshot): CountsSnapshot {
    for (const filters of FILTERS) for (const sortBy of SORTS) snapshot.page(filters, sortBy, 0, 24);
    return snapshot;
  }

  it.each([
    ['edits where they were (prices, years, makes)', 1, true],
    ['edits, new listings and listings that left', 2, false],
    ['many changes at once (150)', 3, false],
    // Past mendedOrder's blocks of 1,024 rows: most entries take their block's shift, the others search the runs.
    ['a few joins and leaves among 5,000 listings', 4, false],
    ['a few edits where they were among 5,000 listings', 5, true],
  ] as const)('pages in every sort match a snapshot read afresh after %s', (_, seed, inPlace) => {
    const next = random(seed);
    const listings = seed >= 4 ? 5_000 : 400;
    const rows = Array.from({ length: listings }, (_, i) => row(2 * i + 1, next));
    const before = used(snapshotOf(1, rows));
    const count = seed === 3 ? 150 : seed >= 4 ? 6 : 12;
    const ids = inPlace ? rows.map((r) => Number(r.id)) : Array.from({ length: 2 * listings + 20 }, (_, i) => i + 1);
    const picked = [...new Set(Array.from({ length: count }, () => ids[Math.floor(next() * ids.length)]))].sort((a, b) => a - b);
    const changed: ChangedRow[] = picked.map((id) => ({ ...row(id, next), isPublic: inPlace || next() < 0.8 ? 1 : 0 }));
    const after = before.withChanges(2, changed);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const c of changed) {
      if (Number(c.isPublic) === 1) byId.set(Number(c.id), c);
      else byId.delete(Number(c.id));
    }
    const fresh = snapshotOf(2, [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id)));
    for (const filters of FILTERS) {
      for (const sortBy of SORTS) {
        for (const [offset, limit] of [[0, 24], [48, 24], [0, 1000], [3_000, 2_500]]) {
          expect({ filters, sortBy, offset, page: after.page(filters, sortBy, offset, limit) }).toEqual({ filters, sortBy, offset, page: fresh.page(filters, sortBy, offset, limit) });
        }
      }
      // In any order: codes (the order count answers groups in) follow the order values were first read in.
      const sorted = (counts: GroupCount[] | undefined) => counts?.sort((a, b) => String(a.value).localeCompare(String(b.value)));
      for (const group of GROUPS) expect(sorted(after.count(filters, group))).toEqual(sorted(fresh.count(filters, group)));
    }
    // And the snapshot made from it, from the orders it mended: an edit of a listing it holds.
    const edited = { ...row(Number(after.columns.ids[5]), next), isPublic: 1 };
    const again = after.withChanges(3, [edited]);
    byId.set(Number(edited.id), edited);
    const freshAgain = snapshotOf(3, [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id)));
    for (const filters of FILTERS) for (const sortBy of SORTS) expect(again.page(filters, sortBy, 0, listings + 20)).toEqual(freshAgain.page(filters, sortBy, 0, listings + 20));
  });
  it("keeps the orders of every other sort after a refit's deal ranks, also of listings off the market that it does not hold", () => {
    const next = random(4);
    const rows = Array.from({ length: 400 }, (_, i) => row(2 * i + 1, next));
    const before = used(snapshotOf(1, rows));
    // Held listings re-rated, and listings off the market (even ids: not held) rated too.
    const rerated = rows.filter((_, i) => i % 7 === 0).map((r) => ({ ...r, dealRank: next() - 0.5, isPublic: 1 }));
    const offMarket = [10, 200, 402].map((id) => ({ ...row(id, next), isPublic: 0 }));
    const changed: ChangedRow[] = [...rerated, ...offMarket].sort((a, b) => Number(a.id) - Number(b.id));
    const after = before.withChanges(2, changed);
    const orders = (snapshot: CountsSnapshot) => (snapshot as unknown as { orders: Record<string, Int32Array> }).orders;
    for (const column of Object.keys(orders(before))) {
      if (column !== 'dealRank') expect({ column, kept: orders(after)[column] === orders(before)[column] }).toEqual({ column, kept: true });
    }
    // The rows stayed where they were: every column but the deal rank is shared, not copied.
    expect(after.columns.ids).toBe(before.columns.ids);
    expect(after.columns.numbers.price).toBe(before.columns.numbers.price);
    expect(after.columns.text.makeKey).toBe(before.columns.text.makeKey);
    expect(after.columns.numbers.dealRank).not.toBe(before.columns.numbers.dealRank);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const r of rerated) byId.set(Number(r.id), r);
    const fresh = snapshotOf(2, [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id)));
    for (const filters of FILTERS) for (const sortBy of SORTS) expect(after.page(filters, sortBy, 0, 1000)).toEqual(fresh.page(filters, sortBy, 0, 1000));
  });
});

describe('CountsSnapshot.withChanges in place, with a text value new to the snapshot', () => {
  it('adds it to a copy of the dictionary, keeps every row in its slot, and holds what a snapshot read afresh holds', () => {
    const next = random(5);
    const rows = Array.from({ length: 200 }, (_, i) => row(2 * i + 1, next));
    const before = snapshotOf(1, rows);
    for (const sortBy of ['price_asc', 'deal_asc'] as const) before.page({ terms: [], features: [] }, sortBy, 0, 24);
    const renamed = { ...rows[10], makeKey: 'skoda', make: 'Škoda', modelKey: 'octavia', model: 'Octavia', isPublic: 1 };
    const after = before.withChanges(2, [renamed]);
    expect(after.addedValues).toBeGreaterThan(0);
    expect(after.columns.ids).toBe(before.columns.ids);
    // The snapshot it was made from, still counting, keeps its own dictionary.
    expect(before.columns.text.makeKey.dictionary.codes.has('skoda')).toBe(false);
    const fresh = snapshotOf(2, rows.map((r) => (r.id === renamed.id ? renamed : r)));
    for (const filters of [...FILTERS, { terms: [], features: [], makeKey: 'skoda' }]) {
      // In any order: codes (the order count answers groups in) follow the order values were first read in.
      const sorted = (counts: GroupCount[] | undefined) => counts?.sort((a, b) => String(a.value).localeCompare(String(b.value)));
      for (const group of GROUPS) expect(sorted(after.count(filters, group))).toEqual(sorted(fresh.count(filters, group)));
      expect(after.page(filters, 'price_asc', 0, 1000)).toEqual(fresh.page(filters, 'price_asc', 0, 1000));
    }
  });
});

describe('CountsSnapshot slots: listings that join or leave the market keep their rows in place', () => {
  const SORTS = ['price_asc', 'price_desc', 'year_desc', 'mileage_asc', 'created_desc', 'created_asc', 'reduced_desc', 'deal_asc'] as const;
  const orders = (snapshot: CountsSnapshot) => (snapshot as unknown as { orders: Record<string, Int32Array> }).orders;
  /** Every sort order and rows by value made (each sort and filter asked once). */
  function used(snapshot: CountsSnapshot): CountsSnapshot {
    for (const filters of FILTERS) for (const sortBy of SORTS) snapshot.page(filters, sortBy, 0, 24);
    return snapshot;
  }
  /** What a snapshot read afresh from the public listings answers, against `snapshot`: counts, pages in every sort, `available`. */
  function expectAsFresh(snapshot: CountsSnapshot, listings: Map<number, ChangedRow>): void {
    const fresh = snapshotOf(snapshot.version, [...listings.values()].filter((r) => Number(r.isPublic) === 1).sort((a, b) => Number(a.id) - Number(b.id)));
    expect(heldIds(snapshot)).toEqual(Array.from(fresh.columns.ids));
    expect(snapshot.publicRows).toBe(fresh.size);
    expect(snapshot.available()).toEqual(fresh.available());
    const sorted = (counts: GroupCount[] | undefined) => counts?.sort((a, b) => String(a.value).localeCompare(String(b.value)));
    for (const filters of FILTERS) {
      for (const group of GROUPS) expect({ filters, group, counts: sorted(snapshot.count(filters, group)) }).toEqual({ filters, group, counts: sorted(fresh.count(filters, group)) });
      // Short pages walk the sort orders; long ones pass over the matches.
      for (const sortBy of SORTS) {
        for (const [offset, limit] of [[0, 24], [24, 24], [0, 2_000]]) {
          expect({ filters, sortBy, offset, page: snapshot.page(filters, sortBy, offset, limit) }).toEqual({ filters, sortBy, offset, page: fresh.page(filters, sortBy, offset, limit) });
        }
      }
    }
    const ranked = Int32Array.from(listings.keys()).reverse();
    expect(snapshot.firstMatching(ranked, FILTERS[1], 1000)).toEqual(fresh.firstMatching(ranked, FILTERS[1], 1000));
  }

  it('approves a pending listing and sells a public one by flipping their slots: no row copied, no sort order mended', () => {
    const next = random(11);
    const rows: ChangedRow[] = Array.from({ length: 400 }, (_, i) => ({ ...row(i + 1, next), isPublic: i % 10 === 3 ? 0 : 1 }));
    const before = used(snapshotOf(1, rows));
    expect(before.size).toBe(400);
    expect(before.publicRows).toBe(360);
    const approved = { ...rows[3], isPublic: 1 };
    const sold = { ...rows[20], isPublic: 0 };
    const after = before.withChanges(2, [approved, sold]);
    expect(after.columns.ids).toBe(before.columns.ids);
    for (const column of ['price', 'year', 'dealRank', 'createdAt']) expect(after.columns.numbers[column as 'price']).toBe(before.columns.numbers[column as 'price']);
    for (const column of Object.keys(orders(before))) expect({ column, kept: orders(after)[column] === orders(before)[column] }).toEqual({ column, kept: true });
    expect(before.idsNotIn(after)).toEqual([21]);
    expect(after.idsNotIn(before)).toEqual([4]);
    expect(after.holds(4) && !after.holds(21) && !before.holds(4) && before.holds(21)).toBe(true);
    const listings = new Map(rows.map((r) => [Number(r.id), r]));
    listings.set(4, approved);
    listings.set(21, sold);
    expectAsFresh(after, listings);
    // The rows as they were before (of): the sold listing, not the pending one.
    expect(Array.from(CountsSnapshot.of([{ from: before, ids: [4, 21] }], after).columns.ids)).toEqual([21]);
  });

  it("adds new listings' rows at the end, into the room after the columns, and two snapshots made from one never write each other's rows", () => {
    const next = random(12);
    const rows: ChangedRow[] = Array.from({ length: 300 }, (_, i) => ({ ...row(i + 1, next), isPublic: 1 }));
    const base = used(snapshotOf(1, rows));
    const created = { ...row(301, next), isPublic: 0 };
    // The first addition copies the columns into a buffer with room; the next one grows into it.
    const first = base.withChanges(2, [created]);
    const approved = { ...created, isPublic: 1 };
    const newer = { ...row(305, next), isPublic: 1 };
    const second = first.withChanges(3, [approved, newer]);
    expect(second.columns.ids.buffer).toBe(first.columns.ids.buffer);
    expect(second.columns.numbers.price.buffer).toBe(first.columns.numbers.price.buffer);
    expect(Array.from(second.columns.ids.subarray(298))).toEqual([299, 300, 301, 305]);
    // A second snapshot made from `first` (a catch-up that lost to a newer one): its own rows, elsewhere.
    const other = { ...row(302, next), isPublic: 1 };
    const sibling = first.withChanges(3, [other]);
    expect(sibling.columns.ids.buffer).not.toBe(first.columns.ids.buffer);
    const listings = new Map(rows.map((r) => [Number(r.id), r]));
    expectAsFresh(first, new Map([...listings, [301, created]]));
    expectAsFresh(second, new Map([...listings, [301, approved], [305, newer]]));
    expectAsFresh(sibling, new Map([...listings, [301, created], [302, other]]));
  });

  it.each([1, 2, 3, 4])('answers as a snapshot read afresh through catch-ups of edits, approvals, sales, new listings, deletions and joins between held ids (seed %i)', (seed) => {
    const next = random(100 + seed);
    // Odd ids held, a tenth of them pending; even ids neither public nor pending when it was read (a draft).
    const listings = new Map<number, ChangedRow>();
    for (let id = 1; id <= 1_200; id += 1) listings.set(id, { ...row(id, next), isPublic: id % 2 === 1 && next() < 0.9 ? 1 : 0 });
    let held = used(snapshotOf(1, [...listings.values()].filter((r) => Number(r.id) % 2 === 1)));
    let nextId = 1_201;
    for (let version = 2; version <= 9; version += 1) {
      const changed = new Map<number, ChangedRow>();
      const pick = () => 1 + Math.floor(next() * (nextId - 1));
      for (let k = 0; k < 8; k += 1) {
        const id = pick();
        const was = listings.get(id);
        if (!was || changed.has(id)) continue;
        const kind = next();
        // An edit, an approval or a sale, and (version 6, with deletions) a draft between held ids approved: copied.
        const edited = kind < 0.4 ? { ...was, price: Number(was.price) + 25_000, year: 2000 + (id % 20) } : { ...was, isPublic: Number(was.isPublic) === 1 ? 0 : 1 };
        if (id % 2 === 0 && Number(edited.isPublic) === 1 && version !== 6) continue;
        changed.set(id, edited);
      }
      // New listings, pending or (rarely) public at once.
      for (let k = 0; k < 2; k += 1, nextId += 1) changed.set(nextId, { ...row(nextId, next), isPublic: next() < 0.3 ? 1 : 0 });
      const rows = [...changed.values()].sort((a, b) => Number(a.id) - Number(b.id));
      for (const r of rows) listings.set(Number(r.id), r);
      // Deletions (public listings and pending ones), told by the log's ids, or (every third) by the public ids. The
      // log may also tell a deletion of an id made again since (SQLite gives the highest id again): its row wins.
      const gone = [...listings.values()].filter((r) => !changed.has(Number(r.id)) && next() < 0.01).map((r) => Number(r.id));
      for (const id of gone) listings.delete(id);
      let publicIds: Uint8Array | undefined;
      let deleted: number[] | undefined;
      if (version % 3 === 0) {
        publicIds = new Uint8Array(nextId + 16);
        for (const r of listings.values()) if (Number(r.isPublic) === 1) publicIds[Number(r.id)] = 1;
      } else deleted = [...gone, nextId - 1, 99_999];
      const after = held.withChanges(version, rows, { publicIds, deleted });
      const left = heldIds(held).filter((id) => !heldIds(after).includes(id));
      expect(held.idsNotIn(after)).toEqual(left);
      expectAsFresh(after, listings);
      held = after;
    }
  });
});

describe('CountsSnapshot.countAll', () => {
  const without = (f: NormalizedSearchFilters, group: CountGroup): NormalizedSearchFilters => {
    switch (group) {
      case 'make':
        return { ...f, makeKey: undefined, modelKey: undefined };
      case 'model':
        return { ...f, modelKey: undefined };
      case 'price':
        return { ...f, minPrice: undefined, maxPrice: undefined };
      case 'total':
        return f;
      default:
        return { ...f, [group]: undefined };
    }
  };

  it.each([1, 2, 3])('counts a search total and facets, or any two or more of them, in one pass as count does each (seed %i)', (seed) => {
    const next = random(seed);
    const rows = Array.from({ length: 400 }, (_, i) => row(i + 1, next));
    const snapshot = snapshotOf(1, rows);
    const matches = idBits(snapshot.idLimit);
    for (let id = 1; id <= 400; id += 1) if (next() < 0.6) addId(matches, id);
    const searches: NormalizedSearchFilters[] = [
      ...FILTERS,
      { terms: [], features: [], makeKey: 'toyota', modelKey: 'camry', bodyType: ['sedan', 'suv'], fuelType: ['gasoline'], minPrice: 10000, maxPrice: 50000, minYear: 2012 },
      { terms: [], features: [], bodyType: ['coupe'], maxPrice: 30000, transmission: ['manual'] },
      // Price bounds that listings sit on, which the price facet leaves out and the other groups test.
      { terms: [], features: [], makeKey: 'toyota', minPrice: Math.min(Number(rows[3].price), Number(rows[4].price)), maxPrice: Math.max(Number(rows[3].price), Number(rows[4].price)) },
    ];
    for (const filters of searches) {
      for (const ids of [undefined, matches]) {
        // Every subset: a search counts only the groups the cache does not hold, and the rows a pass reads are
        // those of the filters every counted group keeps (a make's, once its make facet is held).
        for (let subset = 3; subset < 1 << GROUPS.length; subset += 1) {
          const groups = GROUPS.filter((_, k) => (subset & (1 << k)) !== 0);
          if (groups.length < 2) continue;
          const items = groups.map((group) => ({ group, filters: without(filters, group) }));
          expect({ filters, groups, counts: snapshot.countAll(items, ids) }).toEqual({ filters, groups, counts: items.map((item) => snapshot.count(item.filters, item.group, ids)) });
        }
      }
    }
  });
});

describe('CountsSnapshot.count, the loops written per shape of filters (rowScanOf, tallyScanOf)', () => {
  /** The public listings a search finds, by reading the rows one by one as SQL's WHERE would (COLUMN_FILTERS). */
  const found = (rows: SnapshotRow[], filters: NormalizedSearchFilters, ids?: IdBits) =>
    rows.filter((r) => {
      if (ids && !hasId(ids, Number(r.id))) return false;
      if (filters.excludeId !== undefined && Number(r.id) === filters.excludeId) return false;
      return COLUMN_FILTERS.every(({ filter, column, op }) => {
        const wanted = filters[filter];
        if (wanted === undefined) return true;
        const value = r[column as keyof SnapshotRow];
        if (value === null) return false;
        if (op === 'in') return (typeof wanted === 'string' ? [wanted] : (wanted as readonly string[])).includes(value as string);
        return op === '>=' ? Number(value) >= Number(wanted) : Number(value) <= Number(wanted);
      });
    });

  it.each([4, 5])('finds the listings a search finds, row by row, for every mix of text, range, id and excluded-id filters (seed %i)', (seed) => {
    const next = random(seed);
    const rows = Array.from({ length: 600 }, (_, i) => row(i + 1, next));
    const snapshot = snapshotOf(1, rows);
    const matches = idBits(snapshot.idLimit);
    for (let id = 1; id <= 600; id += 1) if (next() < 0.5) addId(matches, id);
    // Few ids (a radius's): read from the set (rowsOfIds), with ids past every row's and below the first's.
    const few = idBits(snapshot.idLimit + 64);
    for (let id = 1; id <= 600; id += 1) if (next() < 0.05) addId(few, id);
    addId(few, 0);
    addId(few, 601);
    const searches: NormalizedSearchFilters[] = [
      ...FILTERS,
      // Up to four text filters and three ranges at once, one range bounded twice (min and max of the year).
      { terms: [], features: [], makeKey: 'toyota', bodyType: ['sedan', 'suv'], fuelType: ['gasoline', 'hybrid'], transmission: ['automatic'], minYear: 2012, maxYear: 2020, maxPrice: 60000, minMileage: 1000 },
      { terms: [], features: [], condition: ['good'], drivetrain: ['awd'], interiorColor: ['beige'], maxDealScore: 0.2, excludeId: 3 },
      { terms: [], features: [], exteriorColor: ['white'], minPrice: 1, maxPrice: 1 },
      // Bounds that rows sit on: a year's, and one listing's exact price.
      { terms: [], features: [], minYear: 2015, maxYear: 2015 },
      { terms: [], features: [], makeKey: 'bmw', maxYear: 2013 },
      { terms: [], features: [], minPrice: Number(rows[9].price), maxPrice: Number(rows[9].price) },
    ];
    let withRows = 0;
    for (const filters of searches) {
      for (const ids of [undefined, matches, few]) {
        const want = found(rows, filters, ids);
        if (!ids && want.length > 0) withRows += 1;
        expect({ filters, ids: Boolean(ids), total: snapshot.count(filters, 'total', ids) }).toEqual({ filters, ids: Boolean(ids), total: [{ value: null, n: want.length }] });
        const byBody = new Map<string | null, number>();
        for (const r of want) byBody.set(r.bodyType as string | null, (byBody.get(r.bodyType as string | null) ?? 0) + 1);
        const counted = snapshot.count(filters, 'bodyType', ids) ?? [];
        expect(new Map(counted.map((g) => [g.value, g.n]))).toEqual(byBody);
      }
    }
    // Not a test of empty answers: all but the one that asks for a price no listing has find listings.
    expect(withRows).toBe(searches.length - 1);
  });
});
