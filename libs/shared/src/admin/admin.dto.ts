import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, type ValidationArguments } from 'class-validator';
import { PageQueryDto } from '../common/pagination';
import { emptyToUndefined, toBoolean, toInteger } from '../common/transforms';
import { rule } from '../common/validators';
import { REJECTION_REASONS, type RejectionReason } from '../vehicles/listing-lifecycle';
import { LISTING_STATUSES, type ListingStatus } from '../vehicles/vocabularies';
import { MAIL_STATUSES, type MailStatus } from './mail.contract';

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


const REJECTION_REASON_VALUES = REJECTION_REASONS.map((r) => r.value) as string[];
const rejecting = (args: ValidationArguments) => (args.object as { status?: unknown }).status === 'rejected';

/**
 * `PATCH /api/admin/vehicles/{id}/status`. Rejecting may carry the reason from REJECTION_REASONS and a note
 * (the console always asks; the seller sees them on the dashboard and by e-mail); other statuses take neither.
 */
export class UpdateListingStatusDto {
  @IsIn(LISTING_STATUSES, { message: `status must be one of ${LISTING_STATUSES.join(', ')}` })
  status!: ListingStatus;

  // A reason or note with another status is refused rather than silently dropped.
  @IsOptional()
  @rule('onlyWhenRejecting', (_v, args) => rejecting(args), 'reason goes only with status rejected')
  @IsIn(REJECTION_REASON_VALUES, { message: `reason must be one of: ${REJECTION_REASON_VALUES.join(', ')}` })
  reason?: RejectionReason;

  @IsOptional()
  @Transform(emptyToUndefined)
  @rule('onlyWhenRejecting', (_v, args) => rejecting(args), 'note goes only with status rejected')
  @MaxLength(1000, { message: 'The note must be at most 1000 characters' })
  @IsString({ message: 'note must be text' })
  note?: string;
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

/** `GET /api/admin/mail?status=`: failed (the default), pending or sent. */
export class MailQueryDto {
  @IsOptional()
  @IsIn(MAIL_STATUSES, { message: `status must be one of: ${MAIL_STATUSES.join(', ')}` })
  status?: MailStatus;
}
