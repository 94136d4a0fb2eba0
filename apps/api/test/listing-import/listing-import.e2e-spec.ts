import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { appendFileSync, readFileSync } from 'node:fs';
import { BUNDLE_PHOTOS_DONE_FILE, LISTING_BUNDLE_FILE, LISTING_BUNDLE_FORMAT, type BundleListing, type BundlePhoto, type ListingBundle } from '@app/shared';
import { encodePhoto } from '@app/shared/server';
import { BundlePhotoFollower } from '../../src/modules/listing-import/bundle-photo-follower.service';
import { DemoSeedService } from '../../src/modules/listing-import/demo-seed.service';
import { ListingImportService } from '../../src/modules/listing-import/listing-import.service';
import { NO_PASSWORD } from '../../src/modules/users';
import { listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

const DAY = 24 * 3600_000;

/** A small bundle on disk: real photos in every size and format, two sellers' listings, an inquiry and a few visits. */
async function writeBundle(overrides: { listings?: (base: BundleListing[]) => BundleListing[]; generatedAt?: Date } = {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cm-bundle-'));
  mkdirSync(join(dir, 'photos'));
  const photo = async (name: string, colour: string): Promise<BundlePhoto> => {
    const { files, ...encoded } = await encodePhoto(sharp({ create: { width: 800, height: 533, channels: 3, background: colour } }), { speed: 'fast' });
    for (const file of files) writeFileSync(join(dir, `photos/${name}${file.suffix}`), file.data);
    return { file: `photos/${name}`, ...encoded };
  };
  const generatedAt = overrides.generatedAt ?? new Date();
  const { images: _images, coverPhotoIndex: _cover, ...input } = listingInput();
  const base: BundleListing[] = [
    { owner: 'seller', input: { ...input, make: 'Porsche', model: '911' }, status: 'approved', views: 40, isFeatured: true, createdAt: new Date(generatedAt.getTime() - DAY).toISOString(), photos: [await photo('a0', '#802020'), await photo('a1', '#202080')] },
    { owner: 'other', input: { ...input, make: 'Lexus', model: 'RX' }, status: 'pending', views: 0, isFeatured: false, createdAt: new Date(generatedAt.getTime() - 2 * DAY).toISOString(), photos: [await photo('b0', '#208020')] },
  ];
  const bundle: ListingBundle = {
    format: LISTING_BUNDLE_FORMAT,
    generator: 'test',
    generatedAt: generatedAt.toISOString(),
    accounts: [
      { key: 'admin', email: 'bundle-admin@example.com', password: 'bundle-admin-pass-2026', firstName: 'Bea', lastName: 'Admin', role: 'admin' },
      { key: 'seller', email: 'bundle-seller@example.com', password: 'bundle-seller-pass-2026', firstName: 'Sam', lastName: 'Seller', role: 'user' },
      { key: 'other', email: 'bundle-other@example.com', firstName: 'Ola', lastName: 'Other', role: 'user' },
    ],
    listings: (overrides.listings ?? ((l) => l))(base),
    inquiries: [
      { listing: 0, senderFirstName: 'Avery', senderLastName: 'Chen', senderEmail: 'avery@example.net', subject: 'Is it still available?', message: 'Is the 911 still available?', isFinancingInterest: false, isTradeInInterest: true, receivedAt: new Date(generatedAt.getTime() - DAY / 2).toISOString() },
    ],
    visitsFile: 'visits.ndjson',
  };
  const visits = [0, 1, 2].map((d) => ({ visitor: `v${d}`, page: d === 1 ? '/vehicles/{listing:0}' : '/', at: new Date(generatedAt.getTime() - (d + 1) * DAY).toISOString(), userAgent: 'Mozilla/5.0' }));
  writeFileSync(join(dir, 'visits.ndjson'), visits.map((v) => JSON.stringify(v)).join('\n'));
  writeFileSync(join(dir, LISTING_BUNDLE_FILE), JSON.stringify(bundle));
  return dir;
}

async function count(t: TestApp, table: string): Promise<number> {
  const [{ n }] = await t.app.get(DataSource).query(`SELECT COUNT(*) AS n FROM ${table}`);
  return Number(n);
}

describe('listing bundles', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  describe('the demo data at start (SEED_DEMO on, no listings yet)', () => {
    let t: TestApp;
    beforeAll(async () => {
      const dir = await writeBundle({ generatedAt: new Date(Date.now() - 10 * DAY) });
      dirs.push(dir);
      t = await startTestApp({ SEED_DEMO: 'true', DEMO_BUNDLE_DIR: dir, ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-pass-2026-x' });
      await t.app.get(DemoSeedService).done;
    });
    afterAll(() => t.close());

    it('imports listings with their photos through the upload rules, with ADMIN_EMAIL set', async () => {
      await expect(t.app.get(DemoSeedService).listings).resolves.toBe('seeded');
      const search = await t.client().get('/api/vehicles/recent');
      expect(search.body.map((v: { make: string }) => v.make)).toEqual(['Porsche']);
      const [porsche] = search.body as { images: string[]; isFeatured: boolean; views: number }[];
      expect(porsche!.images).toHaveLength(2);
      expect(porsche!.isFeatured).toBe(true);
      for (const url of porsche!.images) {
        const image = await t.client().get(url);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/webp');
      }
      expect(await count(t, 'uploads')).toBe(3);
    });

    it('adds no second admin with a published password when ADMIN_EMAIL made one', async () => {
      const login = await t.client().post('/api/login', { email: 'bundle-admin@example.com', password: 'bundle-admin-pass-2026' });
      expect(login.status).toBe(401);
      const seller = await t.client().post('/api/login', { email: 'bundle-seller@example.com', password: 'bundle-seller-pass-2026' });
      expect(seller.status).toBe(200);
      // An account the bundle gives no password has none (no hash of a random one: 175 ms of CPU each).
      const [other] = await t.app.get(DataSource).query('SELECT password FROM users WHERE email = ?', ['bundle-other@example.com']);
      expect(other.password).toBe(NO_PASSWORD);
    });

    it('moves the bundle times forward to now, and imports inquiries and rolled-up traffic', async () => {
      const [listing] = (await t.client().get('/api/vehicles/recent')).body as { createdAt: string }[];
      const age = Date.now() - Date.parse(listing!.createdAt);
      expect(age).toBeGreaterThan(DAY - 60_000);
      expect(age).toBeLessThan(DAY + 60_000);
      expect(await count(t, 'contact_messages')).toBe(1);
      expect(await count(t, 'page_visits')).toBe(3);
      expect(await count(t, 'analytics_daily')).toBeGreaterThanOrEqual(3);
    });

    it('never imports into a database that has listings', async () => {
      await expect(t.app.get(DemoSeedService)['seedListings']()).resolves.toBeNull();
      expect(await count(t, 'vehicles')).toBe(2);
    });
  });

  describe('the import itself', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('imports no demo data with SEED_DEMO off', async () => {
      await expect(t.app.get(DemoSeedService).done).resolves.toBe('skipped');
      expect(await count(t, 'vehicles')).toBe(0);
    });

    it('refuses a bundle whose listing breaks a seller rule, writing nothing', async () => {
      const dir = await writeBundle({ listings: (l) => [l[0]!, { ...l[1]!, input: { ...l[1]!.input, vin: 'SHORT' } }] });
      dirs.push(dir);
      const importer = t.app.get(ListingImportService);
      await expect(importer.importListings(dir, await importer.readBundle(dir), 'test')).rejects.toThrow(/Listing 1: vin/);
      expect(await count(t, 'vehicles')).toBe(0);
      expect(await count(t, 'users')).toBe(0);
    });

    it('refuses photos that are not stored as the upload rules keep them, missing files and paths outside the bundle', async () => {
      const dir = await writeBundle();
      dirs.push(dir);
      writeFileSync(join(dir, 'photos/a0-640.avif'), await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#000' } }).webp().toBuffer());
      const importer = t.app.get(ListingImportService);
      await expect(importer.importListings(dir, await importer.readBundle(dir), 'test')).rejects.toThrow(/-640\.avif file must be AVIF, 640 × 426 px/);
      writeFileSync(join(dir, 'photos/a0-640.avif'), Buffer.from('not an image at all, just words'));
      await expect(importer.importListings(dir, await importer.readBundle(dir), 'test')).rejects.toThrow(/-640\.avif file must be AVIF, 640 × 426 px/);
      rmSync(join(dir, 'photos/a0-640.avif'));
      await expect(importer.importListings(dir, await importer.readBundle(dir), 'test')).rejects.toThrow(/Missing photo file photos\/a0-640\.avif/);
      const escape = await writeBundle({ listings: (l) => [{ ...l[0]!, photos: [{ ...l[0]!.photos[0]!, file: '../../etc/passwd' }] }] });
      dirs.push(escape);
      await expect(importer.importListings(escape, await importer.readBundle(escape), 'test')).rejects.toThrow(/outside the bundle/);
      expect(await count(t, 'vehicles')).toBe(0);
      expect(await count(t, 'users')).toBe(0);
      expect(await count(t, 'uploads')).toBe(0);
    });

    it('reuses accounts that exist, by e-mail', async () => {
      const { user } = await registerUser(t.client(), { email: 'bundle-seller@example.com' });
      const dir = await writeBundle();
      dirs.push(dir);
      const importer = t.app.get(ListingImportService);
      const { summary, ids } = await importer.importListings(dir, await importer.readBundle(dir), 'test');
      expect(summary).toMatchObject({ listings: 2, photos: 3, inquiries: 1 });
      const mine = await t.app.get(DataSource).query('SELECT userId FROM vehicles WHERE id = ?', [ids[0]]);
      expect(Number(mine[0].userId)).toBe(user.id);
    });

    it('refuses a rejected listing without its reason, and keeps the reason and note of one that has them', async () => {
      const importer = t.app.get(ListingImportService);
      const bare = await writeBundle({ listings: (l) => [l[0]!, { ...l[1]!, status: 'rejected' }] });
      dirs.push(bare);
      const before = await count(t, 'vehicles');
      await expect(importer.importListings(bare, await importer.readBundle(bare), 'test')).rejects.toThrow(/Listing 1: rejection\.reason/);
      expect(await count(t, 'vehicles')).toBe(before);

      const dir = await writeBundle({ listings: (l) => [l[0]!, { ...l[1]!, status: 'rejected', rejection: { reason: 'photos', note: "The photos don't match the car." } }] });
      dirs.push(dir);
      const { ids } = await importer.importListings(dir, await importer.readBundle(dir), 'test');
      const [row] = await t.app.get(DataSource).query('SELECT status, rejectionReason, rejectionNote FROM vehicles WHERE id = ?', [ids[1]]);
      expect(row).toEqual({ status: 'rejected', rejectionReason: 'photos', rejectionNote: "The photos don't match the car." });
    });
  });

  describe('a bundle still writing its photos (the demo on a first start)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    /** The test bundle, turned into one whose photos a1 and b0 are still to come (and "b1" never comes). */
    async function pendingBundle(): Promise<{ dir: string; a1: BundlePhoto; b0: BundlePhoto; bundle: ListingBundle }> {
      const dir = await writeBundle();
      dirs.push(dir);
      const whole = JSON.parse(readFileSync(join(dir, LISTING_BUNDLE_FILE), 'utf8')) as ListingBundle;
      const [a, b] = whole.listings as [BundleListing, BundleListing];
      const bundle: ListingBundle = {
        ...whole,
        photosPending: true,
        listings: [
          { ...a, photos: [a.photos[0]!], pendingPhotos: ['photos/a1'] },
          { ...b, photos: [], pendingPhotos: ['photos/b0', 'photos/b1'] },
        ],
      };
      writeFileSync(join(dir, LISTING_BUNDLE_FILE), JSON.stringify(bundle));
      return { dir, a1: a.photos[1]!, b0: b.photos[0]!, bundle };
    }

    const imagesOf = async (id: number): Promise<string[]> => {
      const [row] = await t.app.get(DataSource).query('SELECT images FROM vehicles WHERE id = ?', [id]);
      return (typeof row.images === 'string' ? JSON.parse(row.images) : row.images) as string[];
    };

    it('imports the listings at once and attaches each photo, in order, when its files are whole', async () => {
      const { dir, a1, b0, bundle } = await pendingBundle();
      const importer = t.app.get(ListingImportService);
      const follower = t.app.get(BundlePhotoFollower);
      const { summary, ids } = await importer.importListings(dir, await importer.readBundle(dir), 'test');
      expect(summary).toMatchObject({ listings: 2, photos: 1 });
      const [a, b] = ids as [number, number];
      const cover = await imagesOf(a);
      expect(cover).toHaveLength(1);
      expect(await imagesOf(b)).toEqual([]);
      await expect(follower.attachReady()).resolves.toBe(3);

      // b1 is listed before b0 is whole: it must wait (a listing's photos keep their order).
      appendFileSync(join(dir, BUNDLE_PHOTOS_DONE_FILE), JSON.stringify(a1) + '\n');
      await expect(follower.attachReady()).resolves.toBe(2);
      const both = await imagesOf(a);
      expect(both).toHaveLength(2);
      expect(both[0]).toBe(cover[0]);
      const page = await t.client().get(both[1]!);
      expect(page.status).toBe(200);

      appendFileSync(join(dir, BUNDLE_PHOTOS_DONE_FILE), JSON.stringify(b0) + '\n' + '{"file": "photos/b1", "wid');
      await expect(follower.attachReady()).resolves.toBe(1);
      expect(await imagesOf(b)).toHaveLength(1);

      // The bundle is finished without b1: it is given up, and the listing keeps what it has.
      writeFileSync(join(dir, LISTING_BUNDLE_FILE), JSON.stringify({ ...bundle, photosPending: false, listings: bundle.listings.map(({ pendingPhotos: _p, ...l }) => l) }));
      await expect(follower.attachReady()).resolves.toBe(0);
      expect(await imagesOf(b)).toHaveLength(1);
      expect(await count(t, 'pending_bundle_photos')).toBe(0);
    });

    it('refuses photos to come in a bundle that is not writing any, or outside the bundle, writing nothing', async () => {
      const before = await count(t, 'vehicles');
      const importer = t.app.get(ListingImportService);
      const { dir, bundle } = await pendingBundle();
      writeFileSync(join(dir, LISTING_BUNDLE_FILE), JSON.stringify({ ...bundle, photosPending: false }));
      await expect(importer.importListings(dir, await importer.readBundle(dir), 'test')).rejects.toThrow(/Listing \d: pendingPhotos only while the bundle's photosPending/);
      writeFileSync(join(dir, LISTING_BUNDLE_FILE), JSON.stringify({ ...bundle, listings: [{ ...bundle.listings[0]!, pendingPhotos: ['../../etc/passwd'] }] }));
      await expect(importer.importListings(dir, await importer.readBundle(dir), 'test')).rejects.toThrow(/outside the bundle/);
      expect(await count(t, 'vehicles')).toBe(before);
      expect(await count(t, 'pending_bundle_photos')).toBe(0);
    });
  });
});
