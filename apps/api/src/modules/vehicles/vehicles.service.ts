import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  classifyEdit,
  colorFamilyOf,
  PUBLIC_STATUSES,
  SEARCH_LIMITS,
  type MarkSoldDto,
  type OwnerVehicle,
  type PricePoint,
  type RevisableFields,
  type PublicVehicle,
  type VehicleDetail,
  type VehicleInputDto,
} from '@app/shared';
import { Between, DataSource, In, MoreThanOrEqual, Not, Repository, type FindManyOptions } from 'typeorm';
import type { ListingStatus } from '@app/shared';
import type { AuthUser } from '../auth';
import { VehicleEntity } from './entities/vehicle.entity';
import { ListingLifecycleService } from './lifecycle/listing-lifecycle.service';
import { ListingRevisionsService } from './lifecycle/listing-revisions.service';
import { ListingWriter, userActor, type ListingFields } from './listing-writer.service';
import { ListingReader } from './listing-reader.service';
import { toOwnerVehicle, toPublicVehicle } from './vehicle.mapper';
import { sqlEngineOf } from '../../infra/database/sql-engine';
import { VersionedCacheService, type DependsOn } from '../../infra/cache/versioned-cache.service';
import { LISTINGS_DATA_SET } from './search/search-counts.service';
import { listDependsOn } from './search/search-invalidation';
import { rankSimilar, SIMILAR_PRICE_FACTOR } from './similar-listings';

/** Who is asking: undefined for a visitor. */
type Viewer = Pick<AuthUser, 'id' | 'role'> | undefined;

const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';
const owns = (viewer: Viewer, vehicle: VehicleEntity) => viewer !== undefined && viewer.id === vehicle.userId;

/** The UTC day of a view, YYYY-MM-DD. */
export const viewDay = (at = new Date()): string => at.toISOString().slice(0, 10);

/** "recent" is the first page of every listing for sale, newest first (status approved is isPublic: vehicle-derived.ts). */
const RECENT_DEPENDS_ON = listDependsOn({ terms: [], features: [] }, 'created_desc');

/**
 * Listings: reading with the visibility rules of DECISIONS.md (approved and sold are public; pending and
 * rejected exist only for their owner and admins), owners' and admins' changes (stored by the one
 * ListingWriter), view counting (a counter, not a listing change: no cache bump, no listeners).
 */
@Injectable()
export class VehiclesService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(VehicleEntity) private readonly vehicles: Repository<VehicleEntity>,
    private readonly writer: ListingWriter,
    private readonly lifecycle: ListingLifecycleService,
    private readonly revisions: ListingRevisionsService,
    private readonly reader: ListingReader,
    private readonly cache: VersionedCacheService,
  ) {}

  /** The newest listings for sale: kept until one joins, leaves or changes among them (a search's first page, newest first). */
  recent(): Promise<PublicVehicle[]> {
    return this.keptList('recent', () => ({ where: { status: 'approved' }, order: { createdAt: 'DESC', id: 'DESC' }, take: SEARCH_LIMITS.recentCount }), RECENT_DEPENDS_ON);
  }

  /**
   * Listings sold in the last RECENTLY_SOLD_DAYS days, last sold first: the search's "Recently sold". Kept until
   * any listing changes (a sale is a change of a listing for sale, which no search filter follows).
   */
  recentlySold(): Promise<PublicVehicle[]> {
    return this.keptList('recently-sold', () => ({
      where: { status: 'sold', soldAt: MoreThanOrEqual(new Date(Date.now() - SEARCH_LIMITS.recentlySoldDays * 24 * 60 * 60 * 1000)) },
      order: { soldAt: 'DESC', id: 'DESC' },
      take: SEARCH_LIMITS.recentlySoldCount,
    }));
  }

  /** Featured listings for sale, newest first: kept until any listing changes (the facts do not hold "featured"). */
  featured(): Promise<PublicVehicle[]> {
    return this.keptList('featured', () => ({ where: { status: 'approved', isFeatured: true }, order: { createdAt: 'DESC', id: 'DESC' }, take: SEARCH_LIMITS.featuredCount }));
  }

  /**
   * A list every visitor's landing or search page asks for, as a kept answer (VersionedCacheService.answer) that the
   * controller sends as its kept JSON text: read and mapped for each request, "recent" served 460 requests a second
   * where a kept search answer serves 2,500 (npm run bench:pages). `query` is made at each reading (it may hold the
   * time); without `dependsOn`, any listing change drops the list.
   */
  private keptList(key: string, query: () => FindManyOptions<VehicleEntity>, dependsOn?: DependsOn<PublicVehicle[], never>): Promise<PublicVehicle[]> {
    return this.cache.answer(LISTINGS_DATA_SET, key, async () => (await this.vehicles.find(query())).map((v) => toPublicVehicle(v)), dependsOn);
  }

  async ofUser(userId: number): Promise<OwnerVehicle[]> {
    const rows = await this.vehicles.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    const ids = rows.map((v) => v.id);
    const [pending, inquiries] = await Promise.all([this.revisions.pendingFor(ids), this.reader.inquiryCounts(ids)]);
    return rows.map((v) => toOwnerVehicle(v, { pending: pending.get(v.id), inquiries: inquiries.get(v.id) ?? 0 }));
  }

  /** The owner's shape with the listing's pending revision. */
  private async ownerView(vehicle: VehicleEntity): Promise<OwnerVehicle> {
    const [pending, inquiries] = await Promise.all([this.revisions.pendingFor([vehicle.id]), this.reader.inquiryCounts([vehicle.id])]);
    return toOwnerVehicle(vehicle, { pending: pending.get(vehicle.id), inquiries: inquiries.get(vehicle.id) ?? 0 });
  }

  /**
   * One listing as the viewer may see it. `visitor` is called only when the view counts (a public listing
   * seen by someone other than its owner or an admin) and answers the visitor id, or null for a bot (whose
   * view never counts).
   */
  async detail(id: number, viewer: Viewer, visitor: () => string | null): Promise<VehicleDetail> {
    const vehicle = await this.visibleOr404(id, viewer);
    if (owns(viewer, vehicle) || isAdmin(viewer)) return this.ownerView(vehicle);
    const visitorId = visitor();
    if (visitorId && (await this.countView(vehicle.id, visitorId))) vehicle.views += 1;
    return toPublicVehicle(vehicle);
  }

  async create(input: VehicleInputDto, owner: Pick<AuthUser, 'id' | 'role'>): Promise<OwnerVehicle> {
    const after = { ...this.fieldsOf(input), userId: owner.id, status: 'pending' as const, views: 0, isFeatured: false };
    const [saved] = await this.writer.write(userActor(owner), [{ before: null, after }]);
    return this.ownerView(saved!);
  }

  /**
   * Replaces the listing's fields (PUT: the same payload as create). An admin's edit goes live and keeps
   * the status. A seller's edit of a live listing keeps it on the market: low-risk changes go live at once,
   * the others wait as the listing's pending revision (classifyEdit); an edit of a rejected listing sends
   * it back to review. Photos dropped by the edit leave storage once the edit is saved.
   */
  async update(id: number, input: VehicleInputDto, editor: Pick<AuthUser, 'id' | 'role'>): Promise<OwnerVehicle> {
    const before = await this.editableOr404(id, editor);
    if (!isAdmin(editor) && PUBLIC_STATUSES.includes(before.status)) return this.reviseLive(before, this.fieldsOf(input), editor);
    const backToReview = !isAdmin(editor) && before.status === 'rejected';
    const after = { ...this.fieldsOf(input), ...(backToReview ? { status: 'pending' as const } : {}) };
    const [saved] = await this.writer.write(userActor(editor), [{ before, after }]);
    return this.ownerView(saved!);
  }

  /** A seller's edit of a live listing: low-risk changes live now, the rest as the pending revision (one transaction). */
  private async reviseLive(before: VehicleEntity, proposed: ReturnType<VehiclesService['fieldsOf']>, editor: Pick<AuthUser, 'id' | 'role'>) {
    // The photo rules hold for what waits for review too: a refused photo is a 400 now, not a revision.
    await this.writer.checkPhotos(this.dataSource.manager, userActor(editor), before.userId, proposed.images, before.images);
    const { live, review } = classifyEdit(before as unknown as RevisableFields, proposed as unknown as RevisableFields, { marketEstimate: before.expectedPrice });
    let replacedPhotos: string[] = [];
    const [saved] = await this.writer.write(userActor(editor), [{ before, after: live as Partial<ListingFields> }], async (manager) => {
      replacedPhotos = await this.revisions.replacePending(manager, before, editor.id, review);
    });
    await this.writer.removePhotos(replacedPhotos);
    return this.ownerView(saved!);
  }

  /**
   * Marks a live listing sold (its owner or an admin), optionally with the sold price, public only where
   * the seller agrees. 409 for a listing that is not live.
   */
  async markSold(id: number, input: MarkSoldDto, editor: Pick<AuthUser, 'id' | 'role'>): Promise<OwnerVehicle> {
    const before = await this.editableOr404(id, editor);
    if (before.status !== 'approved' && before.status !== 'sold') {
      throw new ConflictException(`Only a live listing can be marked sold (this one is ${before.status})`);
    }
    const soldPrice = input.soldPrice ?? null;
    const after = { status: 'sold' as const, soldPrice, soldPriceShown: soldPrice !== null && Boolean(input.showSoldPrice) };
    const [saved] = await this.writer.write(userActor(editor), [{ before, after }]);
    return this.ownerView(saved!);
  }

  /**
   * Listings for sale like one the viewer may see ("Similar vehicles"): the same body class first, then
   * the nearest price, then the nearest place (rankSimilar), from the listings priced within
   * SIMILAR_PRICE_FACTOR of it. Up to SEARCH_LIMITS.similarCount; fewer (or none) when the market has fewer.
   */
  async similar(id: number, viewer: Viewer): Promise<PublicVehicle[]> {
    const vehicle = await this.visibleOr404(id, viewer);
    const price = Number(vehicle.price);
    const candidates = await this.vehicles.find({
      select: { id: true, makeKey: true, modelKey: true, bodyType: true, price: true, latitude: true, longitude: true },
      where: { isPublic: true, status: 'approved', id: Not(vehicle.id), price: Between(price / SIMILAR_PRICE_FACTOR, price * SIMILAR_PRICE_FACTOR) },
      order: { id: 'DESC' },
      take: 1000,
    });
    const ranked = rankSimilar(vehicle, candidates, SEARCH_LIMITS.similarCount).map((c) => c.id);
    if (ranked.length === 0) return [];
    const rows = new Map((await this.vehicles.find({ where: { id: In(ranked) } })).map((v) => [v.id, v]));
    return ranked.flatMap((rid) => (rows.has(rid) ? [toPublicVehicle(rows.get(rid)!)] : []));
  }

  /** Every price of a listing the viewer may see, oldest first. */
  async priceHistory(id: number, viewer: Viewer): Promise<PricePoint[]> {
    const vehicle = await this.visibleOr404(id, viewer);
    return this.lifecycle.history(vehicle.id);
  }

  /**
   * Imports listings (a listing bundle: demo data, a dealer's stock) in one transaction, as the system: each
   * input already passed the seller's rules (VehicleInputDto); status, views, featured flag and creation
   * time are the bundle's. Answers the stored ids in order.
   */
  async importListings(source: string, listings: readonly ImportedListing[]): Promise<number[]> {
    const rows = await this.writer.write(
      { kind: 'system', name: source },
      listings.map((l) => ({
        before: null,
        after: {
          ...this.fieldsOf(l.input),
          userId: l.ownerId,
          status: l.status,
          ...(l.rejection ? { rejectionReason: l.rejection.reason, rejectionNote: l.rejection.note } : {}),
          views: l.views,
          isFeatured: l.isFeatured,
          createdAt: l.createdAt,
          updatedAt: l.createdAt,
        },
      })),
    );
    return rows.map((row) => row!.id);
  }

  /**
   * Appends photos to an imported listing after the listing (a bundle whose photos were still being written):
   * a system write, so no review; the cover stays the first photo. Answers false when the listing is gone.
   */
  async attachImportedPhotos(source: string, vehicleId: number, urls: readonly string[]): Promise<boolean> {
    const before = await this.vehicles.findOne({ where: { id: vehicleId } });
    if (!before) return false;
    await this.writer.write({ kind: 'system', name: source }, [{ before, after: { images: [...before.images, ...urls] } }]);
    return true;
  }

  async remove(id: number, editor: Pick<AuthUser, 'id' | 'role'>): Promise<void> {
    const before = await this.editableOr404(id, editor);
    const revision = (await this.revisions.pendingFor([before.id])).get(before.id);
    // The pending revision goes with the listing (foreign key cascade), and so do the photos it proposed.
    await this.writer.write(userActor(editor), [{ before, after: null }]);
    if (revision) await this.writer.removePhotos(this.revisions.photos(revision));
  }

  /** Removes view records older than yesterday (UTC); answers how many. */
  async purgeOldViews(now = new Date()): Promise<number> {
    const yesterday = viewDay(new Date(now.getTime() - 24 * 3600 * 1000));
    const result = await this.dataSource.createQueryBuilder().delete().from('vehicle_views').where('day < :day', { day: yesterday }).execute();
    return result.affected ?? 0;
  }

  /** Counts one view per listing, visitor and UTC day; answers whether this one counted. */
  private async countView(vehicleId: number, visitorId: string): Promise<boolean> {
    const insert =
      sqlEngineOf(this.dataSource) === 'sqlite'
        ? 'INSERT OR IGNORE INTO vehicle_views (vehicleId, visitorId, day) VALUES (?, ?, ?)'
        : 'INSERT IGNORE INTO vehicle_views (vehicleId, visitorId, day) VALUES (?, ?, ?)';
    return this.dataSource.transaction(async (m) => {
      const inserted = await m.queryRunner!.query(insert, [vehicleId, visitorId, viewDay()], true);
      if (!inserted.affected) return false;
      // views does not change totals or facets: no cache version bump.
      await m.query('UPDATE vehicles SET views = views + 1 WHERE id = ?', [vehicleId]);
      return true;
    });
  }

  private async visibleOr404(id: number, viewer: Viewer): Promise<VehicleEntity> {
    const vehicle = await this.vehicles.findOneBy({ id });
    if (!vehicle || !(PUBLIC_STATUSES.includes(vehicle.status) || owns(viewer, vehicle) || isAdmin(viewer))) throw new NotFoundException('Vehicle not found');
    return vehicle;
  }

  /** 404 when the listing does not exist for the editor, 403 when they may see but not change it. */
  private async editableOr404(id: number, editor: Viewer): Promise<VehicleEntity> {
    const vehicle = await this.visibleOr404(id, editor);
    if (!owns(editor, vehicle) && !isAdmin(editor)) throw new ForbiddenException('You can only change your own listings');
    return vehicle;
  }

  /** The listing fields of the form; optional ones left out are cleared (PUT replaces the listing). */
  private fieldsOf(input: VehicleInputDto): Omit<ListingFields, 'userId' | 'status' | 'views' | 'isFeatured'> {
    const images = input.images ?? [];
    return {
      make: input.make,
      model: input.model,
      year: input.year,
      trim: input.trim ?? null,
      mileage: input.mileage,
      price: input.price,
      condition: input.condition,
      bodyType: input.bodyType ?? null,
      fuelType: input.fuelType ?? null,
      transmission: input.transmission ?? null,
      drivetrain: input.drivetrain ?? null,
      exteriorColor: input.exteriorColor ?? null,
      interiorColor: input.interiorColor ?? null,
      color: input.color ?? colorFamilyOf(input.exteriorColor),
      interiorColorFamily: input.interiorColorFamily ?? colorFamilyOf(input.interiorColor),
      description: input.description ?? null,
      features: input.features ?? [],
      images,
      coverPhotoIndex: images.length ? (input.coverPhotoIndex ?? 0) : 0,
      location: input.location,
      zipCode: input.zipCode,
      contactPhone: input.contactPhone,
      contactEmail: input.contactEmail,
      contactFirstName: input.contactFirstName ?? null,
      contactLastName: input.contactLastName ?? null,
      contactLocation: input.contactLocation ?? null,
      vin: input.vin,
      carfaxReportUrl: input.carfaxReportUrl ?? null,
      recentServices: input.recentServices ?? [],
      engine: input.engine ?? null,
      mpgCity: input.mpgCity ?? null,
      mpgHighway: input.mpgHighway ?? null,
    };
  }
}

/** One listing of an import: a validated seller's input plus what the importer decides. */
export interface ImportedListing {
  input: VehicleInputDto;
  ownerId: number;
  status: ListingStatus;
  /** Why staff rejected it (status rejected). */
  rejection?: { reason: string; note: string | null } | null;
  views: number;
  isFeatured: boolean;
  createdAt: Date;
}
