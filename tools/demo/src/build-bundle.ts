/**
 * `npm run demo:build` (run by `npm run build`): writes the demo listing bundle that the API imports into an
 * empty database at start (SEED_DEMO) or with `node dist/apps/api/main.js import <folder>`: accounts, 66
 * listings with 6–8 generated photos each (every size and format an upload keeps), buyer inquiries, 90 days of
 * traffic and about 3,000 past sales (the market history the deal ratings are fitted on). A bundle made by the
 * same generator (same sources) is kept: rendering runs once per clone.
 *
 * In two steps, so that a first start need not wait for the photos (462 renders, minutes of CPU on two cores):
 * the listings, inquiries and traffic are written at once (bundle.json says `photosPending`, each listing
 * names its photos to come), then the photos are rendered, cover photos first, each one appended to
 * photos.done when its files are whole; the importer takes each as it appears. Last, bundle.json is rewritten
 * whole. `--listings-only` stops after the first step (`npm start` renders the photos beside the running
 * server); a later run renders only the photos not done yet.
 *
 *   tsx tools/demo/src/build-bundle.ts [--out tools/demo/bundle] [--force] [--listings-only]
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  BUNDLE_PHOTOS_DONE_FILE,
  LISTING_BUNDLE_FILE,
  LISTING_BUNDLE_FORMAT,
  parseDonePhotos,
  type BundleAccount,
  type BundlePhoto,
  type BundleInquiry,
  type BundleListing,
  type ListingBundle,
} from '@app/shared';
import { encodePhoto } from '@app/shared/server';
import sharp from 'sharp';
import { renderCarPhoto, SHOOT_VIEWS } from './car-photo/car-photo';
import { fromCache, photoCacheOf, toCache } from './photo-cache';
import { buildDemoListings, demoBundleListing, prng } from './demo-listings';
import { DEMO_ACCOUNTS, DEMO_BUYERS, DEMO_QUESTIONS, OTHER_SELLERS } from './demo-people';
import { buildMarketHistory } from './demo-market';
import { buildDemoTraffic } from './demo-traffic';

const SRC = __dirname;
const VISITS_FILE = 'visits.ndjson';
const MARKET_SALES_FILE = 'market-sales.ndjson';

/** The photo rules of libs/shared the bundle's files follow (names, sizes, encoder). */
const SHARED_PHOTO_RULES = ['uploads/photo-encoder.ts', 'uploads/upload.contract.ts', 'vehicles/image-urls.ts', 'import/listing-bundle.contract.ts'].map((file) =>
  join(SRC, '..', '..', '..', 'libs', 'shared', 'src', file),
);

/** Hashes the TypeScript sources (tests left out) under `dir`, by their path from SRC and content. */
function hashSources(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) hashSources(hash, path);
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) hash.update(relative(SRC, path)).update(readFileSync(path));
  }
}

/** A stamp of every source file of the tool and of the shared photo rules: a bundle with another stamp is rebuilt. */
function generatorStamp(): string {
  const hash = createHash('sha256');
  hashSources(hash, SRC);
  for (const path of SHARED_PHOTO_RULES) hash.update(readFileSync(path));
  return `demo-tool:${hash.digest('hex').slice(0, 16)}`;
}

/** How renderPhoto makes a photo from its job (the seed, the encoder's speed): change it when renderPhoto changes. */
const RENDER_SETTINGS = 'seed=listing+1;speed=fast';

/**
 * A stamp of what a photo's pixels and files depend on besides its job: the scene renderer (car-photo/), the shared
 * photo rules, RENDER_SETTINGS and the installed sharp and libvips (they encode them). The render cache is kept by it,
 * so a change to the listings' texts keeps it.
 */
function rendererStamp(): string {
  const hash = createHash('sha256').update(RENDER_SETTINGS).update(JSON.stringify(sharp.versions));
  hashSources(hash, join(SRC, 'car-photo'));
  for (const path of SHARED_PHOTO_RULES) hash.update(readFileSync(path));
  return `renderer-${hash.digest('hex').slice(0, 16)}`;
}

function readBundle(out: string): ListingBundle | null {
  try {
    return JSON.parse(readFileSync(join(out, LISTING_BUNDLE_FILE), 'utf8')) as ListingBundle;
  } catch {
    return null;
  }
}

/** bundle.json, replaced whole (a reader never sees half a file). */
function writeBundle(out: string, bundle: ListingBundle): void {
  const temp = join(out, `${LISTING_BUNDLE_FILE}.tmp`);
  writeFileSync(temp, JSON.stringify(bundle, null, 1));
  renameSync(temp, join(out, LISTING_BUNDLE_FILE));
}

/** The photos already whole (lines of photos.done), by file name. */
function donePhotos(out: string): Map<string, BundlePhoto> {
  const path = join(out, BUNDLE_PHOTOS_DONE_FILE);
  return existsSync(path) ? parseDonePhotos(readFileSync(path, 'utf8')) : new Map();
}

interface PhotoJob {
  listing: number;
  k: number;
  bodyType: string;
  color: string;
  view: (typeof SHOOT_VIEWS)[number];
  out: string;
  /** The render cache's folder for this renderer (photoCacheOf), or none. */
  cache?: string;
}

const photoFileOf = (listing: number, k: number): string => `photos/${String(listing).padStart(2, '0')}-${k}`;

/** Renders one photo in every size and format the upload rules keep (`encodePhoto`); answers it as the bundle lists it. */
async function renderPhoto(job: PhotoJob): Promise<{ listing: number; photo: BundlePhoto }> {
  const file = photoFileOf(job.listing, job.k);
  const cached = fromCache(job, job.out, file);
  if (cached) return { listing: job.listing, photo: cached };
  // One seed per listing: its photos share a backdrop and wheels, like one photo shoot.
  const source = renderCarPhoto({ bodyType: job.bodyType, color: job.color, view: job.view, seed: job.listing + 1 });
  // The fast settings: the renders are flat colours, where the upload settings save little and would more than
  // double the bundle's build (462 photos on two cores).
  const { width, height, placeholder, files } = await encodePhoto(source, { speed: 'fast' });
  for (const encoded of files) writeFileSync(join(job.out, file + encoded.suffix), encoded.data);
  const photo = { file, width, height, placeholder };
  toCache(job, job.out, photo, files.map((encoded) => encoded.suffix));
  return { listing: job.listing, photo };
}

/**
 * The scene building is plain JavaScript: one worker thread per core renders its share of the photos, in the
 * jobs' order; `onPhoto` hears of each as soon as its files are written.
 */
async function renderAll(jobs: PhotoJob[], onPhoto: (photo: BundlePhoto) => void): Promise<void> {
  const threads = Math.max(1, Math.min(availableParallelism(), 4));
  const shares = Array.from({ length: threads }, (_, t) => jobs.filter((_, i) => i % threads === t));
  await Promise.all(
    shares.map(
      (share) =>
        new Promise<void>((resolveShare, reject) => {
          // The worker runs this file through tsx's CommonJS hook, as the main thread does.
          const worker = new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(__filename)});`, { eval: true, workerData: share });
          worker.on('message', (message: { photo: BundlePhoto } | 'done') => (message === 'done' ? resolveShare() : onPhoto(message.photo)));
          worker.once('error', reject);
          worker.once('exit', (code) => (code !== 0 ? reject(new Error(`photo worker exited with ${code}`)) : resolveShare()));
        }),
    ),
  );
}

function buildInquiries(listings: readonly BundleListing[], now: Date): BundleInquiry[] {
  const random = prng(4242);
  const open = listings.map((l, i) => ({ l, i })).filter(({ l }) => l.status === 'approved');
  return DEMO_BUYERS.map((buyer, k) => {
    const { l, i } = open[(k * 7 + 3) % open.length]!;
    const question = DEMO_QUESTIONS[k % DEMO_QUESTIONS.length]!;
    const title = `${String(l.input.year)} ${String(l.input.make)} ${String(l.input.model)}`;
    return {
      listing: i,
      ...buyer,
      subject: question.subject,
      message: question.message.replace('{title}', title),
      isFinancingInterest: question.financing,
      isTradeInInterest: question.tradeIn,
      receivedAt: new Date(now.getTime() - Math.floor((k * 2.5 + random()) * 24 * 3600_000)).toISOString(),
    };
  });
}

/** Step one: accounts, listings (their photos to come), inquiries and traffic; bundle.json says `photosPending`. */
function writeListings(out: string, stamp: string): { bundle: ListingBundle; jobs: PhotoJob[] } {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'photos'), { recursive: true });

  const now = new Date();
  const accounts: BundleAccount[] = [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.seller];
  const sellers: { account: BundleAccount; phone: string }[] = [{ account: DEMO_ACCOUNTS.seller, phone: '(555) 010-0100' }];
  for (const other of OTHER_SELLERS) {
    const account: BundleAccount = { key: `${other.firstName}.${other.lastName}`.toLowerCase(), email: `${other.firstName}.${other.lastName}@example.com`.toLowerCase(), firstName: other.firstName, lastName: other.lastName, role: 'user' };
    accounts.push(account);
    sellers.push({ account, phone: other.phone });
  }

  const demo = buildDemoListings(now, sellers.length);
  const listings: BundleListing[] = demo.map((l, index) => {
    const seller = sellers[l.ownerIndex]!;
    return {
      ...demoBundleListing(l, seller.account, seller.phone),
      photos: [],
      pendingPhotos: Array.from({ length: l.photoCount }, (_, k) => photoFileOf(index, k)),
    };
  });
  const publicListings = listings.flatMap((l, i) => (l.status === 'approved' || l.status === 'sold' ? [i] : []));
  const visits = buildDemoTraffic(now, publicListings);
  writeFileSync(join(out, VISITS_FILE), visits.map((v) => JSON.stringify(v)).join('\n') + '\n');
  const sales = buildMarketHistory(now);
  writeFileSync(join(out, MARKET_SALES_FILE), sales.map((v) => JSON.stringify(v)).join('\n') + '\n');

  const bundle: ListingBundle = {
    format: LISTING_BUNDLE_FORMAT,
    generator: stamp,
    generatedAt: now.toISOString(),
    accounts,
    listings,
    inquiries: buildInquiries(listings, now),
    visitsFile: VISITS_FILE,
    marketSalesFile: MARKET_SALES_FILE,
    photosPending: true,
  };
  writeBundle(out, bundle);
  // Every listing's cover photo first (a page of results shows covers), then each one's second photo, and so on.
  const jobs = demo
    .flatMap((listing, index) =>
      SHOOT_VIEWS.slice(0, listing.photoCount).map((view, k): PhotoJob => ({ listing: index, k, bodyType: listing.model.bodyType, color: listing.exteriorColor, view, out })),
    )
    .sort((a, b) => a.k - b.k || a.listing - b.listing);
  writeFileSync(join(out, JOBS_FILE), JSON.stringify(jobs.map(({ out: _out, ...job }) => job)));
  console.log(`Demo bundle: ${listings.length} listings, ${bundle.inquiries.length} inquiries, ${visits.length} page views, ${sales.length} past sales (photos to come) -> ${relative(process.cwd(), out)}`);
  return { bundle, jobs };
}

/** Step two: renders the photos not yet done, then writes bundle.json whole (every listing with its photos). */
async function renderPhotos(out: string, bundle: ListingBundle, jobs: PhotoJob[]): Promise<void> {
  const started = Date.now();
  const done = donePhotos(out);
  const cache = photoCacheOf(rendererStamp());
  const toRender = jobs.filter((job) => !done.has(photoFileOf(job.listing, job.k))).map((job) => ({ ...job, cache }));
  const log = join(out, BUNDLE_PHOTOS_DONE_FILE);
  await renderAll(toRender, (photo) => {
    appendFileSync(log, JSON.stringify(photo) + '\n');
    done.set(photo.file, photo);
  });
  const whole: ListingBundle = {
    ...bundle,
    photosPending: false,
    listings: bundle.listings.map(({ pendingPhotos, ...listing }) => ({
      ...listing,
      photos: [...listing.photos, ...(pendingPhotos ?? []).map((file) => {
        const photo = done.get(file);
        if (!photo) throw new Error(`The photo ${file} was not rendered`);
        return photo;
      })],
    })),
  };
  writeBundle(out, whole);
  console.log(`Demo photos: ${toRender.length} rendered or taken from the cache${cache ? ` (${cache})` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s (${done.size} in all)`);
}

/** The render jobs of step one, kept for a later run that finishes the photos. */
const JOBS_FILE = 'photos.jobs.json';

function pendingJobs(out: string): PhotoJob[] {
  return (JSON.parse(readFileSync(join(out, JOBS_FILE), 'utf8')) as Omit<PhotoJob, 'out'>[]).map((job) => ({ ...job, out }));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: join(SRC, '..', 'bundle') }, force: { type: 'boolean', default: false }, 'listings-only': { type: 'boolean', default: false } },
  });
  const out = resolve(values.out!);
  const stamp = generatorStamp();
  const existing = values.force ? null : readBundle(out);
  if (existing?.generator === stamp) {
    if (!existing.photosPending) return console.log(`Demo bundle up to date (${relative(process.cwd(), out) || out})`);
    if (values['listings-only']) return console.log(`Demo listings up to date, photos pending (${relative(process.cwd(), out) || out})`);
    return renderPhotos(out, existing, pendingJobs(out));
  }
  const { bundle, jobs } = writeListings(out, stamp);
  if (!values['listings-only']) await renderPhotos(out, bundle, jobs);
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  (async () => {
    for (const job of workerData as PhotoJob[]) parentPort!.postMessage({ photo: (await renderPhoto(job)).photo });
    parentPort!.postMessage('done');
  })().catch((error: unknown) => {
    throw error;
  });
}
