import { formatPrice } from '../common/format';

/**
 * Deal ratings: a listing's price against the market price estimated from comparable listings (same make
 * and model, year within a few years, adjusted for mileage, year and condition).
 */
export const DEAL_RATINGS = ['great', 'good', 'fair', 'high', 'overpriced'] as const;
export type DealRating = (typeof DEAL_RATINGS)[number];

export const DEAL_RATING_LABELS: Record<DealRating, string> = {
  great: 'Great deal',
  good: 'Good deal',
  fair: 'Fair price',
  high: 'High price',
  overpriced: 'Overpriced',
};

/** Upper bound of each rating on (price − expected) / expected. */
export const DEAL_THRESHOLDS: Record<Exclude<DealRating, 'overpriced'>, number> = { great: -0.1, good: -0.04, fair: 0.05, high: 0.15 };

/** Fewer comparables than this: no rating. */
export const MIN_COMPARABLES = 4;

export function dealRatingOf(price: number, expectedPrice: number): DealRating {
  const gap = (price - expectedPrice) / expectedPrice;
  for (const rating of ['great', 'good', 'fair', 'high'] as const) if (gap <= DEAL_THRESHOLDS[rating]) return rating;
  return 'overpriced';
}

/** `priceAnalysis` of public answers: null fields when the market is unknown (too few comparables). */
export interface PriceAnalysis {
  rating: DealRating | null;
  expectedPrice: number | null;
  /** price − expectedPrice: negative below market. */
  difference: number | null;
  comparables: number | null;
}

export const NO_PRICE_ANALYSIS: PriceAnalysis = { rating: null, expectedPrice: null, difference: null, comparables: null };

/** "$2,300 below market, based on 37 similar listings". */
export function priceAnalysisText(a: PriceAnalysis): string | null {
  if (a.rating === null || a.difference === null || a.comparables === null) return null;
  const gap = Math.round(Math.abs(a.difference));
  const where = gap < 100 ? 'At market price' : `${formatPrice(gap)} ${a.difference < 0 ? 'below' : 'above'} market`;
  return `${where}, based on ${a.comparables} similar listing${a.comparables === 1 ? '' : 's'}`;
}

/** Search filter "Good deals and better" (deal=good) and "Great deals" (deal=great). */
export const DEAL_FILTERS = ['good', 'great'] as const;
export type DealFilter = (typeof DEAL_FILTERS)[number];

/** The search page's deal filter choices (each matches the ratings listed). */
export const DEAL_FILTER_OPTIONS = [
  { value: 'good', label: 'Good deals and better', matches: ['great', 'good'] },
  { value: 'great', label: 'Great deals', matches: ['great'] },
] as const;

/** One sentence on how the market price is estimated (the detail page). */
export const PRICE_ANALYSIS_EXPLANATION =
  'We compare the price with similar listings on our site: the same make and model, a model year within 3 years, adjusted for mileage, age and condition.';
