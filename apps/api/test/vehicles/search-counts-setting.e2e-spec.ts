import { DataSource } from 'typeorm';
import { IdReader } from '../../src/infra/database/id-reader';
import { VehicleSearchDto } from '@app/shared';
import { plainToInstance } from 'class-transformer';
import { seedListings } from '../../bench/seed';
import { VersionedCacheService } from '../../src/infra/cache/versioned-cache.service';
import { Metrics } from '../../src/infra/metrics/metrics.service';
import type { CountGroup } from '../../src/modules/vehicles/search/counts-snapshot';
import { LISTINGS_DATA_SET, SearchCounts } from '../../src/modules/vehicles/search/search-counts.service';
import { SORT_SQL, toSearchRequest, whereOf } from '../../src/modules/vehicles/search/search-filters';
import { sqlEngineOf } from '../../src/infra/database/sql-engine';
import type { SortOption } from '@app/shared';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

const GROUPS: CountGroup[] = ['total', 'make', 'model', 'bodyType', 'fuelType', 'price'];
const QUERIES = ['', 'make=toyota', 'minPrice=20000&maxPrice=60000', 'bodyType=suv&fuelType=hybrid', 'minYear=2018&maxMileage=60000', 'query=camry', 'condition=excellent&make=bmw'];

/** SEARCH_COUNTS=sql (SEARCH-COUNTS.md): every count is a plain SQL count, and the counts agree with the in-memory engine's. */
describe('SEARCH_COUNTS=sql', () => {
  let t: TestApp;
  let dataSource: DataSource;
  let cache: VersionedCacheService;
  let inMemory: SearchCounts;

  beforeAll(async () => {
    t = await startTestApp({ SEARCH_COUNTS: 'sql' });
    const { user } = await registerUser(t.client());
    dataSource = t.app.get(DataSource);
    cache = t.app.get(VersionedCacheService);
    await seedListings(dataSource, 800, user.id, () => undefined);
    await cache.bump(dataSource.manager, LISTINGS_DATA_SET);
    cache.invalidate(LISTINGS_DATA_SET);
    // The default engine over the same database, beside the app's own (which counts in SQL).
    inMemory = new SearchCounts(dataSource, cache, t.app.get(IdReader), { searchCounts: 'memory' });
  }, 120_000);
  afterAll(async () => {
    await inMemory?.onModuleDestroy();
    await t.close();
  });

  const filtersOf = (query: string) => {
    const params = new URLSearchParams(query);
    return toSearchRequest(plainToInstance(VehicleSearchDto, { ...Object.fromEntries(params), features: params.getAll('features') })).filters;
  };
  const fromSource = async (source: 'memory' | 'database') => (await t.app.get(Metrics).searchCounts.get()).values.find((v) => v.labels.source === source)?.value ?? 0;

  it('answers searches with counts from SQL only: no snapshot is read', async () => {
    const before = await fromSource('database');
    for (const query of QUERIES) {
      const res = await t.client().get(`/api/vehicles/search?${query}`);
      expect(res.status).toBe(200);
    }
    expect(await fromSource('memory')).toBe(0);
    expect(await fromSource('database')).toBeGreaterThanOrEqual(before + QUERIES.length);
    expect(await t.app.get(SearchCounts).snapshotReady()).toBe(false);
  });

  it('counts what the in-memory engine counts, for every group of every search', async () => {
    expect(await inMemory.snapshotReady()).toBe(true);
    const version = await cache.version(LISTINGS_DATA_SET);
    const sql = t.app.get(SearchCounts);
    let matched = 0;
    for (const query of QUERIES) {
      const filters = filtersOf(query);
      for (const group of GROUPS) {
        const sorted = (rows: { value: unknown; n: number }[]) => [...rows].sort((a, b) => String(a.value).localeCompare(String(b.value)));
        const [fromSql, fromMemory] = await Promise.all([sql.count(filters, group, version), inMemory.count(filters, group, version)]);
        expect({ query, group, counts: sorted(fromSql).filter((r) => r.n > 0) }).toEqual({ query, group, counts: sorted(fromMemory).filter((r) => r.n > 0) });
        if (group === 'total') matched += fromSql[0]?.n ?? 0;
      }
    }
    // The searches match listings: agreeing on nothing proves nothing.
    expect(matched).toBeGreaterThan(800);
  });

  it("finds the pages the page query's order finds, in every sort the snapshot holds (nearest first too)", async () => {
    // Ties to order by id: listings of one price, one creation time, one reduction time.
    // Stamped with the log row, as the listing writer stamps every write (the snapshot reads the stamped listings).
    const logId = await cache.bump(dataSource.manager, LISTINGS_DATA_SET);
    await dataSource.query(`UPDATE vehicles SET price = 12345, createdAt = ?, priceReducedAt = ?, changedInVersion = ? WHERE id % 7 = 0`, ['2024-03-04 05:06:07', '2024-05-06 07:08:09', logId]);
    cache.invalidate(LISTINGS_DATA_SET);
    expect(await inMemory.snapshotReady()).toBe(true);
    const version = await cache.version(LISTINGS_DATA_SET);
    const engine = sqlEngineOf(dataSource);
    const sorts: SortOption[] = ['price_asc', 'price_desc', 'year_asc', 'year_desc', 'mileage_asc', 'mileage_desc', 'created_desc', 'created_asc', 'reduced_desc', 'deal_asc'];
    let compared = 0;
    for (const query of [...QUERIES, 'maxPrice=12345', 'zipCode=60601&radius=500', 'zipCode=10001&radius=300&maxPrice=40000']) {
      const filters = filtersOf(query);
      const where = whereOf(filters, engine);
      // Nearest first, with a centre: the distance the snapshot measures orders as the SQL's.
      for (const sortBy of filters.near ? [...sorts, 'distance_asc' as const] : sorts) {
        for (const offset of [0, 24, 96]) {
          const rows = (await dataSource.query(
            `SELECT id${where.distance ? `, ${where.distance.sql} AS distanceMiles` : ''} FROM vehicles WHERE ${where.sql} ORDER BY ${SORT_SQL[sortBy]} LIMIT 24 OFFSET ${offset}`,
            [...(where.distance?.params ?? []), ...where.params],
          )) as { id: number | string }[];
          const page = await inMemory.pageIds(filters, sortBy, offset, 24, version);
          expect({ query, sortBy, offset, page }).toEqual({ query, sortBy, offset, page: rows.map((r) => Number(r.id)) });
          compared += rows.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
