import { IsISO8601 } from 'class-validator';
import { formatPrice } from '../common/format';
import { marketBasisText, type MarketBasis } from './deal-rating';
import { PricedVehicleDto } from './vehicle-input.dto';

/**
 * `GET /api/vehicles/market-value?make=&model=&year=&mileage=&condition=[&bodyType=]` (the query is
 * VehicleMarketDto): the market model's estimate for a car, shown beside the price field of the seller's
 * listing form. Null fields when the estimate is too uncertain to give (the same rule as deal ratings).
 */
export interface MarketValue {
  expectedPrice: number | null;
  /** A likely range around the estimate (about ± one standard error and the market's spread). */
  low: number | null;
  high: number | null;
  basis: MarketBasis | null;
  comparables: number | null;
}

export const NO_MARKET_VALUE: MarketValue = { expectedPrice: null, low: null, high: null, basis: null, comparables: null };

/** "Market value about $61,000 ($57,000 – $65,000), based on 37 similar listings", or null without one. */
export function marketValueText(value: MarketValue): string | null {
  if (value.expectedPrice === null || value.basis === null || value.comparables === null) return null;
  const range = value.low !== null && value.high !== null ? ` (${formatPrice(value.low)} – ${formatPrice(value.high)})` : '';
  return `Market value about ${formatPrice(value.expectedPrice)}${range}, ${marketBasisText(value.basis, value.comparables)}`;
}

/**
 * One past sale of a listing bundle's market history (a line of its `marketSalesFile`): a sold comparable
 * the deal ratings are fitted on, checked by the listing's own rules for the fields it shares with one.
 */
export class MarketSaleDto extends PricedVehicleDto {
  @IsISO8601({ strict: true }, { message: 'soldAt must be an ISO 8601 date' })
  soldAt!: string;
}
