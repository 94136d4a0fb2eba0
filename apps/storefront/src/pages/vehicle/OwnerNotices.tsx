import { Link } from 'react-router';
import { daysOnMarketText, formatDate, isOwnerVehicle, type VehicleDetail } from '@app/shared';

// What the owner (and staff) see on their listing: a module of its own, which the page loads for them only (the
// public, and the pages the server draws, never need it).

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

/** Both notices, in the page's order. */
export default function OwnerNotices({ vehicle }: { vehicle: VehicleDetail }) {
  return (
    <>
      <ListingStatusBanner vehicle={vehicle} />
      <OwnerListingNotice vehicle={vehicle} />
    </>
  );
}
