import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  ADMIN_EDITABLE_FIELDS,
  AdminStats,
  AdminVehicle,
  LISTING_STATUSES,
  ListingStatus,
  PageQueryDto,
  Paginated,
  STATUS_TRANSITIONS,
  canChangeStatus,
} from '@app/shared';
import { VehicleEntity } from '../vehicles/entities/vehicle.entity';
import type { UserEntity } from '../users/entities/user.entity';
import { ListingWriter, userActor, type ListingField, type ListingFields } from '../vehicles/listing-writer.service';
import { toAdminVehicle } from './admin-mappers';
import type { AdminVehicleEditDto } from './dto/admin-vehicle-edit.dto';

/** Columns that hold lists: `null` from the form clears them to an empty list. */
const LIST_FIELDS = new Set<string>(['features', 'images', 'recentServices']);

type Changes = Partial<Record<ListingField, unknown>>;

/** The admins' work on listings: review lists, counts, status changes and edits (audited by AuditService). */
@Injectable()
export class AdminVehiclesService {
  constructor(
    @InjectRepository(VehicleEntity) private readonly vehicles: Repository<VehicleEntity>,
    private readonly writer: ListingWriter,
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
  async changeStatus(id: number, status: ListingStatus, admin: Pick<UserEntity, 'id' | 'role'>): Promise<AdminVehicle> {
    const before = await this.find(id);
    if (before.status !== status) {
      if (!canChangeStatus(before.status, status)) {
        const allowed = STATUS_TRANSITIONS[before.status].join(', ');
        throw new ConflictException(`A ${before.status} listing cannot be marked ${status} (allowed: ${allowed})`);
      }
      await this.writer.write(userActor(admin), [{ before, after: { status } }]);
    }
    return this.load(id);
  }

  /**
   * Applies the admin edit modal's fields and the Featured flag; live at once (the status is kept). Only
   * fields that really change are written (and so audited); nothing changed records nothing. Photos
   * dropped by the edit leave storage once it is saved.
   */
  async edit(id: number, input: AdminVehicleEditDto, admin: Pick<UserEntity, 'id' | 'role'>): Promise<AdminVehicle> {
    const before = await this.find(id);
    await this.writer.write(userActor(admin), [{ before, after: this.changesOf(before, input) }]);
    return this.load(id);
  }

  /** The fields the admin sent, as they would be stored (the writer keeps those that differ). */
  private changesOf(vehicle: VehicleEntity, input: AdminVehicleEditDto): Partial<ListingFields> {
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

    return wanted as Partial<ListingFields>;
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
    return { items: rows.map(toAdminVehicle), total, page: query.page, limit: query.limit };
  }

  private async find(id: number): Promise<VehicleEntity> {
    const vehicle = await this.vehicles.findOneBy({ id });
    if (!vehicle) throw new NotFoundException('Listing not found');
    return vehicle;
  }

  private async load(id: number): Promise<AdminVehicle> {
    const vehicle = await this.vehicles.findOne({ where: { id }, relations: { user: true } });
    if (!vehicle) throw new NotFoundException('Listing not found');
    return toAdminVehicle(vehicle);
  }
}
