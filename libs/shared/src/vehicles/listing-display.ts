import { formatPrice, vehicleTitle } from '../common/format';

/**
 * How a listing's life (listing-lifecycle.ts) reads on cards, pages and titles: price drops, dates, days on
 * market, sold, the Certified badge. Kept apart from the lifecycle's request DTOs so that the storefront's cards
 * and pages take these without class-validator and class-transformer (some 4 KB gzip of every public page).
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
