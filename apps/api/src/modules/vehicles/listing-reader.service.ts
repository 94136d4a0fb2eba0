import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Brackets, In, Repository } from 'typeorm';
import { VersionedCacheService } from '../../infra/cache/versioned-cache.service';
import { LISTING_STATUSES, PUBLIC_STATUSES, type ListingStatus, type PublicVehicle } from '@app/shared';
import { VehicleRevisionEntity } from './entities/vehicle-revision.entity';
import { VehicleEntity } from './entities/vehicle.entity';
import { containsPattern } from './search/keyword-match';
import { LISTINGS_DATA_SET } from './search/search-counts.service';
import { toPublicVehicle } from './vehicle.mapper';

/** What the market model reads of a listing, with the estimate it holds (ListingReader.pricingRows). */
export type PricingRow = Pick<VehicleEntity, 'id' | 'status' | 'makeKey' | 'modelKey' | 'bodyType' | 'year' | 'mileage' | 'condition' | 'price' | 'expectedPrice' | 'dealComparables' | 'dealBasis'>;

/** Listings the market refit reads in one query. */
const PRICING_PAGE = 5_000;

/** A listing as other lists name it (inquiries, analytics): title parts and status as they are now. */
export type ListingSummary = Pick<VehicleEntity, 'id' | 'year' | 'make' | 'model' | 'status'>;

/**
 * How other modules read listings (admin review, contact, storefront pages, uploads, analytics): they
 * never get the Vehicle repository. Answers are read-only views of the stored rows; changes go through
 * the ListingWriter.
 */
@Injectable()
export class ListingReader {
  constructor(
    @InjectRepository(VehicleEntity) private readonly vehicles: Repository<VehicleEntity>,
    private readonly cache: VersionedCacheService,
  ) {}

  /**
   * The listings' data version as this instance knows it (bumped by every listing write, read from the
   * database at most once a second): what shows many listings (the landing page, a search) is the same while
   * it stands.
   */
  dataVersion(): Promise<number> | number {
    return this.cache.version(LISTINGS_DATA_SET);
  }

  /**
   * The version of one public listing: the data version of the write that last changed it (changedInVersion),
   * or null when nobody may see it. A page that shows only this listing is the same while it stands.
   */
  async listingVersion(id: number): Promise<number | null> {
    const rows = (await this.vehicles.query('SELECT changedInVersion AS v FROM vehicles WHERE id = ? AND isPublic = 1', [id])) as { v: number | string }[];
    return rows.length === 0 ? null : Number(rows[0].v);
  }

  /** The stored listing whatever its status (staff work), or null. */
  byId(id: number): Promise<VehicleEntity | null> {
    return this.vehicles.findOneBy({ id });
  }

  /** The listing with its seller's account (joined as `user`), whatever its status, or null. */
  withSeller(id: number): Promise<VehicleEntity | null> {
    return this.vehicles.findOne({ where: { id }, relations: { user: true } });
  }

  /** A listing anyone may see (approved or sold), or null. */
  publicById(id: number): Promise<VehicleEntity | null> {
    if (!Number.isSafeInteger(id) || id < 1) return Promise.resolve(null);
    return this.vehicles.findOneBy({ id, status: In([...PUBLIC_STATUSES]) });
  }

  /** A listing anyone may see, in the public shape (toPublicVehicle), or null. */
  async publicListing(id: number): Promise<PublicVehicle | null> {
    const vehicle = await this.publicById(id);
    return vehicle ? toPublicVehicle(vehicle) : null;
  }

  /** One page of the listings of a status by age (with their sellers), and how many there are. */
  async pageByStatus(status: ListingStatus, order: 'ASC' | 'DESC', page: number, limit: number): Promise<{ rows: VehicleEntity[]; total: number }> {
    const [rows, total] = await this.vehicles
      .createQueryBuilder('v')
      .leftJoinAndSelect('v.user', 'seller')
      .where('v.status = :status', { status })
      .orderBy('v.createdAt', order)
      .addOrderBy('v.id', order)
      .offset((page - 1) * limit)
      .limit(limit)
      .getManyAndCount();
    return { rows, total };
  }

  /** How many listings have each status. */
  async countByStatus(): Promise<Record<ListingStatus, number>> {
    const rows = (await this.vehicles
      .createQueryBuilder('v')
      .select('v.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('v.status')
      .getRawMany()) as { status: ListingStatus; count: number | string }[];
    const counts = Object.fromEntries(LISTING_STATUSES.map((s) => [s, 0])) as Record<ListingStatus, number>;
    for (const { status, count } of rows) if (status in counts) counts[status] += Number(count);
    return counts;
  }

  /** Public listings, last changed first (the sitemap). */
  publicIndex(limit: number): Promise<Pick<VehicleEntity, 'id' | 'updatedAt'>[]> {
    return this.vehicles.find({
      select: { id: true, updatedAt: true },
      where: { status: In([...PUBLIC_STATUSES]) },
      order: { updatedAt: 'DESC' },
      take: limit,
    });
  }

  /** Every listing of a user, any status (their account is being deleted). */
  allOf(userId: number): Promise<VehicleEntity[]> {
    return this.vehicles.findBy({ userId });
  }

  /** When each of these listings first went live and last got cheaper (epoch ms; absent: never), by id. */
  async lifecycleTimes(ids: readonly number[]): Promise<Map<number, { publishedAt?: number; priceReducedAt?: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.vehicles.find({ select: { id: true, publishedAt: true, priceReducedAt: true }, where: { id: In([...new Set(ids)]) } });
    const ms = (d: Date | null) => (d ? new Date(d).getTime() : undefined);
    return new Map(rows.map((r) => [r.id, { publishedAt: ms(r.publishedAt), priceReducedAt: ms(r.priceReducedAt) }]));
  }

  /** Which of these ids are public listings. */
  async publicIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.vehicles.find({ select: { id: true }, where: { id: In([...new Set(ids)]), status: In([...PUBLIC_STATUSES]) } });
    return new Set(rows.map((r) => r.id));
  }

  /** Buyers' messages about each of these listings, by id (listings without any are absent: 0). */
  async inquiryCounts(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const unique = [...new Set(ids)];
    const rows = (await this.vehicles.manager.query(
      `SELECT vehicleId, COUNT(*) AS count FROM contact_messages WHERE vehicleId IN (${unique.map(() => '?').join(', ')}) GROUP BY vehicleId`,
      unique,
    )) as { vehicleId: number | string; count: number | string }[];
    return new Map(rows.map((r) => [Number(r.vehicleId), Number(r.count)]));
  }

  /** The summaries of the listings still on record among these ids, by id. */
  async summaries(ids: readonly number[]): Promise<Map<number, ListingSummary>> {
    if (ids.length === 0) return new Map();
    const rows = await this.vehicles.find({
      select: { id: true, year: true, make: true, model: true, status: true },
      where: { id: In([...new Set(ids)]) },
    });
    return new Map(rows.map((r) => [r.id, { id: r.id, year: r.year, make: r.make, model: r.model, status: r.status }]));
  }

  /** Every pending listing with its seller (the review queue sorted by risk; the queue is short). */
  allPending(): Promise<VehicleEntity[]> {
    return this.vehicles.find({ where: { status: 'pending' }, relations: { user: true }, order: { createdAt: 'ASC', id: 'ASC' }, take: 2000 });
  }

  /** Listings (pending, live or sold) holding any of these VINs, contact phones or e-mails: the moderation signals' look-up. */
  byVinOrContact(vins: string[], phones: string[], emails: string[]): Promise<Pick<VehicleEntity, 'id' | 'userId' | 'status' | 'vin' | 'contactPhone' | 'contactEmail' | 'year' | 'make' | 'model'>[]> {
    const or = [
      ...(vins.length ? [{ vin: In(vins) }] : []),
      ...(phones.length ? [{ contactPhone: In(phones) }] : []),
      ...(emails.length ? [{ contactEmail: In(emails) }] : []),
    ];
    if (or.length === 0) return Promise.resolve([]);
    return this.vehicles.find({
      select: { id: true, userId: true, status: true, vin: true, contactPhone: true, contactEmail: true, year: true, make: true, model: true },
      where: or.map((w) => ({ ...w, status: In(['pending', 'approved', 'sold']) })),
    });
  }

  /**
   * What the market model reads of every listing that is live, sold or waiting for review, with its current
   * estimate: read PRICING_PAGE rows at a time in id order, with a turn for the event loop between pages (on
   * SQLite each read holds the thread: a million rows at once held it for seconds).
   */
  async pricingRows(): Promise<PricingRow[]> {
    const rows: PricingRow[] = [];
    for (let after = 0; ; ) {
      // Plain rows, not entities: a million of them are held at once.
      const page = (await this.vehicles.query(
        `SELECT id, status, makeKey, modelKey, bodyType, year, mileage, \`condition\`, price, expectedPrice, dealComparables, dealBasis
         FROM vehicles WHERE id > ? AND status IN ('approved', 'sold', 'pending') ORDER BY id LIMIT ${PRICING_PAGE}`,
        [after],
      )) as PricingRow[];
      for (const row of page) {
        rows.push({
          id: Number(row.id),
          status: row.status,
          makeKey: row.makeKey,
          modelKey: row.modelKey,
          bodyType: row.bodyType,
          year: Number(row.year),
          mileage: Number(row.mileage),
          condition: row.condition,
          price: Number(row.price),
          expectedPrice: row.expectedPrice === null ? null : Number(row.expectedPrice),
          dealComparables: row.dealComparables === null ? null : Number(row.dealComparables),
          dealBasis: row.dealBasis,
        });
      }
      if (page.length < PRICING_PAGE) return rows;
      after = rows[rows.length - 1]!.id;
      await nextTurn();
    }
  }

  /**
   * Which of these photo URLs some listing holds, or a pending revision proposes (a LIKE on the JSON text
   * of `images` and of the revision's changes; no index helps).
   */
  /** Listings (any status) holding any of these photos, with the photos they hold (a LIKE on the JSON text: for a few URLs). */
  async holdingImages(urls: readonly string[]): Promise<Pick<VehicleEntity, 'id' | 'userId' | 'status' | 'images' | 'year' | 'make' | 'model'>[]> {
    if (urls.length === 0) return [];
    return this.vehicles
      .createQueryBuilder('v')
      .select(['v.id', 'v.userId', 'v.status', 'v.images', 'v.year', 'v.make', 'v.model'])
      .where(
        new Brackets((or) => {
          urls.forEach((url, i) => or.orWhere(`v.images LIKE :p${i} ESCAPE '!'`, { [`p${i}`]: containsPattern(JSON.stringify(url)) }));
        }),
      )
      .getMany();
  }

  async imagesInUse(urls: readonly string[]): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const containsAny = (column: string) =>
      new Brackets((or) => {
        urls.forEach((url, i) => or.orWhere(`${column} LIKE :p${i} ESCAPE '!'`, { [`p${i}`]: containsPattern(JSON.stringify(url)) }));
      });
    const listings = await this.vehicles.createQueryBuilder('v').select('v.images', 'text').where(containsAny('v.images')).getRawMany<{ text: string }>();
    const revisions = await this.vehicles.manager
      .createQueryBuilder(VehicleRevisionEntity, 'r')
      .select('r.changes', 'text')
      .where(`r.status = 'pending'`)
      .andWhere(containsAny('r.changes'))
      .getRawMany<{ text: string }>();
    const texts = [...listings, ...revisions].map((row) => row.text);
    return new Set(urls.filter((url) => texts.some((text) => text.includes(JSON.stringify(url)))));
  }
}
