import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import {
  ADMIN_EDITABLE_FIELDS,
  AdminRevision,
  AdminStats,
  AdminVehicle,
  AuditAction,
  LISTING_STATUSES,
  ListingStatus,
  PageQueryDto,
  Paginated,
  STATUS_TRANSITIONS,
  RejectDto,
  canChangeStatus,
} from '@app/shared';
import { VehicleEntity } from '../vehicles/entities/vehicle.entity';
import { ListingLifecycleService, snapshotOf } from '../vehicles/lifecycle/listing-lifecycle.service';
import { ListingRevisionsService, revisionDiff } from '../vehicles/lifecycle/listing-revisions.service';
import { deriveListingColumns } from '../vehicles/vehicle-derived';
import { VehiclesService } from '../vehicles/vehicles.service';
import { toAdminVehicle, toStaffUser } from './admin-mappers';
import { AuditService } from './audit.service';
import type { AdminVehicleEditDto } from './dto/admin-vehicle-edit.dto';

/** Columns that hold lists: `null` from the form clears them to an empty list. */
const LIST_FIELDS = new Set<string>(['features', 'images', 'recentServices']);

type Changes = Partial<Record<keyof VehicleEntity, unknown>>;

/** The admins' work on listings: review lists, counts, status changes and edits, each audited. */
@Injectable()
export class AdminVehiclesService {
  constructor(
    @InjectRepository(VehicleEntity) private readonly vehicles: Repository<VehicleEntity>,
    private readonly listings: VehiclesService,
    private readonly audit: AuditService,
    private readonly lifecycle: ListingLifecycleService,
    private readonly revisions: ListingRevisionsService,
  ) {}

  /** Pending listings, oldest first (the review queue), with the seller's account. */
  pending(query: PageQueryDto): Promise<Paginated<AdminVehicle>> {
    return this.list('pending', 'ASC', query);
  }

  /** Approved listings, newest first. */
  approved(query: PageQueryDto): Promise<Paginated<AdminVehicle>> {
    return this.list('approved', 'DESC', query);
  }

  async stats(): Promise<AdminStats> {
    const rows = (await this.vehicles
      .createQueryBuilder('v')
      .select('v.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('v.status')
      .getRawMany()) as { status: ListingStatus; count: number | string }[];
    const stats: AdminStats = { total: 0, pending: 0, approved: 0, rejected: 0, sold: 0 };
    for (const { status, count } of rows) {
      stats.total += Number(count);
      if ((LISTING_STATUSES as readonly string[]).includes(status)) stats[status] += Number(count);
    }
    return stats;
  }

  /**
   * Moves a listing to another status (STATUS_TRANSITIONS): 404 unknown listing, 409 a move that is not
   * allowed (or a concurrent change won). The same status again changes nothing and records nothing.
   */
  async changeStatus(id: number, status: ListingStatus, actorId: number): Promise<AdminVehicle> {
    const current = await this.find(this.vehicles.manager, id);
    if (current.status === status) return this.load(id);
    await this.listings.writeListing(async (manager) => {
      const vehicle = await this.find(manager, id);
      if (!canChangeStatus(vehicle.status, status)) {
        const allowed = STATUS_TRANSITIONS[vehicle.status].join(', ');
        throw new ConflictException(`A ${vehicle.status} listing cannot be marked ${status} (allowed: ${allowed})`);
      }
      // Only if nobody changed the status since it was read (no row locks on SQLite); the derived
      // columns (isPublic) follow the status.
      const result = await manager.update(VehicleEntity, { id, status: vehicle.status }, { status, ...deriveListingColumns({ ...vehicle, status }) });
      if (!result.affected) throw new ConflictException('The listing was changed meanwhile; reload it and try again');
      await this.audit.record(manager, { actorId, action: 'status', vehicleId: id, before: { status: vehicle.status }, after: { status } });
      await this.lifecycle.afterWrite(manager, snapshotOf(vehicle), Object.assign(vehicle, { status }));
    });
    return this.load(id);
  }

  /**
   * Applies the admin edit modal's fields and the Featured flag; live at once (the status is kept). Only
   * fields that really change are written and audited; nothing changed records nothing. Photos dropped by
   * the edit leave storage once it is saved.
   */
  async edit(id: number, input: AdminVehicleEditDto, actorId: number): Promise<AdminVehicle> {
    if (Object.keys(this.changesOf(await this.find(this.vehicles.manager, id), input)).length === 0) return this.load(id);
    const dropped = await this.listings.writeListing(async (manager) => {
      const vehicle = await this.find(manager, id);
      const changes = this.changesOf(vehicle, input);
      const fields = Object.keys(changes) as (keyof VehicleEntity)[];
      if (fields.length === 0) return [];
      const before = Object.fromEntries(fields.map((f) => [f, vehicle[f]]));
      const droppedImages = changes.images ? vehicle.images.filter((url) => !(changes.images as string[]).includes(url)) : [];
      const snapshot = snapshotOf(vehicle);
      await this.listings.saveListing(manager, Object.assign(vehicle, changes), snapshot);
      const after = Object.fromEntries(fields.map((f) => [f, changes[f]]));
      const action: AuditAction = fields.length === 1 && fields[0] === 'isFeatured' ? (changes.isFeatured ? 'feature' : 'unfeature') : 'edit';
      await this.audit.record(manager, { actorId, action, vehicleId: id, before, after });
      return droppedImages;
    });
    await this.listings.removeDroppedPhotos(dropped);
    return this.load(id);
  }

  /** Sellers' pending changes to live listings, oldest first, each as a field-by-field diff against the live version. */
  async pendingRevisions(query: PageQueryDto): Promise<Paginated<AdminRevision>> {
    const [rows, total] = await this.revisions.pendingPage(query.page, query.limit);
    const items = rows.map((r) => ({
      id: r.id,
      vehicle: toAdminVehicle(r.vehicle!, r),
      author: toStaffUser(r.author),
      diff: revisionDiff(r.vehicle!, r.changes),
      createdAt: new Date(r.createdAt).toISOString(),
    }));
    return { items, total, page: query.page, limit: query.limit };
  }

  /**
   * Applies a pending revision to its listing (live at once) and records the decision and the audit entry in
   * the same transaction. 404 unknown (or replaced by a newer edit), 409 already decided.
   */
  async approveRevision(id: number, actorId: number): Promise<AdminVehicle> {
    const { vehicleId, dropped } = await this.listings.writeListing(async (manager) => {
      const revision = await this.revisions.pendingOr409(manager, id);
      const vehicle = await this.find(manager, revision.vehicleId);
      const diff = revisionDiff(vehicle, revision.changes);
      const images = revision.changes.images as string[] | undefined;
      const droppedImages = images ? vehicle.images.filter((url) => !images.includes(url)) : [];
      const snapshot = snapshotOf(vehicle);
      Object.assign(vehicle, revision.changes);
      if (vehicle.coverPhotoIndex >= vehicle.images.length) vehicle.coverPhotoIndex = 0;
      await this.listings.saveListing(manager, vehicle, snapshot);
      await this.revisions.decide(manager, revision, { status: 'approved' }, actorId);
      await this.audit.record(manager, {
        actorId,
        action: 'approve-revision',
        vehicleId: vehicle.id,
        before: Object.fromEntries(diff.map((d) => [d.field, d.before])),
        after: Object.fromEntries(diff.map((d) => [d.field, d.after])),
      });
      return { vehicleId: vehicle.id, dropped: droppedImages };
    });
    await this.listings.removeDroppedPhotos(dropped);
    return this.load(vehicleId);
  }

  /** Refuses a pending revision with a reason (the live listing stays as it is); its new photos leave storage. */
  async rejectRevision(id: number, input: RejectDto, actorId: number): Promise<AdminVehicle> {
    const { vehicleId, dropped } = await this.vehicles.manager.transaction(async (manager) => {
      const revision = await this.revisions.pendingOr409(manager, id);
      const vehicle = await this.find(manager, revision.vehicleId);
      const note = input.note ?? null;
      await this.revisions.decide(manager, revision, { status: 'rejected', reason: input.reason, note }, actorId);
      await this.audit.record(manager, {
        actorId,
        action: 'reject-revision',
        vehicleId: vehicle.id,
        before: { revision: revision.id },
        after: { reason: input.reason, note },
      });
      return { vehicleId: vehicle.id, dropped: this.revisions.photos(revision).filter((url) => !vehicle.images.includes(url)) };
    });
    await this.listings.removeDroppedPhotos(dropped);
    return this.load(vehicleId);
  }

  private changesOf(vehicle: VehicleEntity, input: AdminVehicleEditDto): Changes {
    const wanted: Changes = {};
    for (const field of ADMIN_EDITABLE_FIELDS) {
      // Only the fields the admin sent: an optional field sent empty arrives as undefined (cleared).
      if (!Object.prototype.hasOwnProperty.call(input, field)) continue;
      const value = input[field] ?? null;
      wanted[field] = value === null && LIST_FIELDS.has(field) ? [] : value;
    }
    if (input.isFeatured !== undefined) wanted.isFeatured = input.isFeatured;

    // The listing rules check a cover sent with its photos; photos sent alone that no longer reach the
    // current cover make the first photo the cover (as the admin modal does).
    if (wanted.coverPhotoIndex === null) wanted.coverPhotoIndex = 0;
    const images = wanted.images as string[] | undefined;
    if (wanted.coverPhotoIndex === undefined && images !== undefined && vehicle.coverPhotoIndex >= images.length) wanted.coverPhotoIndex = 0;
    // `color` (shown in the admin lists) follows the exterior colour unless it was set on its own.
    if (wanted.exteriorColor !== undefined && (vehicle.color === null || vehicle.color === vehicle.exteriorColor)) {
      wanted.color = wanted.exteriorColor;
    }

    const changes: Changes = {};
    for (const [field, value] of Object.entries(wanted) as [keyof VehicleEntity, unknown][]) {
      if (!sameValue(vehicle[field], value)) changes[field] = value;
    }
    return changes;
  }

  private async list(status: ListingStatus, order: 'ASC' | 'DESC', query: PageQueryDto): Promise<Paginated<AdminVehicle>> {
    const [rows, total] = await this.vehicles
      .createQueryBuilder('v')
      .leftJoinAndSelect('v.user', 'seller')
      .where('v.status = :status', { status })
      .orderBy('v.createdAt', order)
      .addOrderBy('v.id', order)
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .getManyAndCount();
    const pending = await this.revisions.pendingFor(rows.map((v) => v.id));
    return { items: rows.map((v) => toAdminVehicle(v, pending.get(v.id))), total, page: query.page, limit: query.limit };
  }

  private async find(manager: EntityManager, id: number): Promise<VehicleEntity> {
    const vehicle = await manager.findOneBy(VehicleEntity, { id });
    if (!vehicle) throw new NotFoundException('Listing not found');
    return vehicle;
  }

  private async load(id: number): Promise<AdminVehicle> {
    const vehicle = await this.vehicles.findOne({ where: { id }, relations: { user: true } });
    if (!vehicle) throw new NotFoundException('Listing not found');
    const pending = await this.revisions.pendingFor([id]);
    return toAdminVehicle(vehicle, pending.get(id));
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') return Boolean(a) === Boolean(b) && a !== null && b !== null;
  return (a ?? null) === (b ?? null);
}
