import { DataSource } from 'typeorm';
import { VERSION_TTL_MS, VersionedCacheService } from '../../src/infra/cache/versioned-cache.service';
import { LISTINGS_DATA_SET } from '../../src/modules/vehicles/search/search-counts.service';
import { countDependsOn } from '../../src/modules/vehicles/search/search-invalidation';
import { createVehicle, updateVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Kept search answers while the market moves, with two API instances on one database (as behind a load
 * balancer): a listing write shows at once on the instance that wrote it and within about a second on the
 * other, and drops only the kept answers it could alter (the change log, search-invalidation.ts).
 */
describe('kept search answers while listings change', () => {
  let a: TestApp;
  let b: TestApp;
  let sellerId: number;

  const search = async (t: TestApp, query: string) => {
    const res = await t.client().get(`/api/vehicles/search?${query}`);
    expect(res.status).toBe(200);
    return res.body as { total: number; vehicles: { id: number; price: number; mileage: number }[]; facets: { make: { value: string; count: number }[] } };
  };
  /** The other instance reads the change log at most once per VERSION_TTL_MS. */
  const afterTheOtherReadsTheLog = () => new Promise((resolve) => setTimeout(resolve, VERSION_TTL_MS + 300));

  beforeAll(async () => {
    a = await startTestApp({ MAIL_POLL_MS: '600000' });
    b = await startTestApp({ MAIL_POLL_MS: '600000', DATABASE_URL: a.database.url });
    sellerId = (await registerUser(a.client())).user.id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('an approval shows at once on the instance that wrote it, and within a second on the other', async () => {
    const pending = await createVehicle(a, sellerId, { make: 'Saab', model: '900', status: 'pending' });
    expect((await search(a, 'make=saab')).total).toBe(0);
    expect((await search(b, 'make=saab')).total).toBe(0);

    await updateVehicle(a, pending.id, { status: 'approved' });
    expect((await search(a, 'make=saab')).vehicles.map((v) => v.id)).toEqual([pending.id]);
    await afterTheOtherReadsTheLog();
    expect((await search(b, 'make=saab')).vehicles.map((v) => v.id)).toEqual([pending.id]);
  });

  it('a price cut shows at once on the instance that wrote it, and within a second on the other', async () => {
    const listing = await createVehicle(a, sellerId, { make: 'Volvo', model: 'V70', price: 18_000 });
    await afterTheOtherReadsTheLog();
    expect((await search(a, 'make=volvo')).vehicles[0]?.price).toBe(18_000);
    expect((await search(b, 'make=volvo')).vehicles[0]?.price).toBe(18_000);

    await updateVehicle(a, listing.id, { price: 16_500 });
    expect((await search(a, 'make=volvo')).vehicles[0]?.price).toBe(16_500);
    await afterTheOtherReadsTheLog();
    expect((await search(b, 'make=volvo')).vehicles[0]?.price).toBe(16_500);
  });

  it('the newest listings are a kept answer: an approval and a price cut among them show at once, and within a second on the other instance; a change they cannot show keeps them', async () => {
    const recent = async (t: TestApp) => {
      const res = await t.client().get('/api/vehicles/recent');
      expect(res.status).toBe(200);
      return res.body as { id: number; price: number }[];
    };
    const pending = await createVehicle(a, sellerId, { make: 'Lotus', model: 'Elise', status: 'pending', price: 21_000 });
    expect((await recent(a)).map((v) => v.id)).not.toContain(pending.id);
    expect((await recent(b)).map((v) => v.id)).not.toContain(pending.id);

    await updateVehicle(a, pending.id, { status: 'approved' });
    expect((await recent(a))[0]?.id).toBe(pending.id);
    await afterTheOtherReadsTheLog();
    expect((await recent(b))[0]?.id).toBe(pending.id);

    // Behind the change log's back (a raw UPDATE): the kept answer does not show it, so it was not read again...
    await a.app.get(DataSource).query('UPDATE vehicles SET price = 20000 WHERE id = ?', [pending.id]);
    // ...after a logged change it cannot show (a listing not for sale),
    const other = await createVehicle(a, sellerId, { make: 'Lotus', model: 'Evora', status: 'pending' });
    await updateVehicle(a, other.id, { mileage: 77_000 });
    expect((await recent(a))[0]?.price).toBe(21_000);
    // and a logged price cut of a listing it shows drops it on both instances.
    await updateVehicle(a, pending.id, { price: 19_500 });
    expect((await recent(a))[0]?.price).toBe(19_500);
    await afterTheOtherReadsTheLog();
    expect((await recent(b))[0]?.price).toBe(19_500);
  });

  it("an edit of a Toyota drops the kept Toyota searches on both instances, not the Honda ones (whose make facet counts Toyotas)", async () => {
    const toyota = await createVehicle(a, sellerId, { make: 'Toyota', model: 'Camry', price: 35_000 });
    const honda = await createVehicle(a, sellerId, { make: 'Honda', model: 'Accord', price: 22_000, mileage: 30_000 });
    await afterTheOtherReadsTheLog();
    for (const t of [a, b]) {
      expect((await search(t, 'make=honda')).vehicles.map((v) => v.mileage)).toEqual([30_000]);
      expect((await search(t, 'make=toyota')).vehicles.map((v) => v.price)).toEqual([35_000]);
    }
    // A change the log does not hold (no writer would make one): a kept answer still shows the old mileage.
    await a.app.get(DataSource).query('UPDATE vehicles SET mileage = 31000 WHERE id = ?', [honda.id]);

    // A price cut within the Toyota's price band: the Honda searches' counts stay as they are.
    await updateVehicle(a, toyota.id, { price: 34_000 });
    await afterTheOtherReadsTheLog();
    for (const t of [a, b]) {
      expect((await search(t, 'make=toyota')).vehicles.map((v) => v.price)).toEqual([34_000]);
      // Kept: the Honda answer was not dropped, so it shows the mileage from before the unlogged change.
      expect((await search(t, 'make=honda')).vehicles.map((v) => v.mileage)).toEqual([30_000]);
    }

    // A Toyota that leaves the market changes the Honda answer's make facet: dropped, counted again. The Honda's
    // own row is kept (no change of it was logged), so the unlogged mileage still does not show.
    const toyotasIn = (facets: { make: { value: string; count: number }[] }) => facets.make.find((m) => m.value === 'toyota')?.count ?? 0;
    const before = await search(a, 'make=honda');
    await updateVehicle(a, toyota.id, { status: 'sold' });
    await afterTheOtherReadsTheLog();
    for (const t of [a, b]) {
      const hondas = await search(t, 'make=honda');
      expect(toyotasIn(hondas.facets)).toBe(toyotasIn(before.facets) - 1);
      expect(hondas.vehicles.map((v) => v.mileage)).toEqual([30_000]);
    }
    // A logged change of the Honda drops its kept row: the page shows the listing as stored.
    await updateVehicle(a, honda.id, { price: 21_500 });
    await afterTheOtherReadsTheLog();
    for (const t of [a, b]) {
      expect((await search(t, 'make=honda')).vehicles.map((v) => [v.price, v.mileage])).toEqual([[21_500, 31_000]]);
    }
  });

  it('keeps a count (a total, a facet) across the changes that cannot alter it, and counts again after one that can', async () => {
    const cache = a.app.get(VersionedCacheService);
    const toyota = await createVehicle(a, sellerId, { make: 'Toyota', model: 'Corolla', price: 12_000 });
    let counted = 0;
    const hondaTotal = () => cache.get(LISTINGS_DATA_SET, 'test:honda-total', async () => (counted += 1), countDependsOn({ terms: [], features: [], makeKey: 'honda' }, 'total'));
    expect(await hondaTotal()).toBe(1);
    expect(await hondaTotal()).toBe(1);
    await updateVehicle(a, toyota.id, { price: 11_500 });
    expect(await hondaTotal()).toBe(1);
    await createVehicle(a, sellerId, { make: 'Honda', model: 'Fit' });
    expect(await hondaTotal()).toBe(2);
  });

  // MariaDB gives log ids out as rows are written, so a later id can commit first; SQLite has one writer at a time.
  (process.env.TEST_DB === 'mariadb' ? it : it.skip)('a write that commits after a later one is still applied (a gap in the log ids is waited for)', async () => {
    const listing = await createVehicle(a, sellerId, { make: 'Lancia', model: 'Delta', mileage: 50_000 });
    await afterTheOtherReadsTheLog();
    expect((await search(b, 'make=lancia')).vehicles.map((v) => v.mileage)).toEqual([50_000]);

    // A slow write takes its log id and has not committed yet; a later write commits first.
    const slow = a.app.get(DataSource).createQueryRunner();
    await slow.connect();
    await slow.startTransaction();
    try {
      await slow.query('UPDATE vehicles SET mileage = 52000 WHERE id = ?', [listing.id]);
      await slow.query(`INSERT INTO data_changes (dataSet, facts) VALUES ('listings', NULL)`);
      await createVehicle(a, sellerId, { make: 'Honda', model: 'Civic' });
      await afterTheOtherReadsTheLog();
      expect((await search(b, 'make=lancia')).vehicles.map((v) => v.mileage)).toEqual([50_000]);
      await slow.commitTransaction();
    } finally {
      await slow.release();
    }
    await afterTheOtherReadsTheLog();
    expect((await search(b, 'make=lancia')).vehicles.map((v) => v.mileage)).toEqual([52_000]);
  });
});
