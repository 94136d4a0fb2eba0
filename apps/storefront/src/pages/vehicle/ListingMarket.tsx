import {
  daysBetween,
  daysOnMarketText,
  formatDate,
  PRICE_ANALYSIS_EXPLANATION,
  priceAnalysisText,
  type VehicleDetail,
} from '@app/shared';
import { ShieldIcon } from '../../components/icons';
import { DealLabel, PriceDropLabel, SoldLabel } from '../../components/MarketLabels';

/** Under the price: the deal rating against the market, the recent price drop, or Sold (with the price where the seller agreed). */
export function PriceNotes({ vehicle }: { vehicle: VehicleDetail }) {
  const market = priceAnalysisText(vehicle.priceAnalysis);
  return (
    <>
      {market ? (
        <p className="price-analysis">
          <DealLabel vehicle={vehicle} /> <span>{market}</span>
          <span className="price-analysis-note">{PRICE_ANALYSIS_EXPLANATION}</span>
        </p>
      ) : null}
      <PriceDropLabel vehicle={vehicle} />
      <SoldLabel vehicle={vehicle} />
    </>
  );
}

/** The listed date, days on market (to the sale when sold) and the staff's VIN check, under the title. */
export function ListingFacts({ vehicle, now = Date.now() }: { vehicle: VehicleDetail; now?: number }) {
  const until = vehicle.status === 'sold' && vehicle.soldAt ? vehicle.soldAt : new Date(now);
  const days = daysBetween(vehicle.listedAt, until);
  return (
    <ul className="listing-facts">
      <li>
        Listed {formatDate(vehicle.listedAt)} · {daysOnMarketText(days)}
      </li>
      {vehicle.vinChecked ? (
        <li className="vin-checked">
          <ShieldIcon size={16} /> VIN checked by our staff
        </li>
      ) : null}
    </ul>
  );
}
