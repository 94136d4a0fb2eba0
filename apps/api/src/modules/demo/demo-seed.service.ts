import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';
import { UserEntity } from '../users/entities/user.entity';
import { UploadsService } from '../uploads/uploads.service';
import { UsersService } from '../users/users.service';
import { ListingWriter, type ListingFields } from '../vehicles/listing-writer.service';
import { DealRatingsService } from '../vehicles/pricing/deal-ratings.service';
import { renderCarPhoto, type CarPhotoView } from './car-photo/car-photo';
import { buildDemoListings, type DemoListing } from './demo-listings';

/** The demo accounts README.md documents. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'admin-demo-2026', firstName: 'Morgan', lastName: 'Reyes' },
  seller: { email: 'seller@example.com', password: 'seller-demo-2026', firstName: 'Jordan', lastName: 'Blake' },
} as const;

const OTHER_SELLERS = [
  { firstName: 'Priya', lastName: 'Raman', phone: '(555) 010-3318' },
  { firstName: 'Marcus', lastName: 'Whitfield', phone: '(555) 010-7742' },
  { firstName: 'Elena', lastName: 'Vasquez', phone: '(555) 010-2261' },
  { firstName: 'Daniel', lastName: 'Okafor', phone: '(555) 010-9034' },
];
const VIEWS: CarPhotoView[] = ['front', 'side', 'rear', 'interior'];

/**
 * Demo data for a fresh embedded database: a demo admin, a demo seller (plus a few other sellers) and 66
 * listings with generated photos. Runs in the background after start, only when SEED_DEMO is on, the
 * database is the embedded SQLite one and it has no users yet.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoSeedService.name);
  /** Settles when seeding is over (tests and the e2e harness wait on it). */
  done: Promise<'seeded' | 'skipped'> = Promise.resolve('skipped');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadsService,
    private readonly listings: ListingWriter,
    private readonly users: UsersService,
    private readonly dealRatings: DealRatingsService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.seedDemo || this.config.database.type !== 'sqlite') return;
    this.done = this.seedIfEmpty().catch((error: unknown) => {
      this.logger.error(`Demo data could not be seeded: ${(error as Error).stack ?? error}`);
      return 'skipped' as const;
    });
  }

  async seedIfEmpty(now = new Date()): Promise<'seeded' | 'skipped'> {
    if ((await this.users.count()) > 0) return 'skipped';
    const started = Date.now();
    await this.users.create({ ...DEMO_ACCOUNTS.admin, role: 'admin' });
    const seller = await this.users.create(DEMO_ACCOUNTS.seller);
    const owners: { user: UserEntity; phone: string }[] = [{ user: seller, phone: this.config.site.supportPhone }];
    for (const other of OTHER_SELLERS) {
      const email = `${other.firstName}.${other.lastName}@example.com`.toLowerCase();
      const user = await this.users.create({ ...other, email, password: randomBytes(18).toString('base64url') });
      owners.push({ user, phone: other.phone });
    }

    const listings = buildDemoListings(now, owners.length);
    const rows: ListingFields[] = [];
    for (const [index, listing] of listings.entries()) {
      const owner = owners[listing.ownerIndex] as (typeof owners)[number];
      rows.push({ ...this.toRow(listing, owner.user, owner.phone), images: await this.photos(listing, index, owner.user.id) });
    }
    await this.listings.write({ kind: 'system', name: 'demo' }, rows.map((after) => ({ before: null, after })));
    // The demo listings show their deal ratings at once rather than after the job's next run.
    await this.dealRatings.refit();
    this.logger.log(`Seeded demo data: ${owners.length + 1} accounts, ${rows.length} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 'seeded';
  }

  private toRow(l: DemoListing, owner: UserEntity, phone: string): Omit<ListingFields, 'images'> {
    return {
      userId: owner.id,
      make: l.model.make,
      model: l.model.model,
      year: l.year,
      trim: l.trim,
      mileage: l.mileage,
      price: l.price,
      condition: l.condition,
      bodyType: l.model.bodyType,
      fuelType: l.model.fuelType,
      transmission: l.model.transmission,
      drivetrain: l.model.drivetrain,
      exteriorColor: l.exteriorColor,
      interiorColor: l.interiorColor,
      color: l.exteriorColor,
      interiorColorFamily: l.interiorColor,
      description: l.description,
      features: l.features,
      coverPhotoIndex: 0,
      location: l.location,
      zipCode: l.zipCode,
      contactPhone: phone,
      contactEmail: owner.email,
      contactFirstName: owner.firstName,
      contactLastName: owner.lastName,
      contactLocation: l.location,
      vin: l.vin,
      carfaxReportUrl: null,
      recentServices: l.recentServices,
      engine: l.model.engine,
      mpgCity: l.model.mpg?.[0] ?? null,
      mpgHighway: l.model.mpg?.[1] ?? null,
      status: l.status,
      views: l.views,
      isFeatured: l.isFeatured,
      createdAt: l.createdAt,
      updatedAt: l.createdAt,
      publishedAt: l.status === 'approved' || l.status === 'sold' ? l.createdAt : null,
      soldAt: l.status === 'sold' ? l.createdAt : null,
    };
  }

  /** Renders the listing's photos and stores them exactly as a seller's uploads are stored (concurrently: sharp works off the event loop). */
  private photos(listing: DemoListing, index: number, ownerId: number): Promise<string[]> {
    return Promise.all(
      // One seed per listing: its photos share a backdrop and wheels, like one photo shoot.
      VIEWS.slice(0, listing.photoCount).map(async (view) => {
        const photo = await renderCarPhoto({ bodyType: listing.model.bodyType, color: listing.exteriorColor, view, seed: index + 1 });
        return (await this.uploads.store(ownerId, photo)).secure_url;
      }),
    );
  }
}
