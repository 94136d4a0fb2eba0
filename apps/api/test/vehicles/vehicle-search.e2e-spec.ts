import { DataSource } from 'typeorm';
import { SORT_NEEDS, SORT_OPTIONS, type SortOption } from '@app/shared';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';
import { ANSWER_TTL_MS, VERSION_TTL_MS, VersionedCacheService } from '../../src/infra/cache/versioned-cache.service';
import { DERIVATION_VERSION, deriveListingColumns } from '../../src/modules/vehicles/vehicle-derived';
import { DerivedColumnsJob } from '../../src/modules/vehicles/jobs/derived-columns.job';
import { ListingWriter } from '../../src/modules/vehicles/listing-writer.service';
import { writeKeywordIndex } from '../../src/modules/vehicles/search/keyword-match';
import { LISTINGS_DATA_SET } from '../../src/modules/vehicles/search/search-counts.service';
import { toPublicVehicle } from '../../src/modules/vehicles/vehicle.mapper';
import { lookupZip } from '../../src/infra/geo/zip';
import { radiusSql } from '../../src/infra/geo/radius';
import { createVehicles, listingInput, setCreatedAt, updateVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Row = Partial<VehicleEntity> & { key: string };

/** The listings every search test reads (keys name them in expectations). Created oldest first. */
const ROWS: Row[] = [
  { key: 'x5', make: 'BMW', model: 'X5', trim: 'xDrive40i', year: 2021, price: 45000, mileage: 24000, condition: 'excellent', bodyType: 'suv', fuelType: 'gasoline', transmission: '8-speed-automatic', drivetrain: 'awd', exteriorColor: 'black', interiorColor: 'beige', features: ['Heated Seats', 'Sunroof/Moonroof'], description: 'Panoramic roof, one owner', zipCode: '78701', location: 'Austin, TX', views: 40 },
  { key: 'm3', make: 'BMW', model: 'M3', trim: 'Competition', year: 2019, price: 52000, mileage: 30000, condition: 'very-good', bodyType: '4-door-sedan', fuelType: 'premium-gasoline', transmission: 'manual', drivetrain: 'rear-wheel-drive', exteriorColor: 'blue', interiorColor: 'black', features: ['Leather Interior', 'Bluetooth Connectivity'], description: 'Track ready', zipCode: '78704', location: 'Austin, TX', views: 90 },
  { key: 'camry', make: 'Toyota', model: 'Camry', trim: 'LE', year: 2018, price: 18000, mileage: 60000, condition: 'good', bodyType: 'sedan', fuelType: 'hybrid', transmission: 'cvt', drivetrain: 'fwd', exteriorColor: 'white', interiorColor: 'gray', features: ['Backup Camera', 'Bluetooth Connectivity'], description: 'Great commuter', zipCode: '10001', location: 'New York, NY', views: 10 },
  { key: 'rav4', make: 'Toyota', model: 'RAV4', trim: 'Prime XSE', year: 2022, price: 31000, mileage: 12000, condition: 'excellent', bodyType: 'suv', fuelType: 'plug-in-hybrid', transmission: 'automatic', drivetrain: 'all-wheel-drive', exteriorColor: 'silver', interiorColor: 'black', features: ['Heated Seats', 'Apple CarPlay'], description: 'Plug-in, 42 miles electric', zipCode: '90210', location: 'Beverly Hills, CA', views: 25 },
  { key: 'f150', make: 'Ford', model: 'F-150', trim: null, year: 2015, price: 22000, mileage: 110000, condition: 'fair', bodyType: 'truck', fuelType: 'diesel', transmission: 'automatic', drivetrain: '4wd', exteriorColor: 'red', interiorColor: 'gray', features: ['Trailer Hitch'], description: 'Work truck', zipCode: '60601', location: 'Chicago, IL', views: 5 },
  { key: 'model3', make: 'Tesla', model: 'Model 3', trim: 'Long Range', year: 2023, price: 38000, mileage: 8000, condition: 'excellent', bodyType: 'sedan', fuelType: 'electric', transmission: 'automatic', drivetrain: 'rwd', exteriorColor: 'white', interiorColor: 'white', features: ['Navigation System', 'Heated Seats'], description: 'Autopilot', zipCode: '78701', location: 'Austin, TX', views: 60 },
  { key: 'odyssey', make: 'Honda', model: 'Odyssey', trim: 'EX-L', year: 2017, price: 15000, mileage: 90000, condition: 'good', bodyType: 'minivan', fuelType: 'gasoline', transmission: 'automatic', drivetrain: 'fwd', exteriorColor: 'gray', interiorColor: 'beige', features: ['Third Row Seating'], description: 'Family hauler', zipCode: '33101', location: 'Miami, FL', views: 15 },
  { key: 'cla', make: 'Mercedes-Benz', model: 'CLA 250', trim: null, year: 2016, price: 9500, mileage: 95000, condition: 'poor', bodyType: '5-door-hatchback', fuelType: 'diesel', transmission: '7-speed-dual-clutch', drivetrain: 'fwd', exteriorColor: 'green', interiorColor: 'black', features: [], description: 'Needs love; Café racer vibes', zipCode: '00000', location: 'Nowhere, ZZ', views: 1 },
  { key: '911', make: 'Porsche', model: '911', trim: 'Carrera S', year: 2020, price: 120000, mileage: 15000, condition: 'excellent', bodyType: 'coupe', fuelType: 'premium-gasoline', transmission: '7-speed-dual-clutch', drivetrain: 'rwd', exteriorColor: 'silver', interiorColor: 'black', features: ['Leather Interior'], description: 'Garage kept, from a collector', zipCode: '78701', location: 'Austin, TX', views: 300 },
  { key: 'x3-pending', make: 'BMW', model: 'X3', year: 2020, price: 30000, mileage: 20000, bodyType: 'suv', zipCode: '78701', status: 'pending' },
  { key: 'boxster-sold', make: 'Porsche', model: 'Boxster', trim: 'S', year: 2014, price: 30000, mileage: 60000, condition: 'good', bodyType: 'convertible', exteriorColor: 'red', zipCode: '78701', location: 'Austin, TX', status: 'sold', soldAt: new Date() },
  { key: 'x1-rejected', make: 'BMW', model: 'X1', year: 2020, price: 25000, mileage: 20000, bodyType: 'suv', zipCode: '78701', status: 'rejected' },
];
/** For sale: approved. Sold listings keep their page but leave the results ("Recently sold" lists them). */
const PUBLIC_KEYS = ROWS.filter((r) => r.status === undefined).map((r) => r.key);

describe('GET /api/vehicles/search', () => {
  let t: TestApp;
  let seller: HttpClient;
  let sellerId: number;
  const id = new Map<string, number>();
  const keyOf = new Map<number, string>();
  const row = (key: string) => ROWS.find((r) => r.key === key)!;

  beforeAll(async () => {
    t = await startTestApp();
    seller = t.client();
    sellerId = (await registerUser(seller)).user.id;
    const created = await createVehicles(t, sellerId, ROWS.map(({ key: _key, ...fields }) => fields));
    for (const [i, vehicle] of created.entries()) {
      await setCreatedAt(t, vehicle.id, new Date(Date.UTC(2026, 0, 1, i)));
      id.set(ROWS[i].key, vehicle.id);
      keyOf.set(vehicle.id, ROWS[i].key);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  async function search(query: string) {
    const res = await t.client().get(`/api/vehicles/search${query ? `?${query}` : ''}`);
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${res.text}`);
    return res.body;
  }
  /** Keys of the answered listings, in answer order. */
  async function keys(query: string): Promise<string[]> {
    return (await search(query)).vehicles.map((v: { id: number }) => keyOf.get(v.id));
  }
  const newestFirst = (list: string[]) => [...list].sort((a, b) => id.get(b)! - id.get(a)!);

  it('answers every listing for sale (not sold, pending or rejected), newest first, with the total', async () => {
    const body = await search('');
    expect(body.total).toBe(PUBLIC_KEYS.length);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(24);
    expect(body.vehicles.map((v: { id: number }) => keyOf.get(v.id))).toEqual(newestFirst(PUBLIC_KEYS));
    expect(body.understood).toBeUndefined();
  });

  it('lists sold listings under GET /api/vehicles/recently-sold, not in the results; their page stays public', async () => {
    expect(await keys('query=boxster')).toEqual([]);
    expect((await search('make=Porsche')).facets.model.map((m: { label: string }) => m.label)).toEqual(['911']);
    const sold = await t.client().get('/api/vehicles/recently-sold');
    expect(sold.status).toBe(200);
    expect(sold.body.map((v: { id: number }) => keyOf.get(v.id))).toEqual(['boxster-sold']);
    expect(sold.body[0]).toMatchObject({ status: 'sold', make: 'Porsche', model: 'Boxster' });
    expect((await t.client().get(`/api/vehicles/${id.get('boxster-sold')}`)).status).toBe(200);
  });

  it.each<[string, string[], { typed: string; read: string; kind: string }[]]>([
    ['query=mercedesbenz', ['cla'], [{ typed: 'mercedesbenz', read: 'Mercedes-Benz', kind: 'make' }]],
    ['query=porshe', ['911'], [{ typed: 'porshe', read: 'Porsche', kind: 'spelling' }]],
    // a colour word is the colour family ("red" is the F-150's Red), unless the search filters by colour already
    ['query=red', ['f150'], [{ typed: 'red', read: 'Red', kind: 'color' }]],
    ['query=grey%20honda', ['odyssey'], [{ typed: 'grey', read: 'Gray', kind: 'color' }]],
    ['query=red&exteriorColor=blue', [], []],
  ])('reads %s as buyers mean it and says so', async (query, expected, understood) => {
    const body = await search(query);
    expect(body.vehicles.map((v: { id: number }) => keyOf.get(v.id))).toEqual(newestFirst(expected));
    expect(body.understood ?? []).toEqual(understood);
  });

  it('answers each listing exactly as its public detail page does', async () => {
    const body = await search('limit=100');
    for (const vehicle of body.vehicles) {
      const detail = await t.app.get(DataSource).getRepository(VehicleEntity).findOneByOrFail({ id: vehicle.id });
      expect(vehicle).toEqual(toPublicVehicle(detail));
    }
    expect(body.vehicles.find((v: { id: number }) => v.id === id.get('f150'))).toMatchObject({ trim: null, features: ['Trailer Hitch'], isFeatured: false, price: 22000, createdAt: '2026-01-01T04:00:00.000Z' });
  });

  it('never answers internal fields', async () => {
    const body = await search('limit=100');
    for (const v of body.vehicles) {
      for (const field of ['vin', 'carfaxReportUrl', 'recentServices', 'contactEmail', 'contactPhone', 'userId', 'searchText', 'makeKey', 'isPublic', 'latitude', 'latBand']) {
        expect(v).not.toHaveProperty(field);
      }
    }
  });

  it.each<[string, string[]]>([
    // keyword over make, model, trim, description and features; every word must match; any case, accents folded
    ['query=camry', ['camry']],
    ['query=CAMRY', ['camry']],
    ['query=competition', ['m3']],
    ['query=panoramic', ['x5']],
    ['query=third%20row', ['odyssey']],
    ['query=roof', ['x5']],
    ['query=bmw%20track', ['m3']],
    ['query=cafe', ['cla']],
    ['query=50%25', []],
    // words as they are typed: the start of a word, nicknames and misspellings of makes and models
    ['query=porsch', ['911']],
    ['query=compet', ['m3']],
    ['query=porshe', ['911']],
    ['query=toyta', ['camry', 'rav4']],
    ['query=camri', ['camry']],
    ['query=mercedez', ['cla']],
    ['query=mercedes%20benz', ['cla']],
    ['query=benz', ['cla']],
    ['query=bimmer', ['x5', 'm3']],
    ['query=f-150', ['f150']],
    ['query=x5', ['x5']],
    ['query=ex-l', ['odyssey']],
    // make and model, case-insensitive
    ['make=bmw', ['x5', 'm3']],
    ['make=BMW&model=x5', ['x5']],
    ['make=mercedes-benz', ['cla']],
    ['model=MODEL%203', ['model3']],
    // ranges, bounds included
    ['minYear=2021', ['x5', 'rav4', 'model3']],
    ['maxYear=2016', ['f150', 'cla']],
    ['minYear=2019&maxYear=2020', ['m3', '911']],
    ['minPrice=31000&maxPrice=45000', ['x5', 'rav4', 'model3']],
    ['maxPrice=10000', ['cla']],
    ['minMileage=90000', ['f150', 'odyssey', 'cla']],
    ['maxMileage=12000', ['rav4', 'model3']],
    // categorical filters: a search value matches every stored slug it stands for
    ['condition=excellent', ['x5', 'rav4', 'model3', '911']],
    ['condition=very-good', ['m3']],
    ['bodyType=sedan', ['m3', 'camry', 'model3']],
    ['bodyType=hatchback', ['cla']],
    ['bodyType=van', ['odyssey']],
    ['bodyType=wagon', []],
    ['fuelType=gasoline', ['x5', 'm3', 'odyssey', '911']],
    ['fuelType=hybrid', ['camry', 'rav4']],
    ['fuelType=diesel', ['f150', 'cla']],
    ['transmission=automatic', ['x5', 'rav4', 'f150', 'model3', 'odyssey', 'cla', '911']],
    ['transmission=manual', ['m3']],
    ['drivetrain=rwd', ['m3', 'model3', '911']],
    ['drivetrain=awd', ['x5', 'rav4']],
    ['exteriorColor=white', ['camry', 'model3']],
    ['interiorColor=beige', ['x5', 'odyssey']],
    // features: a listing must have all; search-page choices match the form's names
    ['features=Heated%20Seats', ['x5', 'rav4', 'model3']],
    ['features=heated%20seats&features=Apple%20CarPlay', ['rav4']],
    ['features=Bluetooth', ['m3', 'camry']],
    ['features=Leather%20Seats&features=Bluetooth', ['m3']],
    ['features=Sunroof', ['x5']],
    ['features=Trailer%20Hitch', ['f150']],
    // location text
    ['location=austin', ['x5', 'm3', 'model3', '911']],
    ['location=NY', ['camry']],
    // similar vehicles: price window without the vehicle itself
    ['minPrice=13000&maxPrice=23000', ['camry', 'f150', 'odyssey']],
    // combined filters
    ['make=bmw&maxPrice=50000', ['x5']],
    ['bodyType=suv&minYear=2022', ['rav4']],
    ['fuelType=gasoline&location=austin&maxMileage=25000', ['x5', '911']],
    ['query=heated&bodyType=sedan&drivetrain=rwd', ['model3']],
    ['make=toyota&features=Heated%20Seats&minPrice=20000', ['rav4']],
  ])('filters %s', async (query, expected) => {
    const body = await search(query);
    expect(body.vehicles.map((v: { id: number }) => keyOf.get(v.id))).toEqual(newestFirst(expected));
    expect(body.total).toBe(expected.length);
  });

  it('leaves out the vehicle given as excludeId (similar vehicles)', async () => {
    expect(await keys(`minPrice=13000&maxPrice=23000&excludeId=${id.get('camry')}`)).toEqual(newestFirst(['f150', 'odyssey']));
  });

  describe('radius search', () => {
    it('finds listings within the radius of a ZIP code (default 25 miles), nearest distance given', async () => {
      const body = await search('zipCode=78701');
      expect(body.vehicles.map((v: { id: number }) => keyOf.get(v.id))).toEqual(newestFirst(['x5', 'm3', 'model3', '911']));
      const m3 = body.vehicles.find((v: { id: number }) => v.id === id.get('m3'));
      expect(m3.distanceMiles).toBeGreaterThan(0);
      expect(m3.distanceMiles).toBeLessThan(5);
      expect(body.vehicles.find((v: { id: number }) => v.id === id.get('x5')).distanceMiles).toBe(0);
    });

    it("measures each search's own distance to a listing it has shown before, as the SQL measures it", async () => {
      // The second search finds the M3's row kept from the first: its distance is still from its own centre.
      for (const zip of ['78701', '78704', '76701']) {
        const body = await search(`zipCode=${zip}&radius=200`);
        const m3 = body.vehicles.find((v: { id: number }) => v.id === id.get('m3'));
        const centre = lookupZip(zip)!;
        const distance = radiusSql({ lat: centre.lat, lng: centre.lng }, 200).distance;
        const [row] = (await t.app.get(DataSource).query(`SELECT ${distance.sql} AS miles FROM vehicles WHERE id = ?`, [...distance.params, id.get('m3')])) as { miles: number }[];
        expect({ zip, miles: m3.distanceMiles }).toEqual({ zip, miles: Math.round(Number(row.miles) * 10) / 10 });
      }
    });

    it('widens with the radius', async () => {
      // 78704 (south Austin) lies between 1 and 5 miles from 78701; New York is 711 miles from Chicago.
      expect(await keys('zipCode=78701-0001&radius=1')).toEqual(newestFirst(['x5', 'model3', '911']));
      expect(await keys('zipCode=78701&radius=5')).toEqual(newestFirst(['x5', 'm3', 'model3', '911']));
      expect(await keys('zipCode=10001&radius=500')).toEqual(['camry']);
    });

    it('combines with other filters', async () => {
      expect(await keys('zipCode=78701&radius=50&bodyType=sedan')).toEqual(newestFirst(['m3', 'model3']));
    });

    it('never matches a listing whose ZIP code is unknown (saved without coordinates)', async () => {
      const keysAll = await keys('zipCode=78701&radius=500&limit=100');
      expect(keysAll).not.toContain('cla');
      expect(await keys('make=mercedes-benz')).toEqual(['cla']);
    });

    it('sorts nearest first from the ZIP code, ties newest first by id, and refuses that sort without a ZIP code', async () => {
      const body = await search('zipCode=78704&radius=50&sortBy=distance_asc');
      const distances = body.vehicles.map((v: { distanceMiles: number }) => v.distanceMiles);
      expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
      expect(body.vehicles.map((v: { id: number }) => keyOf.get(v.id))).toEqual(['m3', ...['x5', 'model3', '911'].sort((a, b) => id.get(a)! - id.get(b)!)]);
      const res = await t.client().get('/api/vehicles/search?sortBy=distance_asc');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'sortBy', message: 'sortBy distance_asc needs a zipCode to measure the distance from' }]);
    });

    it('finds a nearest-first page ring by ring as the whole radius sorted would: near the listings, and 100 miles away', async () => {
      // Waco is about 100 miles from Austin: its nearest listings are outside the first rings.
      for (const zip of ['78701', '76701']) {
        const all = await keys(`zipCode=${zip}&radius=500&sortBy=distance_asc&limit=100`);
        expect(all.length).toBeGreaterThanOrEqual(4);
        for (const [page, limit] of [[1, 2], [2, 2], [2, 3], [1, 5]]) {
          expect(await keys(`zipCode=${zip}&radius=500&sortBy=distance_asc&limit=${limit}&page=${page}`)).toEqual(all.slice((page - 1) * limit, page * limit));
        }
      }
    });

    it('answers 400 for an unknown ZIP code', async () => {
      const res = await t.client().get('/api/vehicles/search?zipCode=99999');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'Validation failed', errors: [{ field: 'zipCode', message: 'Unknown ZIP code' }] });
    });
  });

  describe('words of what the form files', () => {
    it('finds a listing by its body type, fuel, transmission and drivetrain, and an older listing once derived again at start', async () => {
      const [evora] = await createVehicles(t, sellerId, [
        { make: 'Lotus', model: 'Evora', bodyType: 'coupe', fuelType: 'hybrid', transmission: 'manual', drivetrain: 'all-wheel-drive', description: 'Quiet and quick.', features: [] },
      ]);
      const found = async (words: string) => ((await search(`make=lotus&query=${encodeURIComponent(words)}`)).vehicles as { id: number }[]).map((v) => v.id);
      try {
        for (const words of ['hybrid', 'coupe', 'manual', 'awd', 'all-wheel drive']) expect({ words, ids: await found(words) }).toEqual({ words, ids: [evora.id] });

        // As a listing written before the fuel and drivetrain were searchable: the old words, derivation 1.
        const dataSource = t.app.get(DataSource);
        await dataSource.transaction(async (manager) => {
          await manager.update(VehicleEntity, { id: evora.id }, { searchText: 'lotus | evora | | quiet and quick.', derivedVersion: 1 });
          await writeKeywordIndex(manager, evora.id, 'lotus | evora | | quiet and quick.');
        });
        // Stamped with its log row, as every listing write is (the search counts read the listings stamped since).
        const cache = t.app.get(VersionedCacheService);
        const logId = await cache.bump(dataSource.manager, LISTINGS_DATA_SET);
        await dataSource.manager.update(VehicleEntity, { id: evora.id }, { changedInVersion: logId });
        cache.invalidate(LISTINGS_DATA_SET);
        expect(await found('hybrid')).toEqual([]);

        await expect(t.app.get(DerivedColumnsJob).run()).resolves.toBe('ran');
        expect(await found('hybrid')).toEqual([evora.id]);
        expect(await found('awd')).toEqual([evora.id]);
        expect(await dataSource.getRepository(VehicleEntity).findOneByOrFail({ id: evora.id })).toMatchObject({ derivedVersion: DERIVATION_VERSION });
        // Nothing left to derive: a second run writes nothing.
        await expect(t.app.get(ListingWriter).refreshDerivedColumns()).resolves.toBe(0);
      } finally {
        expect((await seller.delete(`/api/vehicles/${evora.id}`)).status).toBe(204);
      }
    });
  });

  describe('best match', () => {
    it('ranks the listings that say the words more often first, follows every write, and needs keywords', async () => {
      const [often, once] = await createVehicles(t, sellerId, [
        { make: 'Lotus', model: 'Elise', description: 'Quokka red. Quokka wheels, quokka seats.' },
        { make: 'Lotus', model: 'Exige', description: 'A quokka stripe on a long list of other words about the car, its service and its owners' },
      ]);
      try {
        const ranked = await search('query=quokka&sortBy=relevance_desc');
        expect(ranked.vehicles.map((v: { id: number }) => v.id)).toEqual([often.id, once.id]);
        expect(ranked.total).toBe(2);
        // Its page is read beside the counts: a later page, and one past the end, as for every sort.
        expect((await search('query=quokka&sortBy=relevance_desc&limit=1&page=2')).vehicles.map((v: { id: number }) => v.id)).toEqual([once.id]);
        expect(await search('query=quokka&sortBy=relevance_desc&limit=1&page=3')).toMatchObject({ vehicles: [], total: 2 });
        // The index follows the listing writer: an edited description is found by its new words only.
        await updateVehicle(t, often.id, { description: 'Wombat blue' });
        expect((await search('query=quokka')).vehicles.map((v: { id: number }) => v.id)).toEqual([once.id]);
        expect((await search('query=wombat')).vehicles.map((v: { id: number }) => v.id)).toEqual([often.id]);
      } finally {
        for (const v of [often, once]) expect((await seller.delete(`/api/vehicles/${v.id}`)).status).toBe(204);
      }
      expect((await search('query=wombat')).total).toBe(0);

      const res = await t.client().get('/api/vehicles/search?sortBy=relevance_desc');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'sortBy', message: 'sortBy relevance_desc needs a query to rank the matches by' }]);
    });
  });

  describe('sorting', () => {
    const column: Record<string, keyof VehicleEntity> = { price: 'price', year: 'year', mileage: 'mileage', views: 'views' };
    it.each(SORT_OPTIONS.filter((s) => SORT_NEEDS[s] === undefined).map((s) => [s]))('sorts by %s', async (sortBy: SortOption) => {
      const [name, direction] = sortBy.split('_') as [string, 'asc' | 'desc'];
      const value = (key: string) => (name === 'created' ? id.get(key)! : Number(row(key)[column[name]]));
      // Ties (none in this data set) fall back to id in the same direction.
      const expected = [...PUBLIC_KEYS].sort((a, b) => (direction === 'asc' ? 1 : -1) * (value(a) - value(b) || id.get(a)! - id.get(b)!));
      expect(await keys(`sortBy=${sortBy}`)).toEqual(expected);
    });

    it('answers 400 for another sort', async () => {
      const res = await t.client().get('/api/vehicles/search?sortBy=distance');
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('sortBy');
    });
  });

  describe('pagination', () => {
    it('pages through every result with a constant total', async () => {
      const all = newestFirst(PUBLIC_KEYS);
      const pages: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const body = await search(`limit=3&page=${page}`);
        expect(body.total).toBe(all.length);
        expect(body.page).toBe(page);
        expect(body.limit).toBe(3);
        pages.push(...body.vehicles.map((v: { id: number }) => keyOf.get(v.id)));
      }
      expect(pages).toEqual(all);
      const beyond = await search('limit=3&page=10');
      expect(beyond).toMatchObject({ vehicles: [], total: all.length });
    });

    it.each([
      ['limit=101', 'limit', 'limit must be at most 100'],
      ['page=0', 'page', 'page must be at least 1'],
      ['bodyType=spaceship', 'bodyType', 'bodyType must be one of: sedan, suv, hatchback, coupe, convertible, truck, van, wagon'],
      ['minPrice=abc', 'minPrice', 'minPrice must be a number'],
      ['colour=red', 'colour', 'colour is not an accepted field'],
    ])('answers 400 for %s', async (query, field, message) => {
      const res = await t.client().get(`/api/vehicles/search?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
    });
  });

  describe('facets', () => {
    it('count every public listing per make, body type, fuel type and price band', async () => {
      const { facets } = await search('');
      expect(facets.make).toEqual([
        { value: 'bmw', label: 'BMW', count: 2 },
        { value: 'toyota', label: 'Toyota', count: 2 },
        { value: 'ford', label: 'Ford', count: 1 },
        { value: 'honda', label: 'Honda', count: 1 },
        { value: 'mercedes-benz', label: 'Mercedes-Benz', count: 1 },
        { value: 'porsche', label: 'Porsche', count: 1 },
        { value: 'tesla', label: 'Tesla', count: 1 },
      ]);
      expect(Object.fromEntries(facets.bodyType.map((f: { value: string; count: number }) => [f.value, f.count]))).toEqual({
        sedan: 3, suv: 2, hatchback: 1, coupe: 1, convertible: 0, truck: 1, van: 1, wagon: 0,
      });
      expect(Object.fromEntries(facets.fuelType.map((f: { value: string; count: number }) => [f.value, f.count]))).toEqual({
        gasoline: 4, hybrid: 2, electric: 1, diesel: 2,
      });
      expect(facets.price.map((b: { min: number; max: number | null; count: number }) => [b.min, b.max, b.count])).toEqual([
        [0, 10000, 1], [10000, 20000, 2], [20000, 30000, 1], [30000, 50000, 3], [50000, 100000, 1], [100000, null, 1],
      ]);
    });

    it('count each facet with the other filters but not its own', async () => {
      const { facets, total } = await search('make=bmw&minPrice=40000');
      expect(total).toBe(2);
      // make: every make above $40,000, whichever make is chosen
      expect(facets.make.map((f: { value: string; count: number }) => [f.value, f.count])).toEqual([['bmw', 2], ['porsche', 1]]);
      // body type: BMWs above $40,000
      expect(facets.bodyType.find((f: { value: string }) => f.value === 'sedan').count).toBe(1);
      expect(facets.bodyType.find((f: { value: string }) => f.value === 'suv').count).toBe(1);
      // price: every BMW, whatever its price
      expect(facets.price.map((b: { count: number }) => b.count)).toEqual([0, 0, 0, 1, 1, 0]);
      // model: the public BMWs above $40,000 (not the pending X3 nor the rejected X1), A to Z
      expect(facets.model).toEqual([
        { value: 'm3', label: 'M3', count: 1 },
        { value: 'x5', label: 'X5', count: 1 },
      ]);
    });

    it('count models only once a make is chosen, with every other filter, whichever model is chosen', async () => {
      expect((await search('')).facets.model).toEqual([]);
      const { facets, total } = await search('make=BMW&model=X5&bodyType=suv');
      expect(total).toBe(1);
      expect(facets.model).toEqual([{ value: 'x5', label: 'X5', count: 1 }]);
      expect((await search('make=BMW&model=X5')).facets.model.map((f: { value: string }) => f.value)).toEqual(['m3', 'x5']);
    });
  });

  describe('freshness of cached totals and facets', () => {
    it('reflects a listing write of this instance at once', async () => {
      const before = await search('make=lotus');
      expect(before.total).toBe(0);
      const created = await seller.post('/api/vehicles', listingInput({ make: 'Lotus', model: 'Emira' }));
      expect((await search('make=lotus')).total).toBe(0); // pending: not public
      await updateVehicle(t, created.body.id, { status: 'approved' });
      const after = await search('make=lotus');
      expect(after.total).toBe(1);
      expect(after.facets.make.find((f: { value: string }) => f.value === 'lotus').count).toBe(1);
      expect((await seller.delete(`/api/vehicles/${created.body.id}`)).status).toBe(204);
      expect((await search('make=lotus')).total).toBe(0);
    });

    it('answers a repeated search from its kept answer until the listings version moves', async () => {
      const dataSource = t.app.get(DataSource);
      const cache = t.app.get(VersionedCacheService);
      const query = 'make=toyota&sortBy=price_desc';
      const first = await search(query);
      expect(first.vehicles.map((v: { id: number }) => keyOf.get(v.id))).toEqual(['rav4', 'camry']);
      // Changed without the listing writer (no new version), as a view count is: the kept answer stands.
      await dataSource.query('UPDATE vehicles SET views = views + 1000 WHERE id = ?', [id.get('rav4')]);
      expect(await search(query)).toEqual(first);
      // Any write of a listing moves the version: the next search reads the listings again.
      await cache.bump(dataSource.manager, LISTINGS_DATA_SET);
      cache.invalidate(LISTINGS_DATA_SET);
      expect((await search(query)).vehicles[0].views).toBe(first.vehicles[0].views + 1000);
      await dataSource.query('UPDATE vehicles SET views = views - 1000 WHERE id = ?', [id.get('rav4')]);
    });

    it('keeps an answer at most ANSWER_TTL_MS, so what no write versions (views, a price drop’s age) is that fresh', async () => {
      const dataSource = t.app.get(DataSource);
      const query = 'make=toyota&sortBy=price_asc';
      const first = await search(query);
      await dataSource.query('UPDATE vehicles SET views = views + 7 WHERE id = ?', [id.get('camry')]);
      expect(await search(query)).toEqual(first);
      const now = performance.now();
      const later = jest.spyOn(performance, 'now').mockImplementation(() => now + ANSWER_TTL_MS + 1000);
      try {
        // The cache rounds its clock to the millisecond: let that pass.
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect((await search(query)).vehicles[0].views).toBe(first.vehicles[0].views + 7);
      } finally {
        later.mockRestore();
        await dataSource.query('UPDATE vehicles SET views = views - 7 WHERE id = ?', [id.get('camry')]);
      }
    });

    it("reflects another instance's write within a second (shared change log)", async () => {
      expect((await search('make=saab')).total).toBe(0);
      // Another instance writes a listing and records it in the shared change log: this one does not know.
      const dataSource = t.app.get(DataSource);
      const repository = dataSource.getRepository(VehicleEntity);
      const row = { ...listingInput({ make: 'Saab', model: '900', images: [], coverPhotoIndex: 0 }), userId: sellerId, status: 'approved' as const };
      await repository.insert({ ...row, ...deriveListingColumns(row) } as Partial<VehicleEntity>);
      await dataSource.query(`INSERT INTO data_changes (dataSet, facts) VALUES ('listings', NULL)`);
      await new Promise((resolve) => setTimeout(resolve, VERSION_TTL_MS + 50));
      expect((await search('make=saab')).total).toBe(1);
    });
  });
});
