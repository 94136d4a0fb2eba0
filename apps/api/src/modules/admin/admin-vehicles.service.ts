import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  ADMIN_EDITABLE_FIELDS,
  AdminStats,
  AdminVehicle,
  ListingStatus,
  PageQueryDto,
  Paginated,
  STATUS_TRANSITIONS,
  canChangeStatus,
} from '@app/shared';
import type { VehicleEntity } from '../vehicles/entities/vehicle.entity';
import type { UserEntity } from '../users/entities/user.entity';
import { ListingReader } from '../vehicles/listing-reader.service';
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
    private readonly reader: ListingReader,
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
    const counts = await this.reader.countByStatus();
    return { total: Object.values(counts).reduce((sum, n) => sum + n, 0), ...counts };
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
    const { rows, total } = await this.reader.pageByStatus(status, order, query.page, query.limit);
    return { items: rows.map(toAdminVehicle), total, page: query.page, limit: query.limit };
  }

  private async find(id: number): Promise<VehicleEntity> {
    const vehicle = await this.reader.byId(id);
    if (!vehicle) throw new NotFoundException('Listing not found');
    return vehicle;
  }

  private async load(id: number): Promise<AdminVehicle> {
    const vehicle = await this.reader.withSeller(id);
    if (!vehicle) throw new NotFoundException('Listing not found');
    return toAdminVehicle(vehicle);
  }
}
