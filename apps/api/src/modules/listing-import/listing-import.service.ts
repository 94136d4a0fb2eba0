import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, validateSync } from 'class-validator';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  ContactMessageDto,
  LISTING_BUNDLE_FILE,
  LISTING_BUNDLE_FORMAT,
  REJECTION_REASONS,
  MarketSaleDto,
  VehicleInputDto,
  type BundleVisit,
  type ListingBundle,
} from '@app/shared';
import { ContactService } from '../contact';
import { JobLockService } from '../../infra/jobs/job-lock.service';
import { AnalyticsRollupService, ROLLUP_JOB, PageVisitWriter, type PageVisitRow } from '../analytics';
import { UploadsService } from '../uploads';
import { type UserEntity, UsersService } from '../users';
import { DealRatingsService, MarketSalesService, VehiclesService, type ImportedListing } from '../vehicles';
import { bundlePhotoReader, insideBundle } from './bundle-files';
import { BundlePhotoFollower, type PendingBundlePhoto } from './bundle-photo-follower.service';

export interface ImportedListings {
  summary: ImportSummary;
  /** The stored id of each bundle listing, in order. */
  ids: number[];
}

export interface ImportSummary {
  accounts: number;
  listings: number;
  photos: number;
  inquiries: number;
  visits: number;
  /** Past sales of the market history (sold comparables of the deal ratings). */
  marketSales: number;
}

/** A time of the bundle moved forward by the time since it was made (never past now). */
function shifted(bundle: ListingBundle, iso: string): Date {
  const offset = Math.max(0, Date.now() - Date.parse(bundle.generatedAt));
  return new Date(Math.min(Date.now(), Date.parse(iso) + offset));
}

function listingPage(page: string, ids: readonly number[]): string {
  return page.replace(/\{listing:(\d+)\}/, (_, n: string) => String(ids[Number(n)] ?? 0));
}

/** Page views written per batch while importing a visits file. */
const VISIT_BATCH = 2000;

/**
 * Imports a listing bundle (libs/shared's ListingBundle) through the product's own services: accounts by
 * UsersService (an existing e-mail is reused; an admin account only when the site has no admin yet), photos
 * by the upload rules (UploadsService), listings by the seller's rules (VehicleInputDto) and the one
 * listings writer, inquiries by ContactService and visits by the analytics writer and roll-up. Listings are
 * written before the traffic, which `importTraffic` adds afterwards (it may take a while).
 */
@Injectable()
export class ListingImportService {
  private readonly logger = new Logger(ListingImportService.name);

  constructor(
    private readonly users: UsersService,
    private readonly uploads: UploadsService,
    private readonly vehicles: VehiclesService,
    private readonly contact: ContactService,
    private readonly visits: PageVisitWriter,
    private readonly rollup: AnalyticsRollupService,
    private readonly lock: JobLockService,
    private readonly follower: BundlePhotoFollower,
    private readonly marketSales: MarketSalesService,
    private readonly dealRatings: DealRatingsService,
  ) {}

  async readBundle(dir: string): Promise<ListingBundle> {
    let bundle: ListingBundle;
    try {
      bundle = JSON.parse(await readFile(join(dir, LISTING_BUNDLE_FILE), 'utf8')) as ListingBundle;
    } catch (error) {
      throw new BadRequestException(`No readable ${LISTING_BUNDLE_FILE} in ${dir}: ${(error as Error).message}`);
    }
    if (bundle.format !== LISTING_BUNDLE_FORMAT) throw new BadRequestException(`Unsupported bundle format ${String(bundle.format)}`);
    return bundle;
  }

  /**
   * Accounts, photos, listings and inquiries; answers the summary (visits: 0, see importTraffic). Listings
   * are written in bundle order, the first `firstBatch` on their own (a bundle lists the newest first, so a
   * site being seeded shows its recent listings within a second or two), the rest in one more write. Of a
   * bundle still writing its photos (`photosPending`), each listing's `pendingPhotos` are attached as they
   * are done (BundlePhotoFollower); the summary counts the photos stored now.
   */
  async importListings(dir: string, bundle: ListingBundle, source: string, { firstBatch = 6 } = {}): Promise<ImportedListings> {
    // Every listing, photo and past sale is checked before anything is written: a bad bundle writes nothing.
    const inputs = await Promise.all(bundle.listings.map((l, i) => this.checkedListing(l.input, i)));
    const sales = await this.checkedMarketSales(dir, bundle);
    await Promise.all(
      bundle.listings.map(async (listing, i) => {
        if (!bundle.accounts.some((a) => a.key === listing.owner)) throw new BadRequestException(`Listing ${i}: unknown owner "${listing.owner}"`);
        // A rejected listing says why: its seller reads the reason on the dashboard and the edit page.
        if (listing.status === 'rejected' && !REJECTION_REASONS.some((r) => r.value === listing.rejection?.reason)) {
          throw new BadRequestException(`Listing ${i}: rejection.reason: a rejected listing needs one of ${REJECTION_REASONS.map((r) => r.value).join(', ')}`);
        }
        for (const photo of listing.photos) {
          await this.uploads.checkProcessed(photo, bundlePhotoReader(dir, photo)).catch((error: Error) => {
            throw new BadRequestException(`Listing ${i}, ${String(photo.file)}: ${error.message}`);
          });
        }
        if (listing.pendingPhotos !== undefined) {
          if (!bundle.photosPending) throw new BadRequestException(`Listing ${i}: pendingPhotos only while the bundle's photosPending`);
          if (!Array.isArray(listing.pendingPhotos) || listing.pendingPhotos.some((file) => typeof file !== 'string')) {
            throw new BadRequestException(`Listing ${i}: pendingPhotos must be a list of photo file names`);
          }
          for (const file of listing.pendingPhotos) insideBundle(dir, file);
        }
      }),
    );
    const owners = await this.importAccounts(bundle);
    const ids: number[] = [];
    let photos = 0;
    const batches = [bundle.listings.slice(0, firstBatch), bundle.listings.slice(firstBatch)].filter((b) => b.length > 0);
    for (const batch of batches) {
      const offset = ids.length;
      const listings = await Promise.all(
        batch.map(async (listing, k): Promise<ImportedListing> => {
          const owner = owners.get(listing.owner);
          // An admin account left out (the site has its own) owns nothing here.
          if (!owner) throw new BadRequestException(`Listing ${offset + k}: its owner "${listing.owner}" was not imported`);
          const images: string[] = [];
          for (const photo of listing.photos) {
            images.push((await this.uploads.storeProcessed(owner.id, photo, bundlePhotoReader(dir, photo))).secure_url);
            photos += 1;
          }
          const input = inputs[offset + k] as VehicleInputDto;
          input.images = images;
          input.coverPhotoIndex = 0;
          const rejection = listing.status === 'rejected' && listing.rejection ? { reason: listing.rejection.reason, note: listing.rejection.note ?? null } : null;
          return { input, ownerId: owner.id, status: listing.status, rejection, views: listing.views, isFeatured: listing.isFeatured, createdAt: shifted(bundle, listing.createdAt) };
        }),
      );
      const stored = await this.vehicles.importListings(source, listings);
      await this.follower.expect(
        batch.flatMap((listing, k) =>
          (listing.pendingPhotos ?? []).map((file, n): PendingBundlePhoto => ({ vehicleId: stored[k]!, position: listing.photos.length + n, ownerId: listings[k]!.ownerId, bundleDir: dir, file, source })),
        ),
      );
      ids.push(...stored);
    }

    let inquiries = 0;
    for (const inquiry of bundle.inquiries) {
      const vehicleId = ids[inquiry.listing];
      if (vehicleId === undefined) continue;
      const { listing: _listing, receivedAt, ...message } = inquiry;
      const dto = plainToInstance(ContactMessageDto, { ...message, vehicleId });
      const errors = await validate(dto);
      if (errors.length > 0) throw new BadRequestException(`Inquiry about listing ${inquiry.listing}: ${Object.values(errors[0]!.constraints ?? {})[0]}`);
      await this.contact.importMessage(dto, shifted(bundle, receivedAt));
      inquiries += 1;
    }
    const marketSales = await this.marketSales.importSales(source, sales);
    // Rated at once (not at the job's next run): the market model fits the listings and the history just written.
    if (ids.length > 0 || marketSales > 0) await this.dealRatings.refitExclusive();
    return { summary: { accounts: owners.size, listings: ids.length, photos, inquiries, visits: 0, marketSales }, ids };
  }

  /** The bundle's past sales (its marketSalesFile), each checked by MarketSaleDto, with times moved forward like the rest. */
  private async checkedMarketSales(dir: string, bundle: ListingBundle): Promise<MarketSaleDto[]> {
    if (!bundle.marketSalesFile) return [];
    const lines = createInterface({ input: createReadStream(insideBundle(dir, bundle.marketSalesFile)), crlfDelay: Infinity });
    const sales: MarketSaleDto[] = [];
    let n = 0;
    for await (const line of lines) {
      n += 1;
      if (!line.trim()) continue;
      let plain: unknown;
      try {
        plain = JSON.parse(line);
      } catch {
        throw new BadRequestException(`Past sale on line ${n}: not JSON`);
      }
      const dto = plainToInstance(MarketSaleDto, plain);
      // validateSync: the same rules without a promise a row (the demo's 2,880 rows: 176-252 ms against 191-453).
      const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
      if (errors.length > 0) {
        const first = errors[0]!;
        throw new BadRequestException(`Past sale on line ${n}: ${first.property}: ${Object.values(first.constraints ?? {})[0] ?? 'invalid'}`);
      }
      dto.soldAt = shifted(bundle, dto.soldAt).toISOString();
      sales.push(dto);
    }
    return sales;
  }

  /**
   * The bundle's page views, written in batches, then rolled up into visits and daily statistics. A page
   * `/vehicles/{listing:N}` names the bundle's listing N (its id is known only once imported).
   */
  async importTraffic(dir: string, bundle: ListingBundle, ids: readonly number[]): Promise<number> {
    if (!bundle.visitsFile) return 0;
    const lines = createInterface({ input: createReadStream(insideBundle(dir, bundle.visitsFile)), crlfDelay: Infinity });
    let batch: PageVisitRow[] = [];
    let count = 0;
    for await (const line of lines) {
      if (!line.trim()) continue;
      const visit = JSON.parse(line) as BundleVisit;
      batch.push({ visitorId: visit.visitor.slice(0, 64), userId: null, ipAddress: null, userAgent: visit.userAgent.slice(0, 500), page: listingPage(visit.page, ids).slice(0, 500), timestamp: shifted(bundle, visit.at) });
      if (batch.length >= VISIT_BATCH) {
        await this.visits.insert(batch);
        count += batch.length;
        batch = [];
      }
    }
    if (batch.length > 0) await this.visits.insert(batch);
    count += batch.length;
    // Under the roll-up's lock: another instance's scheduled roll-up may be under way (then that one, or the
    // next period's, rolls these views up).
    await this.lock.runExclusive(ROLLUP_JOB, () => this.rollup.rollup());
    return count;
  }

  private async checkedListing(input: Record<string, unknown>, index: number): Promise<VehicleInputDto> {
    const dto = plainToInstance(VehicleInputDto, { ...input, images: [], coverPhotoIndex: 0 });
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) {
      const first = errors[0]!;
      throw new BadRequestException(`Listing ${index}: ${first.property}: ${Object.values(first.constraints ?? {})[0] ?? 'invalid'}`);
    }
    return dto;
  }

  /** The bundle's accounts, made (side by side: argon2 hashes off the event loop) or found by e-mail, by key. */
  private async importAccounts(bundle: ListingBundle): Promise<Map<string, UserEntity>> {
    const owners = new Map<string, UserEntity>();
    // A site that already has an admin (ADMIN_EMAIL) gets no bundle admin with a published password.
    const siteHasAdmin = await this.users.hasAdmin();
    await Promise.all(
      bundle.accounts.map(async (account) => {
        const existing = await this.users.findByEmail(account.email);
        if (existing) return owners.set(account.key, existing);
        if (account.role === 'admin' && siteHasAdmin) return;
        // The bundle vouches for its accounts' addresses (the demo's, or accounts moved from another system).
        owners.set(account.key, await this.users.create({ email: account.email, password: account.password ?? null, firstName: account.firstName, lastName: account.lastName, role: account.role, emailVerified: true }));
      }),
    );
    return owners;
  }
}
