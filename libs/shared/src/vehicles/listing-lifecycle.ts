import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNumber, IsOptional, IsString, Max, MaxLength } from 'class-validator';
import { emptyToUndefined } from '../common/transforms';
import { hasAtMostTwoDecimals, numeric, rule } from '../common/validators';
import { LISTING_LIMITS } from './limits';
import { carriesContactOrPayment, isLivePriceCut } from './live-edit-rules';
import { REVISABLE_FIELDS, type RevisableField } from './listing-fields';

/**
 * The life of a listing after it goes live (the market issue): price history and price drops, edits that
 * keep an approved listing on the market (live at once or held as a pending revision), sold.
 */

/** A listing field's value as the API carries it: a text, a number, a list of texts, or null when unset. */
export type ListingFieldValue = string | number | string[] | null;

export type RevisableFields = Record<RevisableField, ListingFieldValue>;

export function sameFieldValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  return (a ?? null) === (b ?? null);
}

const startsWith = <T>(list: readonly T[], prefix: readonly T[]) => prefix.every((item, i) => list[i] === item);

/** What the classification of a live edit needs besides the two versions: the listing's market estimate. */
export interface LiveEditContext {
  marketEstimate?: number | null;
}

/**
 * Whether changing one field of a live listing from `before` to `after` may go live without review
 * (DECISIONS.md): a price cut of at most 30 % and not below half the market estimate, a higher mileage,
 * photos added after the current ones, a description that keeps the current text and adds text without
 * contact details, links or payment words (live-edit-rules.ts).
 */
export function isLowRiskChange(field: RevisableField, before: unknown, after: unknown, context: LiveEditContext = {}): boolean {
  switch (field) {
    case 'price':
      return isLivePriceCut(before, after, context.marketEstimate);
    case 'mileage':
      return typeof before === 'number' && typeof after === 'number' && after > before;
    case 'images': {
      const was = (before ?? []) as string[];
      const now = (after ?? []) as string[];
      return now.length > was.length && startsWith(now, was);
    }
    case 'description': {
      const was = typeof before === 'string' ? before.trim() : '';
      const now = typeof after === 'string' ? after.trim() : '';
      return now.length > was.length && now.startsWith(was) && !carriesContactOrPayment(now.slice(was.length));
    }
    default:
      return false;
  }
}

export interface ClassifiedEdit {
  /** Changes that go live at once. */
  live: Partial<RevisableFields>;
  /** Changes held for review (empty: nothing to review). */
  review: Partial<RevisableFields>;
}

/** Splits an edit of a live listing into what goes live at once and what waits for review. */
export function classifyEdit(current: RevisableFields, proposed: RevisableFields, context: LiveEditContext = {}): ClassifiedEdit {
  const live: Partial<RevisableFields> = {};
  const review: Partial<RevisableFields> = {};
  for (const field of REVISABLE_FIELDS) {
    if (sameFieldValue(current[field], proposed[field])) continue;
    const side = isLowRiskChange(field, current[field], proposed[field], context) ? live : review;
    side[field] = proposed[field];
  }
  return { live, review };
}

/** A seller's changes to a live listing that wait for staff (`pendingRevision` of the owner's shape). */
export interface PendingRevision {
  id: number;
  /** The proposed values of the changed fields. */
  changes: Partial<RevisableFields>;
  createdAt: string;
}

/** One changed field of a revision, the live value beside the proposed one. */
export interface RevisionFieldDiff {
  field: RevisableField;
  label: string;
  before: ListingFieldValue;
  after: ListingFieldValue;
}

/** Reasons staff give when they refuse a listing or a revision (a note may add detail). */
export const REJECTION_REASONS = [
  { value: 'photos', label: 'Photos are missing, unclear or not of this vehicle' },
  { value: 'price', label: 'The price looks wrong' },
  { value: 'details', label: 'Details are wrong or contradict each other' },
  { value: 'vin', label: 'The VIN is invalid or does not match the vehicle' },
  { value: 'duplicate', label: 'The vehicle is already listed' },
  { value: 'prohibited', label: 'Prohibited content or contact details in the text' },
  { value: 'suspected-fraud', label: 'Suspected fraud' },
  { value: 'other', label: 'Other' },
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number]['value'];
const REJECTION_REASON_VALUES = REJECTION_REASONS.map((r) => r.value) as string[];

export function rejectionReasonLabel(value: string | null | undefined): string {
  return REJECTION_REASONS.find((r) => r.value === value)?.label ?? '';
}

/** Why staff rejected a listing, as its owner sees it (`reason` null: rejected without one). */
export interface ListingRejection {
  reason: RejectionReason | null;
  /** The reason's label ("The price looks wrong"), '' without a reason. */
  label: string;
  note: string | null;
}

/** `POST /api/admin/revisions/{id}/reject` (and a listing's rejection): a reason from the list, an optional note. */
export class RejectDto {
  @IsIn(REJECTION_REASON_VALUES, { message: `reason must be one of: ${REJECTION_REASON_VALUES.join(', ')}` })
  reason!: RejectionReason;

  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(1000, { message: 'The note must be at most 1000 characters' })
  @IsString()
  note?: string;
}

/** `POST /api/vehicles/{id}/sold`: the sold price is optional; shown publicly only when the seller agrees. */
export class MarkSoldDto {
  @IsOptional()
  @Transform(numeric)
  @rule('money', (v) => v === undefined || hasAtMostTwoDecimals(v), 'Sold price may have at most 2 decimals')
  @Max(LISTING_LIMITS.maxPrice, { message: 'Sold price must be at most $99,999,999.99' })
  @rule('positive', (v) => typeof v === 'number' && v > 0, 'Sold price must be greater than 0')
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Sold price must be a number' })
  soldPrice?: number;

  @IsOptional()
  @IsBoolean({ message: 'showSoldPrice must be true or false' })
  showSoldPrice?: boolean;
}
