import { DataSource } from 'typeorm';
import { DealRatingsJob, REFIT_PERIOD_MS } from '../../src/modules/vehicles/jobs/deal-ratings.job';
import { ListingWriter } from '../../src/modules/vehicles/listing-writer.service';
import { dealColumns } from '../../src/modules/vehicles/pricing/market-columns';
import { DealRatingsService } from '../../src/modules/vehicles/pricing/deal-ratings.service';
import { createVehicles, listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('deal ratings', () => {
  let t: TestApp;
  let seller: HttpClient;
  let sellerId: number;
  let bargain: number;
  let pricey: number;
  let lonely: number;
  let typical: number;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
    seller = t.client();
    sellerId = (await registerUser(seller)).user.id;
    // Nine 2021 Cayennes around $60,000 with the same mileage and condition: the market is clear.
    const market = [58000, 59000, 59500, 60000, 60000, 60500, 61000, 62000, 60200].map((price) => ({
      make: 'Porsche', model: 'Cayenne', year: 2021, mileage: 30000, condition: 'excellent', bodyType: 'suv', price,
    }));
    const rows = await createVehicles(t, sellerId, [
      ...market,
      { make: 'Porsche', model: 'Cayenne', year: 2021, mileage: 30000, condition: 'excellent', bodyType: 'suv', price: 50000 },
      { make: 'Porsche', model: 'Cayenne', year: 2021, mileage: 30000, condition: 'excellent', bodyType: 'suv', price: 72000 },
      { make: 'Bugatti', model: 'Chiron', year: 2021, mileage: 3000, condition: 'excellent', bodyType: 'coupe', price: 3_000_000 },
    ]);
    typical = rows[3]!.id;
    bargain = rows[9]!.id;
    pricey = rows[10]!.id;
    lonely = rows[11]!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const analysis = async (id: number) => (await t.client().get(`/api/vehicles/${id}`)).body.priceAnalysis;

  it('answers null fields before the job has run', async () => {
    expect(await analysis(bargain)).toEqual({ rating: null, expectedPrice: null, difference: null, comparables: null, basis: null });
  });

  it('rates each listing against its comparables, leaving out itself; too uncertain an estimate (a model alone in its class): no rating', async () => {
    const first = await t.app.get(DealRatingsService).refit();
    expect(first.rated).toBe(11);
    const cheap = await analysis(bargain);
    expect(cheap.rating).toBe('great');
    expect(cheap.comparables).toBe(10);
    expect(cheap.basis).toBe('model');
    expect(cheap.expectedPrice).toBeGreaterThan(59000);
    expect(cheap.expectedPrice).toBeLessThan(61000);
    expect(cheap.difference).toBeCloseTo(50000 - cheap.expectedPrice, 2);
    expect((await analysis(pricey)).rating).toBe('overpriced');
    expect((await analysis(typical)).rating).toBe('fair');
    expect(await analysis(lonely)).toEqual({ rating: null, expectedPrice: null, difference: null, comparables: null, basis: null });
  });

  it("drops the kept searches a refit's estimates show in or sort and filter by, and keeps the others", async () => {
    const shown = async (query: string) => (await t.client().get(`/api/vehicles/search?${query}`)).body.vehicles as { id: number; price: number; priceAnalysis?: { rating: string | null } }[];
    // Behind the log's back, so that only a search computed again can show them: the Bugatti's price, and an
    // estimate of the $72,000 Cayenne that the refit will write again.
    await t.client().get('/api/vehicles/search?make=bugatti');
    await t.app.get(DataSource).query('UPDATE vehicles SET price = 2900000 WHERE id = ?', [lonely]);
    await t.app.get(DataSource).query('UPDATE vehicles SET expectedPrice = 90000 WHERE id = ?', [pricey]);
    expect((await shown('make=porsche&limit=100')).find((v) => v.id === pricey)?.priceAnalysis?.rating).not.toBe('overpriced');
    const again = await t.app.get(DealRatingsService).refit();
    expect(again.changed).toBe(1);
    // The Bugatti's search shows none of the refit's listings: kept, with the price it was computed with.
    expect((await shown('make=bugatti')).map((v) => v.price)).toEqual([3_000_000]);
    // The Porsches' search shows the listing whose estimate the refit wrote again: computed again.
    expect((await shown('make=porsche&limit=100')).find((v) => v.id === pricey)?.priceAnalysis?.rating).toBe('overpriced');
    await t.app.get(DataSource).query('UPDATE vehicles SET price = 3000000 WHERE id = ?', [lonely]);
  });

  it('is idempotent: a second run changes nothing, and two runs at once do not overlap', async () => {
    expect((await t.app.get(DealRatingsService).refit()).changed).toBe(0);
    const job = t.app.get(DealRatingsJob);
    const period = Math.floor(Date.now() / REFIT_PERIOD_MS) * REFIT_PERIOD_MS + 77 * REFIT_PERIOD_MS;
    expect((await Promise.all([job.run(period), job.run(period)])).sort()).toEqual(['ran', 'skipped']);
    // Once a period across the instances: a later tick of the same period (another instance's cron) skips it, the
    // next period runs it.
    expect(await job.run(period + 60_000)).toBe('skipped');
    expect(await job.run(period + REFIT_PERIOD_MS)).toBe('ran');
  });

  it('sorts "Best deals first" (unrated last) and filters "Good deals and better"', async () => {
    const sorted = await t.client().get('/api/vehicles/search?make=porsche&sortBy=deal_asc&limit=100');
    expect(sorted.status).toBe(200);
    const ids = sorted.body.vehicles.map((v: { id: number }) => v.id);
    expect(ids[0]).toBe(bargain);
    expect(ids[ids.length - 1]).toBe(pricey);
    const all = await t.client().get('/api/vehicles/search?sortBy=deal_asc&limit=100');
    expect(all.body.vehicles[all.body.vehicles.length - 1].id).toBe(lonely);

    const good = await t.client().get('/api/vehicles/search?deal=good');
    expect(good.body.vehicles.map((v: { id: number }) => v.id)).toEqual([bargain]);
    expect(good.body.vehicles[0].priceAnalysis.rating).toBe('great');
    expect((await t.client().get('/api/vehicles/search?deal=Great')).body.total).toBe(1);
    const bad = await t.client().get('/api/vehicles/search?deal=cheap');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('deal');
  });

  it('lets an admin refit now (admins only)', async () => {
    expect((await seller.post('/api/admin/deal-ratings/refit')).status).toBe(403);
    const admin = t.client();
    expect((await admin.post('/api/admin/deal-ratings/refit')).status).toBe(401);
    expect((await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' })).status).toBe(200);
    const res = await admin.post('/api/admin/deal-ratings/refit');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ran' });
  });

  it('follows a price change at once, before the next run', async () => {
    const created = await seller.post('/api/vehicles', listingInput({ make: 'Porsche', model: 'Cayenne', year: 2021, mileage: 30000, condition: 'excellent', bodyType: 'suv', price: 61000 }));
    expect(created.status).toBe(201);
    await t.app.get(DealRatingsService).refit();
    const mine = await seller.get(`/api/vehicles/${created.body.id}`);
    expect(mine.body.priceAnalysis.rating).toBe('fair');
    const cut = await seller.put(`/api/vehicles/${created.body.id}`, listingInput({ make: 'Porsche', model: 'Cayenne', year: 2021, mileage: 30000, condition: 'excellent', bodyType: 'suv', price: 52000 }));
    expect(cut.body.priceAnalysis.rating).toBe('great');
    const good = await t.client().get('/api/vehicles/search?deal=good&make=porsche');
    expect(good.body.vehicles.map((v: { id: number }) => v.id)).not.toContain(created.body.id); // pending: not public
  });

  it("writes each listing's own estimate and deal columns, batches across, and passes over a listing deleted meanwhile", async () => {
    const prices = Array.from({ length: 130 }, (_, k) => 20_000 + 137 * k);
    const rows = await createVehicles(t, sellerId, prices.map((price) => ({ make: 'Mazda', model: 'MX-5', year: 2019, bodyType: 'convertible', price })));
    const gone = rows[7]!;
    await t.app.get(DataSource).query('DELETE FROM vehicles WHERE id = ?', [gone.id]);
    // Each its own: an estimate a little off its price, one without any, and odd fractions of a dollar.
    const estimates = rows.map((row, k) => ({
      id: row.id,
      // In cents, as the column holds them.
      expectedPrice: k % 9 === 4 ? null : Math.round(Number(row.price) * (0.8 + k / 320) * 100 + 17) / 100,
      comparables: k % 9 === 4 ? null : 5 + k,
      basis: k % 9 === 4 ? null : k % 2 === 0 ? 'model' : 'class',
    }));
    await t.app.get(ListingWriter).writeMarketEstimates(estimates);
    const stored = (await t.app.get(DataSource).query(
      `SELECT id, price, expectedPrice, dealComparables, dealBasis, dealScore, dealRank, dealRating FROM vehicles WHERE id IN (${rows.map(() => '?').join(', ')}) ORDER BY id`,
      rows.map((row) => row.id),
    )) as Record<string, unknown>[];
    expect(stored.map((row) => Number(row.id))).toEqual(rows.filter((row) => row.id !== gone.id).map((row) => row.id));
    const orNull = (value: unknown) => (value === null ? null : Number(value));
    for (const row of stored) {
      const e = estimates.find((x) => x.id === Number(row.id))!;
      const deal = dealColumns(Number(row.price), e.expectedPrice);
      expect({ id: e.id, expectedPrice: orNull(row.expectedPrice), comparables: orNull(row.dealComparables), basis: row.dealBasis, rating: row.dealRating }).toEqual({
        id: e.id,
        expectedPrice: e.expectedPrice,
        comparables: e.comparables,
        basis: e.basis,
        rating: deal.dealRating,
      });
      if (deal.dealScore === null) expect(row.dealScore).toBeNull();
      else expect(Number(row.dealScore)).toBeCloseTo(deal.dealScore, 12);
      expect(Number(row.dealRank)).toBeCloseTo(deal.dealRank, 12);
    }
  });
});
