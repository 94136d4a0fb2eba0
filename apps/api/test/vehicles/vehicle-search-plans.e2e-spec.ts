import { DataSource } from 'typeorm';
import { VehicleSearchDto } from '@app/shared';
import { plainToInstance } from 'class-transformer';
import { seedListings } from '../../bench/seed';
import { VersionedCacheService } from '../../src/infra/cache/versioned-cache.service';
import { countIndex, COUNTS_INDEX, fromVehicles, pageIndex, pageQuery, SORT_SQL, toSearchRequest, whereOf, withoutDimension } from '../../src/modules/vehicles/search/search-filters';
import { LISTINGS_DATA_SET } from '../../src/modules/vehicles/search/search-counts.service';
import { PUBLIC_COLUMNS } from '../../src/modules/vehicles/vehicle.mapper';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * On a few thousand listings (the bench's generator) the search names an index for its page query
 * (search-filters.ts pageIndex): the sort's index for large match sets, a filter's index for small ones.
 * Each answer must be the one the plain query gives, whatever index is read.
 */
describe('search pages on a larger data set', () => {
  let t: TestApp;
  let dataSource: DataSource;
  let publicTotal: number;

  beforeAll(async () => {
    t = await startTestApp();
    const { user } = await registerUser(t.client());
    dataSource = t.app.get(DataSource);
    await seedListings(dataSource, 6000, user.id, () => undefined);
    const cache = t.app.get(VersionedCacheService);
    await cache.bump(dataSource.manager, LISTINGS_DATA_SET);
    cache.invalidate(LISTINGS_DATA_SET);
    publicTotal = Number((await dataSource.query('SELECT COUNT(*) AS n FROM vehicles WHERE isPublic = 1'))[0].n);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** The query plan's steps as each engine describes them (SQLite's detail; MariaDB's index and Extra). */
  const planOf = async (sql: string, params: unknown[]): Promise<string[]> => {
    const sqlite = t.database.engine === 'sqlite';
    const plan = (await dataSource.query(`${sqlite ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${sql}`, params)) as Record<string, unknown>[];
    return plan.map((r) => (sqlite ? String(r.detail) : `${r.key} ${r.Extra}`));
  };

  it.each([
    ['make=porsche&sortBy=price_desc', 'IDX_vehicles_public_make_created'],
    ['make=porsche&model=911&sortBy=views_desc', 'IDX_vehicles_public_make_model_created'],
    ['make=toyota', 'IDX_vehicles_public_make_created'],
    ['zipCode=60601&radius=10&sortBy=year_desc', 'IDX_vehicles_public_geo'],
    ['bodyType=convertible&sortBy=mileage_asc', 'IDX_vehicles_public_body'],
    ['fuelType=electric&sortBy=views_desc', 'IDX_vehicles_public_fuel'],
    ['fuelType=gasoline&sortBy=views_desc&limit=5&page=2', 'IDX_vehicles_public_views'],
    ['maxPrice=10000', 'IDX_vehicles_public_created'],
    ['minYear=2015&sortBy=price_asc&page=3', 'IDX_vehicles_public_price'],
    ['query=turbo&sortBy=year_asc', 'IDX_vehicles_public_year'],
    // Common words walk the sort's index, each row checked by a regular expression of the words' starts: it
    // must answer what the full-text index answers.
    ['query=leather', 'IDX_vehicles_public_created'],
    ['query=heated%20seat&sortBy=price_desc&page=2', 'IDX_vehicles_public_price'],
    ['query=porshe', undefined],
    ['zipCode=60601&radius=100&maxPrice=30000&bodyType=suv', 'IDX_vehicles_public_geo'],
    ['minPrice=20000&maxPrice=50000&minYear=2018', 'IDX_vehicles_public_created'],
    ['query=rubicon', undefined],
  ])('%s reads %s and answers what the plain query answers', async (query, expectedIndex) => {
    const { filters, sortBy, page, limit } = toSearchRequest(plainToInstance(VehicleSearchDto, Object.fromEntries(new URLSearchParams(query))));
    const engine = t.database.engine === 'sqlite' ? 'sqlite' : 'mysql';
    const where = whereOf(filters, engine);
    const matching = Number((await dataSource.query(`SELECT COUNT(*) AS n FROM vehicles WHERE ${where.sql}`, where.params))[0].n);
    expect(pageIndex(filters, sortBy, matching, publicTotal, page * limit)).toBe(expectedIndex);

    const plain = (await dataSource.query(`SELECT id FROM vehicles WHERE ${where.sql} ORDER BY ${SORT_SQL[sortBy]} LIMIT ? OFFSET ?`, [
      ...where.params,
      limit,
      (page - 1) * limit,
    ])) as { id: number }[];
    const res = await t.client().get(`/api/vehicles/search?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(matching);
    expect(res.body.vehicles.map((v: { id: number }) => v.id)).toEqual(plain.map((r) => Number(r.id)));
    expect(plain.length).toBeGreaterThan(0);
    // Counts read the range of their most selective filter (countIndex): the same counts as the plain query.
    const facetWhere = whereOf(withoutDimension(filters, 'make'), engine);
    const makes = (await dataSource.query(`SELECT makeKey AS value, COUNT(*) AS n FROM vehicles WHERE ${facetWhere.sql} GROUP BY makeKey`, facetWhere.params)) as { value: string; n: number }[];
    const answered = Object.fromEntries(res.body.facets.make.map((f: { value: string; count: number }) => [f.value, f.count]));
    expect(answered).toEqual(Object.fromEntries(makes.map((r) => [r.value, Number(r.n)])));
  });

  // A count of a filtered search reads IDX_vehicles_public_counts alone (no row per match; a feature through
  // vehicle_features' set of ids), and every facet it answers is the plain GROUP BY's.
  it.each([
    ['maxPrice=100000', true],
    ['bodyType=suv&minYear=2014', true],
    ['make=ford&maxPrice=75000&minYear=2012&transmission=automatic&maxMileage=60000', true],
    ['fuelType=gasoline&drivetrain=awd&exteriorColor=black', true],
    ['make=toyota&features=Heated%20Seats&features=Sunroof', true],
  ])('the counts of %s come from the counts index (covering: %s) and equal the plain counts', async (query, covering) => {
    const params = new URLSearchParams(query);
    const { filters } = toSearchRequest(plainToInstance(VehicleSearchDto, { ...Object.fromEntries(params), features: params.getAll('features') }));
    const engine = t.database.engine === 'sqlite' ? 'sqlite' : 'mysql';
    expect(countIndex(filters)).toBe(COUNTS_INDEX);
    const where = whereOf(withoutDimension(filters, 'make'), engine);
    const sql = `SELECT makeKey, MIN(make) AS label, COUNT(*) AS n FROM ${fromVehicles(COUNTS_INDEX, engine, where)} WHERE ${where.sql} GROUP BY makeKey`;
    const described = (await planOf(sql, where.params)).join(' | ');
    expect(described).toContain(COUNTS_INDEX);
    if (engine === 'sqlite') expect(described.includes(`COVERING INDEX ${COUNTS_INDEX}`)).toBe(covering);
    else expect(described.includes('Using index')).toBe(covering);

    const res = await t.client().get(`/api/vehicles/search?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    const plainCount = async (dimension: 'make' | 'bodyType' | 'fuelType', column: string) => {
      const w = whereOf(withoutDimension(filters, dimension), engine);
      const rows = (await dataSource.query(`SELECT ${column} AS value, COUNT(*) AS n FROM vehicles WHERE ${w.sql} GROUP BY ${column}`, w.params)) as { value: string; n: number }[];
      return new Map(rows.map((r) => [String(r.value), Number(r.n)]));
    };
    const makes = await plainCount('make', 'makeKey');
    expect(Object.fromEntries(res.body.facets.make.map((f: { value: string; count: number }) => [f.value, f.count]))).toEqual(Object.fromEntries(makes));
    const bodies = await plainCount('bodyType', 'bodyType');
    const answeredBodies = res.body.facets.bodyType.reduce((sum: number, f: { count: number }) => sum + f.count, 0);
    expect(answeredBodies).toBeGreaterThan(0);
    expect(answeredBodies).toBeLessThanOrEqual([...bodies.values()].reduce((a, b) => a + b, 0));
    // Counted by the feature rows or by each row's featureKeys (as a page reads them), the same listings.
    for (const reading of ['set', 'row'] as const) {
      const total = whereOf(filters, engine, 'index', reading);
      expect(res.body.total).toBe(Number((await dataSource.query(`SELECT COUNT(*) AS n FROM vehicles WHERE ${total.sql}`, total.params))[0].n));
    }
    const priceWhere = whereOf(withoutDimension(filters, 'price'), engine);
    const priced = Number((await dataSource.query(`SELECT COUNT(*) AS n FROM vehicles WHERE ${priceWhere.sql}`, priceWhere.params))[0].n);
    expect(res.body.facets.price.reduce((sum: number, f: { count: number }) => sum + f.count, 0)).toBe(priced);
  });

  // Best Match reads the full-text matches in rank order and stops at the page's end (SQLite): the same
  // rows, in the same order (ties newest first), as ranking every match and sorting.
  it.each(['query=leather&sortBy=relevance_desc', 'query=leather&sortBy=relevance_desc&page=3', 'query=heated%20seats&make=toyota&sortBy=relevance_desc', 'query=porsche%20911&sortBy=relevance_desc&limit=50'])(
    'Best Match %s answers what ranking every match answers',
    async (query) => {
      const { filters, sortBy, page, limit } = toSearchRequest(plainToInstance(VehicleSearchDto, Object.fromEntries(new URLSearchParams(query))));
      const engine = t.database.engine === 'sqlite' ? 'sqlite' : 'mysql';
      const where = whereOf(filters, engine);
      const reference =
        engine === 'sqlite'
          ? `SELECT vehicles.id FROM vehicles JOIN (SELECT rowid AS kwId, rank AS kwRank FROM vehicles_fts WHERE vehicles_fts MATCH ?) kw ON kw.kwId = vehicles.id WHERE ${where.sql} ORDER BY -kw.kwRank DESC, vehicles.id DESC LIMIT ? OFFSET ?`
          : `SELECT id FROM vehicles WHERE ${where.sql} ORDER BY MATCH (searchText) AGAINST (? IN BOOLEAN MODE) DESC, id DESC LIMIT ? OFFSET ?`;
      const params = engine === 'sqlite' ? [where.keywordMatch, ...where.params] : [...where.params, where.keywordMatch];
      const ranked = (await dataSource.query(reference, [...params, limit, (page - 1) * limit])) as { id: number }[];
      const res = await t.client().get(`/api/vehicles/search?${query}`);
      expect(res.status).toBe(200);
      expect(ranked.length).toBeGreaterThan(0);
      expect(res.body.vehicles.map((v: { id: number }) => v.id)).toEqual(ranked.map((r) => Number(r.id)));
    },
  );

  // A search around a ZIP code, newest first (the page's default order), walks the newest-first index and checks
  // the box and the distance on its entries (it holds each listing's position): no row is read for a listing
  // walked past, only the page's own.
  it.each(['zipCode=60601&radius=50', 'zipCode=10001&radius=100&maxPrice=30000'])('%s, walking the newest-first index, reads its entries alone and answers what the plain query answers', async (query) => {
    const { filters, sortBy, limit } = toSearchRequest(plainToInstance(VehicleSearchDto, Object.fromEntries(new URLSearchParams(query))));
    const engine = t.database.engine === 'sqlite' ? 'sqlite' : 'mysql';
    const page = pageQuery({ filters, sortBy, index: 'IDX_vehicles_public_created', limit, offset: 0, engine, columns: PUBLIC_COLUMNS });
    const walk = (await planOf(page.sql, page.params)).filter((step) => step.includes('IDX_vehicles_public_created'));
    expect(walk).toHaveLength(1);
    expect(walk[0]).toContain(engine === 'sqlite' ? 'COVERING INDEX IDX_vehicles_public_created' : 'Using index');

    const where = whereOf(filters, engine);
    const plain = (await dataSource.query(`SELECT id FROM vehicles WHERE ${where.sql} ORDER BY ${SORT_SQL[sortBy]} LIMIT ?`, [...where.params, limit])) as { id: number }[];
    const rows = (await dataSource.query(page.sql, page.params)) as { id: number }[];
    expect(plain.length).toBeGreaterThan(0);
    expect(rows.map((r) => Number(r.id))).toEqual(plain.map((r) => Number(r.id)));
  });
});
