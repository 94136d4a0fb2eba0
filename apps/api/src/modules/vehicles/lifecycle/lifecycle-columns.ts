import type { ListingStatus } from '@app/shared';
import { dealColumns, type MarketColumns } from '../pricing/market-columns';

/** Columns of a listing's life that the ListingWriter keeps from one write to the next. */
export interface LifecycleColumns {
  publishedAt: Date | null;
  soldAt: Date | null;
  soldPrice: number | null;
  soldPriceShown: boolean;
  priceReducedAt: Date | null;
  priceReducedFrom: number | null;
  rejectionReason: string | null;
  rejectionNote: string | null;
}

export const LIFECYCLE_COLUMNS = ['publishedAt', 'soldAt', 'priceReducedAt', 'priceReducedFrom'] as const;

type Row = { price: number; status: ListingStatus; expectedPrice?: number | null; createdAt?: Date } & Partial<LifecycleColumns>;

/**
 * What a write changes in the listing's life (only the columns that change): the latest price reduction
 * (a later increase clears it), the first time it goes live, when it is sold (cleared with the sold price
 * when it leaves sold). `before` is null for a new listing, `next` the row as it will be stored.
 */
export function lifecycleColumns(before: Row | null, next: Row, now = new Date()): Partial<LifecycleColumns & MarketColumns> {
  const patch: Partial<LifecycleColumns & MarketColumns> = {};
  if (before && Number(next.price) !== Number(before.price)) {
    // The deal rating follows the price until the next market estimate.
    if (next.expectedPrice != null) Object.assign(patch, dealColumns(next.price, next.expectedPrice));
    if (Number(next.price) < Number(before.price)) Object.assign(patch, { priceReducedAt: now, priceReducedFrom: before.price });
    else if (next.priceReducedAt) Object.assign(patch, { priceReducedAt: null, priceReducedFrom: null });
  }
  // An imported listing (created live, with its own creation date) went live when it was created.
  const wentLive = before === null && next.createdAt ? next.createdAt : now;
  if ((next.status === 'approved' || next.status === 'sold') && !next.publishedAt) patch.publishedAt = wentLive;
  if (next.status === 'sold' && !next.soldAt) patch.soldAt = wentLive;
  if (next.status !== 'sold' && (next.soldAt || next.soldPrice != null || next.soldPriceShown)) {
    Object.assign(patch, { soldAt: null, soldPrice: null, soldPriceShown: false });
  }
  if (next.status !== 'rejected' && (next.rejectionReason || next.rejectionNote)) Object.assign(patch, { rejectionReason: null, rejectionNote: null });
  return patch;
}
