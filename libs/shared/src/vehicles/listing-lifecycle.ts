import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNumber, IsOptional, IsString, Max, MaxLength } from 'class-validator';
import { formatPrice, vehicleTitle } from '../common/format';
import { emptyToUndefined } from '../common/transforms';
import { hasAtMostTwoDecimals, numeric, rule } from '../common/validators';
import { LISTING_LIMITS } from './limits';
import { carriesContactOrPayment, isLivePriceCut } from './live-edit-rules';
import { REVISABLE_FIELDS, type RevisableField } from './listing-fields';

/**
 * The life of a listing after it goes live (the market issue): price history and price drops, edits that
 * keep an approved listing on the market (live at once or held as a pending revision), sold.
 */

/** How long a price drop is shown on cards and the detail page. */
export const PRICE_DROP_DAYS = 30;

/** The latest price reduction of a listing, within the last PRICE_DROP_DAYS days. */
export interface PriceDrop {
  /** Dollars below the price before the reduction. */
  amount: number;
  previousPrice: number;
  /** When the price was reduced (ISO 8601). */
  at: string;
}

/** One entry of `GET /api/vehicles/{id}/price-history`, oldest first: the price from `at` on. */
export interface PricePoint {
  price: number;
  at: string;
}

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

/** Whole days from `from` to `to` (days on market). */
export function daysBetween(from: Date | string, to: Date | string): number {
  return Math.max(0, Math.floor((new Date(to).getTime() - new Date(from).getTime()) / 86_400_000));
}

// Month names by hand, not Intl.DateTimeFormat: a formatter with a time zone costs a phone a page's start
// (see format.ts), for English month abbreviations that never change.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function utcDate(at: string | Date): Date {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

/** "Nov 12" (UTC). */
export function formatShortDate(at: string | Date): string {
  const date = utcDate(at);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** "Nov 12, 2026" (UTC). */
export function formatDate(at: string | Date): string {
  const date = utcDate(at);
  return `${formatShortDate(date)}, ${date.getUTCFullYear()}`;
}

/** "Price drop: $1,500 on Nov 12". */
export function priceDropText(drop: PriceDrop): string {
  return `Price drop: ${formatPrice(drop.amount)} on ${formatShortDate(drop.at)}`;
}

/** "12 days on market" / "1 day on market". */
export function daysOnMarketText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} on market`;
}

/** The sold state in a page title: "Sold", or "Sold for $41,000" where the seller agreed to show the price. */
export function soldText(soldPrice: number | null): string {
  return soldPrice !== null ? `Sold for ${formatPrice(soldPrice)}` : 'Sold';
}

/**
 * The title of a listing's page (before " | site name"), the same in the server's page head and the
 * storefront's document title: "2021 BMW X5 xDrive40i for sale – $46,000"; a sold listing is not for sale:
 * "2021 BMW X5 xDrive40i – Sold" (or "– Sold for $41,000" where the seller agreed; `soldPrice` is the public one).
 */
export function listingPageTitle(v: { year: number; make: string; model: string; trim?: string | null; price: number; status: string; soldPrice: number | null }): string {
  const name = vehicleTitle(v, true);
  return v.status === 'sold' ? `${name} – ${soldText(v.soldPrice)}` : `${name} for sale – ${formatPrice(v.price)}`;
}

/** What the "Certified" badge (an approved listing) means, wherever it is shown: a short line and the detail. */
export const CERTIFIED_EXPLANATION = {
  summary: 'Reviewed and approved by our staff',
  details:
    "Our staff checked this listing's details, photos and VIN before it went live. It is not a mechanical inspection or a manufacturer's certified pre-owned program.",
} as const;
