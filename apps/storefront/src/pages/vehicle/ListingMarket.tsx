import {
  daysBetween,
  daysOnMarketText,
  formatDate,
  isOwnerVehicle,
  PRICE_ANALYSIS_EXPLANATION,
  priceAnalysisText,
  type ListingRejection,
  type OwnerVehicle,
  type VehicleDetail,
} from '@app/shared';
import { Link } from 'react-router';
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

/** For the owner (and staff) only: days on market and changes that wait for review. */
export function OwnerListingNotice({ vehicle }: { vehicle: VehicleDetail }) {
  if (!isOwnerVehicle(vehicle)) return null;
  const { pendingRevision, daysOnMarket } = vehicle;
  if (!pendingRevision && daysOnMarket === null) return null;
  return (
    <div className="owner-notice" role="status">
      {daysOnMarket !== null ? <p>{daysOnMarketText(daysOnMarket)}</p> : null}
      {pendingRevision ? (
        <p>
          <strong>Changes awaiting review</strong> since {formatDate(pendingRevision.createdAt)}: the version shown here stays live until our
          team approves them.
        </p>
      ) : null}
    </div>
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

/**
 * For the owner (and staff) looking at a listing the public cannot see: pending (awaiting staff review) or
 * rejected (not published, with the reason and note when staff gave them, and how to send it back).
 */
export function ListingStatusBanner({ vehicle }: { vehicle: VehicleDetail }) {
  if (!isOwnerVehicle(vehicle) || (vehicle.status !== 'pending' && vehicle.status !== 'rejected')) return null;
  const rejection = vehicle.status === 'rejected' ? vehicle.rejection : null;
  return (
    <section className={`status-banner status-banner-${vehicle.status}`} aria-labelledby="status-banner-title">
      <h2 id="status-banner-title" className="status-banner-title">
        {vehicle.status === 'pending' ? 'Not public yet: awaiting staff review' : 'Not published: rejected by our staff'}
      </h2>
      {vehicle.status === 'pending' ? (
        <p>Only the seller and our staff can see this page. It goes live once our team approves it, usually within one business day.</p>
      ) : (
        <>
          <p>Only the seller and our staff can see this page; buyers cannot find it.</p>
          {rejection && (rejection.label || rejection.note) ? (
            <p className="status-banner-reason">
              <strong>Why:</strong> {rejection.label ? `${rejection.label}.` : null} {rejection.note}
            </p>
          ) : null}
          <p>
            <Link to={`/edit-listing/${vehicle.id}`}>Edit the listing</Link> to fix it and send it back for review.
          </p>
        </>
      )}
    </section>
  );
}
