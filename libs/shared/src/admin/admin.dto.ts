import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PageQueryDto } from '../common/pagination';
import { toBoolean, toInteger } from '../common/transforms';
import { LISTING_STATUSES, type ListingStatus } from '../vehicles/vocabularies';

/**
 * Status changes an admin may make. A listing becomes `sold` only from `approved`: sold listings are
 * public, so one that was never reviewed (pending) or was refused (rejected) cannot reach the public
 * that way. Every other move between the four statuses is allowed (approve, reject, take down, reopen).
 */
export const STATUS_TRANSITIONS: Record<ListingStatus, readonly ListingStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['pending', 'rejected', 'sold'],
  rejected: ['pending', 'approved'],
  sold: ['approved', 'pending', 'rejected'],
};

export function canChangeStatus(from: ListingStatus, to: ListingStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/**
 * The listing fields of the admin edit modal (SPEC.md section 3), editable by `PATCH
 * /api/admin/vehicles/{id}` together with `isFeatured`, under the rules of VehicleInputDto.
 */
export const ADMIN_EDITABLE_FIELDS = [
  'make',
  'model',
  'year',
  'trim',
  'mileage',
  'price',
  'condition',
  'location',
  'exteriorColor',
  'interiorColor',
  'engine',
  'transmission',
  'description',
  'images',
  'coverPhotoIndex',
  'features',
  'recentServices',
  'contactFirstName',
  'contactLastName',
  'contactLocation',
] as const;
export type AdminEditableField = (typeof ADMIN_EDITABLE_FIELDS)[number];

/** `PATCH /api/admin/vehicles/{id}/status`. */
export class UpdateListingStatusDto {
  @IsIn(LISTING_STATUSES, { message: `status must be one of ${LISTING_STATUSES.join(', ')}` })
  status!: ListingStatus;
}

const listingId = { message: 'vehicleId must be a listing id' };

/** `GET /api/admin/audit?vehicleId=&page=&limit=`. */
export class AuditQueryDto extends PageQueryDto {
  @IsOptional()
  @Transform(toInteger)
  @Max(2_147_483_647, listingId)
  @Min(1, listingId)
  @IsInt(listingId)
  vehicleId?: number;
}

/** `GET /api/admin/inquiries?vehicleId=&handled=true|false&page=&limit=`. */
export class InquiryQueryDto extends PageQueryDto {
  @IsOptional()
  @Transform(toInteger)
  @Max(2_147_483_647, listingId)
  @Min(1, listingId)
  @IsInt(listingId)
  vehicleId?: number;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'handled must be true or false' })
  handled?: boolean;
}

/** `PATCH /api/admin/inquiries/{id}`: `{ handled: true }` marks it handled, `false` reopens it. */
export class UpdateInquiryDto {
  @IsBoolean({ message: 'handled must be true or false' })
  handled!: boolean;
}
