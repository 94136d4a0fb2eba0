import { formatCount, formatPrice } from '../common/format';
import { SEARCH_FILTERS } from './vocabularies';

/**
 * Deal ratings: a listing's price against the market price estimated from comparable listings and past
 * sales (same make and model, adjusted for age, mileage and condition; pulled toward the make's cars of
 * its class, the class and the whole market when the model has few).
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

/**
 * What an estimate rests on: the model's own comparables ("based on 37 similar listings"), or mostly its
 * class ("estimated from 412 cars of this class"), or the whole market.
 */
export const MARKET_BASES = ['model', 'class', 'market'] as const;
export type MarketBasis = (typeof MARKET_BASES)[number];

/**
 * The largest standard error (log scale: 0.06 ≈ 6 %) of an estimate that still rates a price. A rating's
 * bands are 4 to 10 % wide: a less certain estimate would rate noise, so the listing shows no rating.
 */
export const MAX_ESTIMATE_SPREAD = 0.06;

/** The body class of a stored body type (the search filter's value: 4-door-sedan is a sedan), '' when unknown. */
export function bodyClassOf(bodyType: string | null | undefined): string {
  if (!bodyType) return '';
  return SEARCH_FILTERS.bodyType.find((o) => (o.matches as readonly string[]).includes(bodyType))?.value ?? bodyType;
}

export function dealRatingOf(price: number, expectedPrice: number): DealRating {
  const gap = (price - expectedPrice) / expectedPrice;
  for (const rating of ['great', 'good', 'fair', 'high'] as const) if (gap <= DEAL_THRESHOLDS[rating]) return rating;
  return 'overpriced';
}

/** `priceAnalysis` of public answers: null fields when the market is unknown (too uncertain an estimate, sold). */
export interface PriceAnalysis {
  rating: DealRating | null;
  expectedPrice: number | null;
  /** price − expectedPrice: negative below market. */
  difference: number | null;
  /** How many cars the estimate rests on (of its basis). */
  comparables: number | null;
  /** What the estimate rests on: the model's comparables, its class, or the whole market. */
  basis: MarketBasis | null;
}

export const NO_PRICE_ANALYSIS: PriceAnalysis = { rating: null, expectedPrice: null, difference: null, comparables: null, basis: null };

/** "based on 37 similar listings" / "estimated from 412 cars of this class" / "estimated from 3,000 cars on our market". */
export function marketBasisText(basis: MarketBasis, comparables: number): string {
  const count = formatCount(comparables);
  if (basis === 'model') return `based on ${count} similar listing${comparables === 1 ? '' : 's'}`;
  if (basis === 'class') return `estimated from ${count} cars of this class`;
  return `estimated from ${count} cars on our market`;
}

/** "$2,300 below market, based on 37 similar listings". */
export function priceAnalysisText(a: PriceAnalysis): string | null {
  if (a.rating === null || a.difference === null || a.comparables === null) return null;
  const gap = Math.round(Math.abs(a.difference));
  const where = gap < 100 ? 'At market price' : `${formatPrice(gap)} ${a.difference < 0 ? 'below' : 'above'} market`;
  return `${where}, ${marketBasisText(a.basis ?? 'model', a.comparables)}`;
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
  'We compare the price with similar cars listed and sold on our site: the same make and model, adjusted for age, mileage and condition. Where a model has few, the estimate leans on the make’s other cars of its class and on the class as a whole; where it is still uncertain, we show no rating.';
