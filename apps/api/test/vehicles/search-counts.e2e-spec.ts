import { DataSource } from 'typeorm';
import { IdReader } from '../../src/infra/database/id-reader';
import { VehicleSearchDto } from '@app/shared';
import { plainToInstance } from 'class-transformer';
import { seedListings } from '../../bench/seed';
import { VersionedCacheService } from '../../src/infra/cache/versioned-cache.service';
import { Metrics } from '../../src/infra/metrics/metrics.service';
import { CountsSnapshot, type CountGroup, type GroupCount } from '../../src/modules/vehicles/search/counts-snapshot';
import { LISTINGS_DATA_SET, SearchCounts } from '../../src/modules/vehicles/search/search-counts.service';
import { pageQuery, toSearchRequest, whereOf, withoutDimension, type NormalizedSearchFilters } from '../../src/modules/vehicles/search/search-filters';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';
import { ListingWriter } from '../../src/modules/vehicles/listing-writer.service';
import { createVehicle, deleteVehicle, updateVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

const GROUPS: CountGroup[] = ['total', 'make', 'model', 'bodyType', 'fuelType', 'price'];

const PRICE_CASE = 'CASE WHEN price < 10000 THEN 0 WHEN price < 20000 THEN 1 WHEN price < 30000 THEN 2 WHEN price < 50000 THEN 3 WHEN price < 100000 THEN 4 ELSE 5 END';

/**
 * The counts of a search come from the in-memory snapshot of the listings (counts-snapshot.ts) once this
 * instance holds the current version's: each must be what the plain GROUP BY of the same filters answers,
 * for every filter and group, on both engines, and stay so across listing writes.
 */
describe('search counts from memory', () => {
  let t: TestApp;
  let dataSource: DataSource;
  let counts: SearchCounts;
  let cache: VersionedCacheService;
  let sellerId: number;
  let engine: 'sqlite' | 'mysql';

  beforeAll(async () => {
    t = await startTestApp();
    const { user } = await registerUser(t.client());
    sellerId = user.id;
    dataSource = t.app.get(DataSource);
    engine = t.database.engine === 'sqlite' ? 'sqlite' : 'mysql';
    await seedListings(dataSource, 4000, user.id, () => undefined);
    // Some listings rated, so the deal filter has matches.
    await dataSource.query('UPDATE vehicles SET dealScore = -0.2, dealRank = -0.2, dealRating = ? WHERE id % 7 = 0', ['great']);
    counts = t.app.get(SearchCounts);
    cache = t.app.get(VersionedCacheService);
    await cache.bump(dataSource.manager, LISTINGS_DATA_SET);
    cache.invalidate(LISTINGS_DATA_SET);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const filtersOf = (query: string): NormalizedSearchFilters => {
    const params = new URLSearchParams(query);
    return toSearchRequest(plainToInstance(VehicleSearchDto, { ...Object.fromEntries(params), features: params.getAll('features') })).filters;
  };

  /** The plain GROUP BY of the filters, through no named index, as `value → n` (labels for makes and models). */
  const plain = async (filters: NormalizedSearchFilters, group: CountGroup): Promise<Record<string, string>> => {
    const where = whereOf(filters, engine);
    const select: Record<CountGroup, [string, string]> = {
      total: ["'all'", ''],
      make: ['makeKey', ' GROUP BY makeKey'],
      model: ['modelKey', ' GROUP BY modelKey'],
      bodyType: ['bodyType', ' GROUP BY bodyType'],
      fuelType: ['fuelType', ' GROUP BY fuelType'],
      price: [PRICE_CASE, ` GROUP BY ${PRICE_CASE}`],
    };
    const [value, groupBy] = select[group];
    const label = group === 'make' ? 'MIN(make)' : group === 'model' ? 'MIN(model)' : "''";
    const rows = (await dataSource.query(`SELECT ${value} AS value, ${label} AS label, COUNT(*) AS n FROM vehicles WHERE ${where.sql}${groupBy}`, where.params)) as Record<string, unknown>[];
    return Object.fromEntries(rows.filter((r) => group === 'total' || Number(r.n) > 0).map((r) => [String(group === 'total' ? 'all' : r.value), `${Number(r.n)} ${r.label ?? ''}`]));
  };
  const shape = (group: CountGroup, rows: GroupCount[]) => Object.fromEntries(rows.map((r) => [String(group === 'total' ? 'all' : r.value), `${r.n} ${r.label ?? ''}`]));

  const fromMemory = async () => (await t.app.get(Metrics).searchCounts.get()).values.find((v) => v.labels.source === 'memory')?.value ?? 0;

  /** Every group of the filters, counted now: asserts each equals the plain count and (unless told) came from memory. */
  const expectExact = async (query: string, inMemory = true) => {
    const filters = filtersOf(query);
    const version = await cache.version(LISTINGS_DATA_SET);
    for (const group of GROUPS) {
      const before = await fromMemory();
      const counted = await counts.count(filters, group, version);
      expect({ query, group, memory: (await fromMemory()) - before }).toEqual({ query, group, memory: inMemory ? 1 : 0 });
      expect({ query, group, counts: shape(group, counted) }).toEqual({ query, group, counts: await plain(filters, group) });
    }
  };

  it.each([
    '',
    'make=toyota',
    'make=Toyota&model=Camry',
    'make=porsche&model=911',
    'minPrice=20000&maxPrice=50000',
    'maxPrice=9999',
    'minYear=2015&maxYear=2019',
    'minMileage=10000&maxMileage=60000',
    'condition=good',
    'bodyType=sedan',
    'bodyType=suv&minYear=2018',
    'fuelType=hybrid',
    'transmission=manual',
    'drivetrain=awd',
    'exteriorColor=black',
    'interiorColor=black',
    'deal=great',
    'query=leather',
    'query=porsche%20911',
    'query=turbo&make=bmw',
    'features=Heated%20Seats',
    'features=Heated%20Seats&features=Sunroof&maxPrice=60000',
    'location=chicago',
    'zipCode=60601&radius=100',
    'zipCode=10001&radius=25&bodyType=suv&maxPrice=40000',
    'make=ford&maxPrice=75000&minYear=2012&transmission=automatic&maxMileage=60000',
    'fuelType=gasoline&drivetrain=awd&exteriorColor=black&condition=excellent',
    'excludeId=5&make=toyota',
    'bodyType=van&fuelType=electric&transmission=cvt',
  ])('"%s": every group counted in memory equals the plain GROUP BY', async (query) => {
    expect(await counts.snapshotReady()).toBe(true);
    await expectExact(query);
  });

  it('a filter value no listing holds: none counted, from memory on SQLite; MariaDB asks SQL, whose collation might equal it to a held one', async () => {
    expect(await counts.snapshotReady()).toBe(true);
    await expectExact('make=no-such-make', engine === 'sqlite');
  });

  const changesRead = async () =>
    (await t.app.get(Metrics).countsSnapshotBuild.get()).values.find((v) => v.metricName?.endsWith('_count') && v.labels.read === 'changes')?.value ?? 0;

  it('follows listing writes: an edit, one that leaves public view and a deletion (told by the log) are read as changes', async () => {
    expect(await counts.snapshotReady()).toBe(true);
    const [a, b, c] = (await dataSource.getRepository(VehicleEntity).find({ where: { isPublic: true }, order: { id: 'ASC' }, take: 3 })).map((v) => v.id);
    const before = await changesRead();
    const publicIds = jest.spyOn(counts as unknown as { publicIds: () => Promise<Uint8Array> }, 'publicIds');
    await updateVehicle(t, a, { price: 4321, bodyType: 'convertible' });
    await updateVehicle(t, b, { status: 'pending' });
    await deleteVehicle(t, c);
    // The version moved: the first count is in SQL (exact) while the snapshot reads the changes.
    const version = await cache.version(LISTINGS_DATA_SET);
    expect(shape('make', await counts.count(filtersOf(''), 'make', version))).toEqual(await plain(filtersOf(''), 'make'));
    expect(await counts.snapshotReady()).toBe(true);
    expect(await changesRead()).toBe(before + 1);
    // The deletion is told by the log (its facts): no public id read.
    expect(publicIds).not.toHaveBeenCalled();
    publicIds.mockRestore();
    for (const query of ['', 'maxPrice=5000', 'bodyType=convertible', `excludeId=${a}&maxPrice=5000`]) await expectExact(query);
  });

  /** A search's total and facets as the search page asks them (each facet without its own filter). */
  const searchCounts = (filters: NormalizedSearchFilters): { filters: NormalizedSearchFilters; group: CountGroup }[] => [
    { filters, group: 'total' },
    { filters: withoutDimension(filters, 'make'), group: 'make' },
    { filters, group: 'model' },
    { filters: withoutDimension(filters, 'bodyType'), group: 'bodyType' },
    { filters: withoutDimension(filters, 'price'), group: 'price' },
  ];

  const memoryReads = async () => {
    const values = (await t.app.get(Metrics).searchCountsRead.get()).values;
    const of = (read: string) => values.find((v) => v.labels.read === read)?.value ?? 0;
    return { kept: of('kept'), changes: of('changes'), all: of('all') };
  };

  /** Records the SQL the app sends, through the connection or IdReader (its own thread on SQLite), until `query.mockRestore()`. */
  const recordQueries = () => {
    const asked: string[] = [];
    const original = dataSource.query.bind(dataSource);
    const connection = jest.spyOn(dataSource, 'query').mockImplementation((sql: string, ...rest: unknown[]) => {
      asked.push(sql);
      return original(sql, ...(rest as [unknown[]]));
    });
    const reader = t.app.get(IdReader);
    const read = reader.ids.bind(reader);
    const ids = jest.spyOn(reader, 'ids').mockImplementation((sql: string, params?: readonly unknown[]) => {
      // What IdReader runs on the connection is recorded there.
      if (reader.runsOffThread(sql)) asked.push(sql);
      return read(sql, params);
    });
    const score = reader.scored.bind(reader);
    const scored = jest.spyOn(reader, 'scored').mockImplementation((sql: string, params?: readonly unknown[]) => {
      if (reader.runsOffThread(sql)) asked.push(sql);
      return score(sql, params);
    });
    return { asked, query: { mockRestore: () => (connection.mockRestore(), ids.mockRestore(), scored.mockRestore()) } };
  };

  it('brings the id sets (keywords, features, place, radius) and the counts forward from the changed listings, reading only those', async () => {
    const idQueries = ['query=leather', 'query=turbo&make=bmw', 'features=Heated%20Seats', 'location=chicago', 'zipCode=60601&radius=100'];
    const queries = [...idQueries, '', 'make=toyota&maxPrice=30000', 'bodyType=suv'];
    expect(await counts.snapshotReady()).toBe(true);
    for (const query of queries) await expectExact(query);
    const leather = whereOf(filtersOf('query=leather'), engine);
    const [{ id: gains }] = (await dataSource.query(`SELECT MIN(id) AS id FROM vehicles WHERE isPublic = 1 AND NOT (${leather.sql})`, leather.params)) as { id: number }[];
    const [{ id: loses }] = (await dataSource.query(`SELECT MIN(id) AS id FROM vehicles WHERE ${leather.sql}`, leather.params)) as { id: number }[];
    await updateVehicle(t, gains, { description: 'Soft leather, heated seats', features: ['Heated Seats'], zipCode: '60601', location: 'Chicago, IL' });
    await deleteVehicle(t, loses);
    expect(await dataSource.query(`SELECT id FROM vehicles WHERE id = ? AND ${leather.sql}`, [gains, ...leather.params])).toHaveLength(1);

    const { asked, query } = recordQueries();
    try {
      const before = await changesRead();
      const countedBefore = await memoryReads();
      expect(await counts.snapshotReady()).toBe(true);
      expect(await changesRead()).toBe(before + 1);
      for (const query of queries) await expectExact(query);
      // Kept where neither listing could alter the count, else worked out from the counts before and the two listings,
      // save where a make's or model's label left with one.
      const counted = await memoryReads();
      expect(counted.kept - countedBefore.kept + counted.changes - countedBefore.changes).toBeGreaterThanOrEqual(queries.length * 4);
      expect(counted.kept - countedBefore.kept + counted.changes - countedBefore.changes + counted.all - countedBefore.all).toBe(queries.length * GROUPS.length);
    } finally {
      query.mockRestore();
    }
    // (Besides the ids of every public listing, read once for the deletion.) At most one read a set: a search whose
    // counts neither listing could alter (a BMW's, when the edited listing is not one) keeps them and reads no set.
    const idReads = asked.filter((sql) => sql.startsWith('SELECT id FROM') && sql !== 'SELECT id FROM vehicles WHERE isPublic = 1');
    expect(idReads.length).toBeGreaterThan(0);
    expect(idReads.length).toBeLessThanOrEqual(idQueries.length);
    // Only the edited listing is asked about (the deleted one left the snapshot).
    for (const sql of idReads) expect(sql).toMatch(/^SELECT id FROM vehicles WHERE id IN \(\?\) AND /);
  });

  it("carries the id sets through a refit's estimates and a price edit without asking about any listing", async () => {
    const idQueries = ['query=leather', 'query=turbo&make=bmw', 'features=Heated%20Seats', 'location=chicago', 'zipCode=60601&radius=100'];
    expect(await counts.snapshotReady()).toBe(true);
    // Searches not counted before, so that each set is read now: one whose counts were kept through the last test's
    // edit still carries that listing, to ask about when next read.
    for (const query of idQueries) await expectExact(`${query}&minYear=1990`);
    const rated = (await dataSource.query('SELECT id FROM vehicles ORDER BY id LIMIT 150')) as { id: number }[];
    const [{ id: cut }] = (await dataSource.query('SELECT MIN(id) AS id FROM vehicles WHERE isPublic = 1')) as { id: number }[];

    const { asked, query } = recordQueries();
    try {
      // A refit's batches (ListingWriter.writeMarketEstimates, 100 a transaction), also of listings off the market, and a seller's price cut.
      await t.app.get(ListingWriter).writeMarketEstimates(rated.map((r) => ({ id: Number(r.id), expectedPrice: 21_000, comparables: 12, basis: 'model' })));
      await updateVehicle(t, Number(cut), { price: 4_321 });
      expect(await counts.snapshotReady()).toBe(true);
      // Searches not counted yet, so that their counts read the id sets (kept counts would answer the others).
      for (const query of idQueries) await expectExact(`${query}&maxPrice=40000`);
    } finally {
      query.mockRestore();
    }
    // No listing's place in a keyword's, feature's or place's listings moved: none is asked about, and no set is read again.
    expect(asked.filter((sql) => sql.startsWith('SELECT id FROM vehicles '))).toEqual([]);
  });

  it('keeps "Best match"\'s ranking of a keyword when a listing that cannot hold the word is listed, and scores again only one that can', async () => {
    const search = async (query: string) => {
      const res = await t.client().get(`/api/vehicles/search?${query}`);
      expect(res.status).toBe(200);
      return res.body as { total: number; vehicles: { id: number }[] };
    };
    const before = await search('query=leather&sortBy=relevance_desc');
    const { asked, query } = recordQueries();
    try {
      const cloth = await createVehicle(t, sellerId, { make: 'Lotus', model: 'Exige', description: 'Cloth seats and a manual gearbox', features: [] });
      expect(cloth.searchText).not.toContain('leather');
      // A page no answer holds yet: it reads the kept ranking, and the whole answer before it is kept too.
      expect((await search('query=leather&sortBy=relevance_desc&page=2')).total).toBe(before.total);
      expect(await search('query=leather&sortBy=relevance_desc')).toEqual(before);
      expect(asked.filter((sql) => sql.includes('AS relevance'))).toEqual([]);

      const leather = await createVehicle(t, sellerId, { make: 'Lotus', model: 'Evora', description: 'Red leather seats', features: [] });
      const after = await search('query=leather&sortBy=relevance_desc&page=3');
      expect(after.total).toBe(before.total + 1);
      // The kept ranking brought forward: the new listing scored alone (with an unchanged one, the anchor).
      const ranked = asked.filter((sql) => sql.includes('AS relevance'));
      expect(ranked).toHaveLength(1);
      expect(ranked[0]).toMatch(engine === 'sqlite' ? /MATCH \? AND rowid IN \(\?, \?\)/ : /vehicles\.id IN \(\?, \?\)/);
      await deleteVehicle(t, leather.id);
      await deleteVehicle(t, cloth.id);
    } finally {
      query.mockRestore();
    }
  });

  it('brings "Best match"\'s ranking forward over rewritten, listed, sold and deleted listings as reading it whole ranks them', async () => {
    const reader = t.app.get(IdReader);
    const keywords = filtersOf('query=leather').terms;
    /** The ranking read whole now, as the search service reads it on a miss. */
    const whole = async () => {
      const q = pageQuery({ filters: { terms: keywords, features: [] }, sortBy: 'relevance_desc', index: undefined, limit: 200_000, offset: 0, engine, columns: 'vehicles.id' });
      const { ids, scores } = await reader.scored(q.sql, q.params);
      return { ids: [...ids], score: new Map([...ids].map((id, k) => [id, scores[k]])) };
    };
    /** Every page of the search, through the API (the kept ranking, brought forward). */
    const served = async () => {
      const ids: number[] = [];
      for (let page = 1; ; page += 1) {
        const res = await t.client().get(`/api/vehicles/search?query=leather&sortBy=relevance_desc&limit=100&page=${page}`);
        expect(res.status).toBe(200);
        const vehicles = (res.body as { vehicles: { id: number }[] }).vehicles;
        ids.push(...vehicles.map((v) => v.id));
        if (vehicles.length < 100) return ids;
      }
    };
    expect(await served()).toEqual((await whole()).ids);

    const matching = (await dataSource.query("SELECT id FROM vehicles WHERE isPublic = 1 AND searchText LIKE '%leather%' ORDER BY id")) as { id: number }[];
    // One from the middle, whose place among its equals is by id.
    const [rewritten, sold, deleted, reworded] = [matching[0], matching[1], matching[2], matching[Math.floor(matching.length / 2)]];
    const { asked, query } = recordQueries();
    let listed: VehicleEntity | undefined;
    try {
      await updateVehicle(t, Number(rewritten.id), { description: 'Leather, leather and more leather: a leather cabin' });
      // Still matching (its features say leather), as relevant as most others, scored when the word's statistics
      // have moved (two listings with it left, one came): among its equals by id.
      await updateVehicle(t, Number(reworded.id), { description: 'Soft cloth seats' });
      await updateVehicle(t, Number(sold.id), { status: 'sold' });
      await deleteVehicle(t, Number(deleted.id));
      listed = await createVehicle(t, sellerId, { make: 'Lotus', model: 'Evora', description: 'Leather seats, leather dash', features: [] });
      const after = await served();
      // No ranking read whole: the five changed listings scored again, with the anchor.
      const ranked = asked.filter((sql) => sql.includes('AS relevance'));
      expect(ranked).toHaveLength(1);
      expect(ranked[0]).toMatch(engine === 'sqlite' ? /rowid IN \((\?, ){5}\?\)/ : /vehicles\.id IN \((\?, ){5}\?\)/);
      const now = await whole();
      // Every listing that matches now, once; the sold and deleted ones gone, the rewritten one first.
      expect([...after].sort((a, b) => a - b)).toEqual([...now.ids].sort((a, b) => a - b));
      expect(after).not.toContain(Number(sold.id));
      expect(after[0]).toBe(Number(rewritten.id));
      expect(after).toContain(listed.id);
      // And in the order reading it whole gives: the changed listings scored with the word statistics of now, put
      // on the kept scores' terms by the anchor, among their equals by id. SQLite's bm25 also weighs a listing's
      // length against the average, which the writes moved: there, in the order of the scores of now to within
      // a millionth (it was within a ten-millionth).
      if (engine === 'mysql') expect(after).toEqual(now.ids);
      for (let k = 1; k < after.length; k += 1) {
        const [a, b] = [now.score.get(after[k - 1])!, now.score.get(after[k])!];
        if (Math.abs(a - b) > 1e-6 * Math.abs(a)) expect({ k, a, b, higherFirst: a > b }).toMatchObject({ higherFirst: true });
      }
    } finally {
      query.mockRestore();
      if (listed) await deleteVehicle(t, listed.id);
    }
  });

  it("keeps a search's total and facets across a refit's estimates and a price edit within its band, which alter none of them; counts again one with a deal filter", async () => {
    const plainSearch = searchCounts(filtersOf('make=honda&maxPrice=45000'));
    const byDeal = searchCounts(filtersOf('make=honda&deal=great'));
    expect(await counts.snapshotReady()).toBe(true);
    await counts.countAll(plainSearch, await cache.version(LISTINGS_DATA_SET));
    await counts.countAll(byDeal, await cache.version(LISTINGS_DATA_SET));
    // A refit's batches over Hondas among others, and a Toyota's price within its band and under the search's cap.
    const rated = (await dataSource.query("SELECT id FROM vehicles WHERE isPublic = 1 AND makeKey = 'honda' ORDER BY id LIMIT 120")) as { id: number }[];
    await t.app.get(ListingWriter).writeMarketEstimates(rated.map((r) => ({ id: Number(r.id), expectedPrice: 90_000, comparables: 9, basis: 'model' })));
    const [toyota] = (await dataSource.query("SELECT id, price FROM vehicles WHERE isPublic = 1 AND makeKey = 'toyota' AND price >= 20000 AND price < 29000 ORDER BY id LIMIT 1")) as { id: number; price: number }[];
    await updateVehicle(t, Number(toyota.id), { price: Number(toyota.price) + 100 });
    expect(await counts.snapshotReady()).toBe(true);
    const version = await cache.version(LISTINGS_DATA_SET);
    const before = await memoryReads();
    const kept = await counts.countAll(plainSearch, version);
    const between = await memoryReads();
    const recounted = await counts.countAll(byDeal, version);
    const after = await memoryReads();
    expect({ kept: between.kept - before.kept, changes: between.changes - before.changes, all: between.all - before.all }).toEqual({ kept: plainSearch.length, changes: 0, all: 0 });
    expect(after.kept - between.kept).toBe(0);
    for (const [k, item] of plainSearch.entries()) expect(shape(item.group, kept[k])).toEqual(await plain(item.filters, item.group));
    for (const [k, item] of byDeal.entries()) expect(shape(item.group, recounted[k])).toEqual(await plain(item.filters, item.group));
  });

  it("works a search's total and facets out from the changes when each was counted one snapshot before (a listing joined)", async () => {
    const filters = filtersOf('make=toyota&maxPrice=30000');
    const items = searchCounts(filters);
    expect(await counts.snapshotReady()).toBe(true);
    await counts.countAll(items, await cache.version(LISTINGS_DATA_SET));
    const joined = await createVehicle(t, sellerId, { make: 'Toyota', model: 'Camry', price: 19_500, bodyType: 'sedan' });
    try {
      expect(await counts.snapshotReady()).toBe(true);
      const before = await memoryReads();
      const counted = await counts.countAll(items, await cache.version(LISTINGS_DATA_SET));
      const after = await memoryReads();
      expect(after.changes - before.changes).toBe(items.length);
      expect(after.all - before.all).toBe(0);
      for (const [k, item] of items.entries()) expect(shape(item.group, counted[k])).toEqual(await plain(item.filters, item.group));
    } finally {
      await deleteVehicle(t, joined.id);
    }
  });

  it("works a search's total and facets out across several catch-ups since they were counted (a listing joined, a Toyota left, a price cut, a deletion), with no pass over the listings", async () => {
    const filters = filtersOf('make=toyota&maxPrice=40000');
    const items = searchCounts(filters);
    expect(await counts.snapshotReady()).toBe(true);
    await counts.countAll(items, await cache.version(LISTINGS_DATA_SET));
    const toyotas = (await dataSource.getRepository(VehicleEntity).find({ where: { isPublic: true, makeKey: 'toyota' }, order: { id: 'DESC' }, take: 3 })).map((v) => v.id);
    const joined = await createVehicle(t, sellerId, { make: 'Toyota', model: 'Camry', price: 19_500, bodyType: 'sedan' });
    const gone = await createVehicle(t, sellerId, { make: 'Toyota', model: 'Corolla', price: 14_000, bodyType: 'sedan' });
    try {
      // Each write caught up on its own, as a market moving between two askings of a search.
      expect(await counts.snapshotReady()).toBe(true);
      await updateVehicle(t, toyotas[0], { status: 'pending' });
      expect(await counts.snapshotReady()).toBe(true);
      await updateVehicle(t, toyotas[1], { price: 12_345 });
      expect(await counts.snapshotReady()).toBe(true);
      await deleteVehicle(t, gone.id);
      expect(await counts.snapshotReady()).toBe(true);
      const before = await memoryReads();
      const workedOut = jest.spyOn(CountsSnapshot.prototype, 'countFrom');
      const counted = await counts.countAll(items, await cache.version(LISTINGS_DATA_SET));
      // Each count worked out once: countAll's check that every one is known is the answer it then gives.
      expect(workedOut).toHaveBeenCalledTimes(items.length);
      workedOut.mockRestore();
      const after = await memoryReads();
      expect({ changes: after.changes - before.changes, all: after.all - before.all }).toEqual({ changes: items.length, all: 0 });
      for (const [k, item] of items.entries()) expect(shape(item.group, counted[k])).toEqual(await plain(item.filters, item.group));
    } finally {
      await updateVehicle(t, toyotas[0], { status: 'approved' });
      await deleteVehicle(t, joined.id);
    }
  });

  it("another instance's sale logged without facts during a catch-up: the next catch-up counts the public listings with the changes in one read, and reads no public id", async () => {
    expect(await counts.snapshotReady()).toBe(true);
    const [a, b] = (await dataSource.query('SELECT id FROM vehicles WHERE isPublic = 1 ORDER BY id DESC LIMIT 2')) as { id: number }[];
    await updateVehicle(t, Number(a.id), { status: 'sold' });
    // Another instance sells a second listing just after this catch-up first reads the changes.
    const original = dataSource.query.bind(dataSource);
    let sold = false;
    let reads = 0;
    const query = jest.spyOn(dataSource, 'query').mockImplementation(async (sql: string, ...rest: unknown[]) => {
      const result = await original(sql, ...(rest as [unknown[]]));
      if (sql.startsWith('SELECT changedInVersion')) reads += 1;
      if (!sold && sql.startsWith('SELECT changedInVersion')) {
        sold = true;
        await dataSource.transaction(async (manager) => {
          const version = await cache.bump(manager, LISTINGS_DATA_SET);
          await manager.query("UPDATE vehicles SET status = 'sold', isPublic = 0, changedInVersion = ? WHERE id = ?", [version, Number(b.id)]);
        });
      }
      return result;
    });
    const publicIds = jest.spyOn(counts as unknown as { publicIds: () => Promise<Uint8Array> }, 'publicIds');
    try {
      expect(await counts.snapshotReady()).toBe(true);
      expect(sold).toBe(true);
      // This instance learns of the other's write (within a second; at once here) and catches up again: the change has
      // no facts, so the rows are read again with the number of public listings, which agree.
      cache.invalidate(LISTINGS_DATA_SET);
      expect(await counts.snapshotReady()).toBe(true);
      expect(publicIds).not.toHaveBeenCalled();
      expect(reads).toBe(2);
    } finally {
      query.mockRestore();
      publicIds.mockRestore();
    }
    for (const query of ['', 'make=toyota', 'maxPrice=30000']) await expectExact(query);
  });

  it('catches up an approval of a pending listing, a sale and a new listing in their slots: no row copied to insert or drop one', async () => {
    expect(await counts.snapshotReady()).toBe(true);
    const held = () => (counts as unknown as { snapshot: CountsSnapshot }).snapshot;
    const [pending] = (await dataSource.query("SELECT id FROM vehicles WHERE status = 'pending' ORDER BY id LIMIT 1")) as { id: number }[];
    const [sold] = (await dataSource.query('SELECT id FROM vehicles WHERE isPublic = 1 ORDER BY id LIMIT 1 OFFSET 10')) as { id: number }[];
    const before = held();
    // The pending listing has a slot, not present.
    expect(before.indexOf(Number(pending.id))).toBeGreaterThanOrEqual(0);
    expect(before.holds(Number(pending.id))).toBe(false);
    const copied = jest.spyOn(CountsSnapshot.prototype as unknown as { copiedWith: () => CountsSnapshot }, 'copiedWith');
    const read = await changesRead();
    let created: { id: number } | undefined;
    try {
      await updateVehicle(t, Number(pending.id), { status: 'approved' });
      await updateVehicle(t, Number(sold.id), { status: 'sold' });
      expect(await counts.snapshotReady()).toBe(true);
      const after = held();
      expect(after.version).toBeGreaterThan(before.version);
      expect(await changesRead()).toBeGreaterThan(read);
      expect(after.columns.ids).toBe(before.columns.ids);
      expect({ approved: after.holds(Number(pending.id)), sold: after.holds(Number(sold.id)) }).toEqual({ approved: true, sold: false });
      for (const query of ['', 'make=toyota', 'maxPrice=30000', 'bodyType=sedan&minYear=2015']) await expectExact(query);
      // A new listing: added at the end (MariaDB reads every listing instead when it brings a text value new to the snapshot).
      created = await createVehicle(t, sellerId, { make: 'Toyota', model: 'Camry', price: 21_000, bodyType: 'sedan' });
      expect(await counts.snapshotReady()).toBe(true);
      expect(held().holds(created.id)).toBe(true);
      expect(copied).not.toHaveBeenCalled();
      for (const query of ['', 'make=toyota', 'maxPrice=30000']) await expectExact(query);
    } finally {
      copied.mockRestore();
      await updateVehicle(t, Number(pending.id), { status: 'pending' });
      await updateVehicle(t, Number(sold.id), { status: 'approved' });
      if (created) await deleteVehicle(t, created.id);
    }
  });

  it("catches up after a backlog the log was read past (a bulk job's thousands of rows): from the stamped listings and the public count, not every listing", async () => {
    expect(await counts.snapshotReady()).toBe(true);
    const builds = async (read: 'changes' | 'all') =>
      (await t.app.get(Metrics).countsSnapshotBuild.get()).values.find((v) => v.metricName?.endsWith('_count') && v.labels.read === read)?.value ?? 0;
    const [{ id }] = (await dataSource.query('SELECT id FROM vehicles WHERE isPublic = 1 ORDER BY id LIMIT 1 OFFSET 30')) as { id: number }[];
    const before = { changes: await builds('changes'), all: await builds('all') };
    // Another instance's bulk job: more log rows than one read of the log takes (VersionedCacheService's READ_CHUNK),
    // the last of them stamping the listing it changed.
    await dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO data_changes (dataSet, facts) VALUES ${Array.from({ length: 2_100 }, () => "('bulk', NULL)").join(', ')}`);
      await manager.query('UPDATE vehicles SET price = 4444, changedInVersion = (SELECT MAX(id) FROM data_changes) WHERE id = ?', [Number(id)]);
    });
    cache.invalidate(LISTINGS_DATA_SET);
    expect(await counts.snapshotReady()).toBe(true);
    expect({ changes: (await builds('changes')) - before.changes, all: (await builds('all')) - before.all }).toEqual({ changes: 1, all: 0 });
    for (const query of ['', 'maxPrice=5000', 'make=toyota']) await expectExact(query);
  });

  it("answers the search page's `available` (rated, reduced) from the snapshot as the two SQL counts do, across a price cut and a sale", async () => {
    const inSql = async () => {
      const [{ rated, reduced }] = (await dataSource.query('SELECT SUM(CASE WHEN dealRank < 1000000000 THEN 1 ELSE 0 END) AS rated, SUM(CASE WHEN priceReducedAt IS NOT NULL THEN 1 ELSE 0 END) AS reduced FROM vehicles WHERE isPublic = 1')) as { rated: number; reduced: number }[];
      return { rated: Number(rated), reduced: Number(reduced) };
    };
    const [cut, sold] = (await dataSource.query('SELECT id, price FROM vehicles WHERE isPublic = 1 AND dealRank < 1000000000 AND priceReducedAt IS NULL ORDER BY id LIMIT 2')) as { id: number; price: number }[];
    await updateVehicle(t, Number(cut.id), { price: Number(cut.price) - 500 });
    await updateVehicle(t, Number(sold.id), { status: 'sold' });
    expect(await counts.snapshotReady()).toBe(true);
    const held = await counts.available(await cache.version(LISTINGS_DATA_SET));
    expect(held).toEqual(await inSql());
    expect(held!.reduced).toBeGreaterThan(0);
    const res = await t.client().get('/api/vehicles/search');
    expect(res.body.available).toEqual(held);
  });

  it('follows a new listing with a new make (MariaDB reads every listing then, to ask its collation about the new text)', async () => {
    const before = await changesRead();
    const created = await createVehicle(t, sellerId, { make: 'Zagato', model: 'Raptor', price: 123456, bodyType: 'coupe' });
    expect(await counts.snapshotReady()).toBe(true);
    expect(await changesRead()).toBe(engine === 'sqlite' ? before + 1 : before);
    for (const query of ['', 'make=zagato', 'minPrice=100000&bodyType=coupe', `excludeId=${created.id}&make=zagato`]) await expectExact(query);
  });

  it('MariaDB: text values its collation takes for one ("black", "Black") keep the counts in SQL, still exact', async () => {
    const [{ id }] = (await dataSource.query("SELECT MIN(id) AS id FROM vehicles WHERE isPublic = 1 AND color = 'black'")) as { id: number }[];
    await dataSource.transaction(async (manager) => {
      const version = await cache.bump(manager, LISTINGS_DATA_SET);
      await manager.query("UPDATE vehicles SET color = 'Black', changedInVersion = ? WHERE id = ?", [version, id]);
    });
    cache.invalidate(LISTINGS_DATA_SET);
    try {
      // SQLite compares text byte by byte, as JavaScript does: the snapshot serves it.
      expect(await counts.snapshotReady()).toBe(engine === 'sqlite');
      const filters = filtersOf('exteriorColor=black');
      const version = await cache.version(LISTINGS_DATA_SET);
      expect(shape('total', await counts.count(filters, 'total', version))).toEqual(await plain(filters, 'total'));
      expect(shape('make', await counts.count(filters, 'make', version))).toEqual(await plain(filters, 'make'));
    } finally {
      await dataSource.transaction(async (manager) => {
        const version = await cache.bump(manager, LISTINGS_DATA_SET);
        await manager.query("UPDATE vehicles SET color = 'black', changedInVersion = ? WHERE id = ?", [version, id]);
      });
      cache.invalidate(LISTINGS_DATA_SET);
    }
  });
});
