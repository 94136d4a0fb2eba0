import { dealRatingOf } from '@app/shared';

/** The market columns of a listing: the scheduled estimate and what follows from it and the price. */
export interface MarketColumns {
  expectedPrice: number | null;
  dealComparables: number | null;
  dealScore: number | null;
  dealRating: string | null;
}

export const MARKET_COLUMNS = ['expectedPrice', 'dealComparables', 'dealScore', 'dealRating'] as const;

/** The gap and rating of a price against the estimate (both null without an estimate). */
export function dealColumns(price: number, expectedPrice: number | null): Pick<MarketColumns, 'dealScore' | 'dealRating'> {
  if (expectedPrice === null || !(expectedPrice > 0)) return { dealScore: null, dealRating: null };
  return { dealScore: (Number(price) - expectedPrice) / expectedPrice, dealRating: dealRatingOf(Number(price), expectedPrice) };
}
