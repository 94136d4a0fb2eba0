import { DEAL_RATING_LABELS, formatPrice, priceDropText, type PublicVehicle } from '@app/shared';
import './MarketLabels.css';

/** "Price drop: $1,500 on Nov 12" while the latest reduction is recent (cards and the detail page). */
export function PriceDropLabel({ vehicle }: { vehicle: Pick<PublicVehicle, 'priceDrop' | 'status'> }) {
  if (!vehicle.priceDrop || vehicle.status === 'sold') return null;
  return <p className="price-drop">{priceDropText(vehicle.priceDrop)}</p>;
}

/** "Sold" with the price where the seller agreed to show it. */
export function SoldLabel({ vehicle }: { vehicle: Pick<PublicVehicle, 'soldPrice' | 'status'> }) {
  if (vehicle.status !== 'sold') return null;
  return <p className="sold-note">{vehicle.soldPrice !== null ? `Sold for ${formatPrice(vehicle.soldPrice)}` : 'Sold'}</p>;
}

/** The deal rating as a small label ("Great deal"); nothing without one. */
export function DealLabel({ vehicle }: { vehicle: Pick<PublicVehicle, 'priceAnalysis'> }) {
  const { rating } = vehicle.priceAnalysis;
  if (!rating) return null;
  return <span className={`deal-label deal-${rating}`}>{DEAL_RATING_LABELS[rating]}</span>;
}
