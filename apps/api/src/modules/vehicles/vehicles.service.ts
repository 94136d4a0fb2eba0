import { ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  classifyEdit,
  imageVariantUrls,
  SEARCH_LIMITS,
  type ListingFields,
  type ListingStatus,
  type MarkSoldDto,
  type PricePoint,
  type OwnerVehicle,
  type PublicVehicle,
  type VehicleDetail,
  type VehicleInputDto,
} from '@app/shared';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { VersionedCacheService } from '../../infra/cache/versioned-cache.service';
import { OBJECT_STORAGE, type ObjectStorage } from '../../infra/storage/object-storage';
import type { UserEntity } from '../users/entities/user.entity';
import { VehicleEntity } from './entities/vehicle.entity';
import { ListingLifecycleService, snapshotOf, type ListingSnapshot } from './lifecycle/listing-lifecycle.service';
import { ListingRevisionsService } from './lifecycle/listing-revisions.service';
import { LISTINGS_DATA_SET } from './search/vehicle-search.service';
import { containsPattern } from './search/search-filters';
import { toOwnerVehicle, toPublicVehicle } from './vehicle.mapper';

/** Who is asking: undefined for a visitor. */
type Viewer = Pick<UserEntity, 'id' | 'role'> | undefined;

const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';
const owns = (viewer: Viewer, vehicle: VehicleEntity) => viewer !== undefined && viewer.id === vehicle.userId;

/** The UTC day of a view, YYYY-MM-DD. */
export const viewDay = (at = new Date()): string => at.toISOString().slice(0, 10);

/**
 * Listings: reading with the visibility rules of DECISIONS.md (approved and sold are public; pending and
 * rejected exist only for their owner and admins), writing by owners and admins, view counting.
 * Every write bumps the listings cache version in its transaction (search totals and facets).
 */
@Injectable()
export class VehiclesService {
  private readonly logger = new Logger(VehiclesService.name);

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(VehicleEntity) private readonly vehicles: Repository<VehicleEntity>,
    private readonly cache: VersionedCacheService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly lifecycle: ListingLifecycleService,
    private readonly revisions: ListingRevisionsService,
  ) {}

  async recent(): Promise<PublicVehicle[]> {
    const rows = await this.vehicles.find({
      where: { status: 'approved' },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: SEARCH_LIMITS.recentCount,
    });
    return rows.map((v) => toPublicVehicle(v));
  }

  async featured(): Promise<PublicVehicle[]> {
    const rows = await this.vehicles.find({
      where: { status: 'approved', isFeatured: true },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: SEARCH_LIMITS.featuredCount,
    });
    return rows.map((v) => toPublicVehicle(v));
  }

  async ofUser(userId: number): Promise<OwnerVehicle[]> {
    const rows = await this.vehicles.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    const pending = await this.revisions.pendingFor(rows.map((v) => v.id));
    return rows.map((v) => toOwnerVehicle(v, pending.get(v.id)));
  }

  /** The owner's shape with the listing's pending revision. */
  async ownerView(vehicle: VehicleEntity): Promise<OwnerVehicle> {
    const pending = await this.revisions.pendingFor([vehicle.id]);
    return toOwnerVehicle(vehicle, pending.get(vehicle.id));
  }

  /**
   * One listing as the viewer may see it. `visitor` is called only when the view counts (a public listing
   * seen by someone other than its owner or an admin) and answers the visitor id.
   */
  async detail(id: number, viewer: Viewer, visitor: () => string): Promise<VehicleDetail> {
    const vehicle = await this.visibleOr404(id, viewer);
    if (owns(viewer, vehicle) || isAdmin(viewer)) return this.ownerView(vehicle);
    if (await this.countView(vehicle.id, visitor())) vehicle.views += 1;
    return toPublicVehicle(vehicle);
  }

  async create(input: VehicleInputDto, owner: Pick<UserEntity, 'id'>): Promise<OwnerVehicle> {
    const vehicle = this.vehicles.create({ ...this.fieldsOf(input), userId: owner.id, status: 'pending', views: 0, isFeatured: false });
    const saved = await this.write((m) => this.saveListing(m, vehicle, null));
    return toOwnerVehicle(saved);
  }

  /**
   * Replaces the listing's fields (PUT: the same payload as create). An admin's edit goes live and keeps
   * the status. A seller's edit of a live listing keeps it on the market: low-risk changes go live at once,
   * the others wait as the listing's pending revision (classifyEdit); an edit of a rejected listing sends
   * it back to review. Photos dropped by the edit leave storage once the edit is saved.
   */
  async update(id: number, input: VehicleInputDto, editor: Viewer): Promise<OwnerVehicle> {
    const vehicle = await this.editableOr404(id, editor);
    const proposed = this.fieldsOf(input);
    if (!isAdmin(editor) && vehicle.isPublic) return this.reviseLive(vehicle, proposed as ListingFields, editor!.id);
    const before = snapshotOf(vehicle);
    const droppedImages = vehicle.images.filter((url) => !(input.images ?? []).includes(url));
    Object.assign(vehicle, proposed);
    if (!isAdmin(editor) && vehicle.status === 'rejected') vehicle.status = 'pending';
    const saved = await this.write((m) => this.saveListing(m, vehicle, before));
    await this.removePhotos(droppedImages);
    return this.ownerView(saved);
  }

  /** A seller's edit of a live listing: low-risk changes live now, the rest as the pending revision. */
  private async reviseLive(vehicle: VehicleEntity, proposed: ListingFields, authorId: number): Promise<OwnerVehicle> {
    const { live, review } = classifyEdit(vehicle as unknown as ListingFields, proposed);
    const before = snapshotOf(vehicle);
    const dropped = await this.write(async (m) => {
      if (Object.keys(live).length > 0) await this.saveListing(m, Object.assign(vehicle, live), before);
      return this.revisions.replacePending(m, vehicle, authorId, review);
    });
    await this.removePhotos(dropped);
    return this.ownerView(vehicle);
  }

  /**
   * Marks an approved listing sold (its owner or an admin), optionally with the sold price, public only
   * where the seller agrees. 409 for a listing that is not live.
   */
  async markSold(id: number, input: MarkSoldDto, editor: Viewer): Promise<OwnerVehicle> {
    const vehicle = await this.editableOr404(id, editor);
    if (vehicle.status !== 'approved' && vehicle.status !== 'sold') {
      throw new ConflictException(`Only a live listing can be marked sold (this one is ${vehicle.status})`);
    }
    const before = snapshotOf(vehicle);
    Object.assign(vehicle, { status: 'sold', soldPrice: input.soldPrice ?? null, soldPriceShown: Boolean(input.showSoldPrice) && input.soldPrice !== undefined });
    const saved = await this.write((m) => this.saveListing(m, vehicle, before));
    return this.ownerView(saved);
  }

  /** Every price of a listing the viewer may see, oldest first. */
  async priceHistory(id: number, viewer: Viewer): Promise<PricePoint[]> {
    const vehicle = await this.visibleOr404(id, viewer);
    return this.lifecycle.history(vehicle.id);
  }

  async remove(id: number, editor: Viewer): Promise<void> {
    const vehicle = await this.editableOr404(id, editor);
    const revision = (await this.revisions.pendingFor([vehicle.id])).get(vehicle.id);
    // The pending revision goes with the listing (foreign key cascade), and so do its photos.
    await this.write((m) => m.delete(VehicleEntity, { id: vehicle.id }));
    await this.removePhotos([...vehicle.images, ...(revision ? this.revisions.photos(revision) : [])]);
  }

  /** Status changes (admin review): the one place status changes besides a seller's edit. */
  async setStatus(id: number, status: ListingStatus): Promise<OwnerVehicle> {
    const vehicle = await this.vehicles.findOneBy({ id });
    if (!vehicle) throw new NotFoundException('Vehicle not found');
    const before = snapshotOf(vehicle);
    vehicle.status = status;
    const saved = await this.write((m) => this.saveListing(m, vehicle, before));
    return this.ownerView(saved);
  }

  /**
   * A listing write made by another module (admin review and edits): `work` runs in one transaction with
   * the cache version bump. Saving the entity keeps its derived columns; a bare UPDATE must set them
   * (deriveListingColumns).
   */
  writeListing<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.write(work);
  }

  /**
   * Saves a listing inside a write (entity listeners derive the search columns) and keeps its lifecycle:
   * price history and reduction, first-live and sold dates. `before`: the listing as read before the
   * change, null for a new one.
   */
  async saveListing(m: EntityManager, vehicle: VehicleEntity, before: ListingSnapshot | null): Promise<VehicleEntity> {
    const saved = await m.save(vehicle);
    await this.lifecycle.afterWrite(m, before, saved);
    return saved;
  }

  /** After a saved write that dropped these photos: their files leave storage unless a listing still uses them. */
  removeDroppedPhotos(urls: string[]): Promise<void> {
    return this.removePhotos(urls);
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
      this.dataSource.options.type === 'better-sqlite3'
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
    if (!vehicle || !(vehicle.isPublic || owns(viewer, vehicle) || isAdmin(viewer))) throw new NotFoundException('Vehicle not found');
    return vehicle;
  }

  /** 404 when the listing does not exist for the editor, 403 when they may see but not change it. */
  private async editableOr404(id: number, editor: Viewer): Promise<VehicleEntity> {
    const vehicle = await this.visibleOr404(id, editor);
    if (!owns(editor, vehicle) && !isAdmin(editor)) throw new ForbiddenException('You can only change your own listings');
    return vehicle;
  }

  /** A listing write and the cache version bump, in one transaction (other modules: writeListing). */
  private async write<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(async (m) => {
        const result = await work(m);
        await this.cache.bump(m, LISTINGS_DATA_SET);
        return result;
      });
    } finally {
      this.cache.invalidate(LISTINGS_DATA_SET);
    }
  }

  /** The listing fields of the form; optional ones left out are cleared (PUT replaces the listing). */
  private fieldsOf(input: VehicleInputDto): Partial<VehicleEntity> {
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
      color: input.color ?? input.exteriorColor ?? null,
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

  /**
   * Deletes the stored files (every size variant) of photos no listing uses any more. A photo URL that
   * another listing still holds stays: a seller cannot remove someone else's photos by listing and
   * deleting them. Failures are logged; the listing change stands.
   */
  private async removePhotos(urls: string[]): Promise<void> {
    for (const url of urls) {
      if (!this.storage.owns(url)) continue;
      try {
        const stillUsed =
          (await this.vehicles
            .createQueryBuilder('v')
            .where(`v.images LIKE :pattern ESCAPE '!'`, { pattern: containsPattern(JSON.stringify(url)) })
            .getExists()) || (await this.revisions.holdsPhoto(this.dataSource.manager, url));
        if (stillUsed) continue;
        for (const file of imageVariantUrls(url)) await this.storage.delete(file);
      } catch (error) {
        this.logger.warn(`Could not remove photo ${url}: ${(error as Error).message}`);
      }
    }
  }
}
