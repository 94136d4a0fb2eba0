import { dealRatingOf } from '@app/shared';

/**
 * The sort key of an unrated listing in "Best deals first": after every rated one. dealScore is null for
 * those, and `ORDER BY dealScore IS NULL, dealScore` cannot read an index (MariaDB sorted every matching row:
 * a p95 of 1 s at 100,000 listings), so the sort reads dealRank, never null, through (isPublic, dealRank).
 */
export const UNRATED_DEAL_RANK = 1_000_000_000;

/** The market columns of a listing: the scheduled estimate and what follows from it and the price. */
export interface MarketColumns {
  expectedPrice: number | null;
  dealComparables: number | null;
  dealBasis: string | null;
  dealScore: number | null;
  /** dealScore, or UNRATED_DEAL_RANK without one. */
  dealRank: number;
  dealRating: string | null;
}

export const MARKET_COLUMNS = ['expectedPrice', 'dealComparables', 'dealBasis', 'dealScore', 'dealRank', 'dealRating'] as const;

/** The gap and rating of a price against the estimate (both null without an estimate). */
export function dealColumns(price: number, expectedPrice: number | null): Pick<MarketColumns, 'dealScore' | 'dealRank' | 'dealRating'> {
  if (expectedPrice === null || !(expectedPrice > 0)) return { dealScore: null, dealRank: UNRATED_DEAL_RANK, dealRating: null };
  const dealScore = (Number(price) - expectedPrice) / expectedPrice;
  return { dealScore, dealRank: dealScore, dealRating: dealRatingOf(Number(price), expectedPrice) };
}
