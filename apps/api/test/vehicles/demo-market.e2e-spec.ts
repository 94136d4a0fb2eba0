import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LISTING_BUNDLE_FILE, LISTING_BUNDLE_FORMAT, priceAnalysisText, type ListingBundle, type PublicVehicle } from '@app/shared';
import { buildDemoListings, demoBundleListing } from '../../../../tools/demo/src/demo-listings';
import { buildMarketHistory } from '../../../../tools/demo/src/demo-market';
import { DEMO_ACCOUNTS } from '../../../../tools/demo/src/demo-people';
import { ListingImportService } from '../../src/modules/listing-import/listing-import.service';
import { DealRatingsService } from '../../src/modules/vehicles/pricing/deal-ratings.service';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The demo's market, from the demo generator itself (its listings and its market history, without the
 * photos), imported through the bundle import as a new site would: at least 90 % of its public cars rated.
 */
describe('deal ratings on the demo market', () => {
  let t: TestApp;
  let dir: string;
  let publicCars: PublicVehicle[];

  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'cm-demo-market-'));
    const now = new Date();
    const seller = DEMO_ACCOUNTS.seller;
    const listings = buildDemoListings(now, 1).map((l) => ({ ...demoBundleListing(l, seller, '(555) 010-0100'), photos: [] }));
    const sales = buildMarketHistory(now);
    writeFileSync(join(dir, 'market-sales.ndjson'), sales.map((s) => JSON.stringify(s)).join('\n') + '\n');
    const bundle: ListingBundle = { format: LISTING_BUNDLE_FORMAT, generator: 'test', generatedAt: now.toISOString(), accounts: [seller], listings, inquiries: [], marketSalesFile: 'market-sales.ndjson' };
    writeFileSync(join(dir, LISTING_BUNDLE_FILE), JSON.stringify(bundle));
    const importer = t.app.get(ListingImportService);
    const { summary } = await importer.importListings(dir, await importer.readBundle(dir), 'demo');
    expect(summary.marketSales).toBe(sales.length);
    publicCars = (await t.client().get('/api/vehicles/search?limit=100')).body.vehicles;
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('rates at least 90 % of the demo cars for sale, each saying what it rests on', () => {
    const forSale = publicCars.filter((v) => v.status === 'approved');
    expect(forSale.length).toBeGreaterThan(40);
    const rated = forSale.filter((v) => v.priceAnalysis.rating !== null);
    expect(rated.length / forSale.length).toBeGreaterThanOrEqual(0.9);
    for (const v of rated) {
      expect(v.priceAnalysis.basis).not.toBeNull();
      expect(v.priceAnalysis.comparables).toBeGreaterThan(0);
      expect(priceAnalysisText(v.priceAnalysis)).toMatch(/^(At market price|\$[\d,]+ (below|above) market), (based on [\d,]+ similar listings?|estimated from [\d,]+ cars (of this class|on our market))$/);
    }
  });

  it('finds the demo bargains and the overpriced cars (the ratings spread both ways)', () => {
    const ratings = new Set(publicCars.map((v) => v.priceAnalysis.rating));
    expect(ratings).toContain('great');
    expect(ratings.has('high') || ratings.has('overpriced')).toBe(true);
    const great = publicCars.filter((v) => v.priceAnalysis.rating === 'great');
    for (const v of great) expect(v.priceAnalysis.difference!).toBeLessThan(0);
  });

  it('writes nothing on a second refit in a row', async () => {
    expect((await t.app.get(DealRatingsService).refit()).changed).toBe(0);
  });

  it('shows a 911 similar cars of its class first (coupes, not an SUV), never itself, with listed date and VIN check', async () => {
    const carrera = publicCars.find((v) => v.model === '911' && v.status === 'approved')!;
    expect(carrera).toBeDefined();
    const res = await t.client().get(`/api/vehicles/${carrera.id}/similar`);
    expect(res.status).toBe(200);
    const similar = res.body as PublicVehicle[];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(6);
    expect(similar[0]!.bodyType).toBe('coupe');
    expect(similar.map((v) => v.id)).not.toContain(carrera.id);
    expect(similar.every((v) => v.status === 'approved')).toBe(true);
    expect(carrera.vinChecked).toBe(true);
    expect(Date.parse(carrera.listedAt)).toBeLessThanOrEqual(Date.now());
    expect((await t.client().get('/api/vehicles/999999/similar')).status).toBe(404);
  });

  it('says which sorts and filters the market data can serve: rated cars, no price drops yet', async () => {
    const res = await t.client().get('/api/vehicles/search?limit=1');
    expect(res.body.available).toEqual({ rated: expect.any(Number), reduced: 0 });
    expect(res.body.available.rated).toBeGreaterThan(40);
  });

  describe('GET /api/vehicles/market-value', () => {
    it('answers the market value of a car the seller describes, with what it rests on', async () => {
      const seller = t.client();
      await registerUser(seller);
      const res = await seller.get('/api/vehicles/market-value?make=porsche&model=911&year=2020&mileage=20000&condition=Excellent&bodyType=coupe');
      expect(res.status).toBe(200);
      expect(res.body.basis).toBe('model');
      expect(res.body.comparables).toBeGreaterThan(40);
      expect(res.body.expectedPrice).toBeGreaterThan(60_000);
      expect(res.body.expectedPrice).toBeLessThan(160_000);
      expect(res.body.low).toBeLessThan(res.body.expectedPrice);
      expect(res.body.high).toBeGreaterThan(res.body.expectedPrice);
      // More miles, less money.
      const worn = await seller.get('/api/vehicles/market-value?make=porsche&model=911&year=2020&mileage=90000&condition=fair&bodyType=coupe');
      expect(worn.body.expectedPrice).toBeLessThan(res.body.expectedPrice);
    });

    it('answers null fields where the market is unknown (a model nobody sold)', async () => {
      const seller = t.client();
      await registerUser(seller);
      const res = await seller.get('/api/vehicles/market-value?make=Bugatti&model=Chiron&year=2021&mileage=3000&condition=excellent&bodyType=coupe');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ expectedPrice: null, low: null, high: null, basis: null, comparables: null });
    });

    it('refuses bad input with a 400 naming the field, and visitors with a 401', async () => {
      const seller = t.client();
      await registerUser(seller);
      const noMiles = await seller.get('/api/vehicles/market-value?make=Porsche&model=911&year=2020&condition=excellent');
      expect(noMiles.status).toBe(400);
      expect(noMiles.body.errors.map((e: { field: string }) => e.field)).toEqual(['mileage']);
      const badYear = await seller.get('/api/vehicles/market-value?make=Porsche&model=911&year=old&mileage=100&condition=excellent');
      expect(badYear.status).toBe(400);
      expect(badYear.body.errors[0].field).toBe('year');
      const badCondition = await seller.get('/api/vehicles/market-value?make=Porsche&model=911&year=2020&mileage=100&condition=mint');
      expect(badCondition.status).toBe(400);
      expect(badCondition.body.errors[0]).toEqual({ field: 'condition', message: expect.stringContaining('Condition must be one of') });
      expect((await t.client().get('/api/vehicles/market-value?make=Porsche&model=911&year=2020&mileage=100&condition=excellent')).status).toBe(401);
    });
  });
});
