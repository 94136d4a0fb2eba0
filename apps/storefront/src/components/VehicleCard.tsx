import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CERTIFIED_EXPLANATION, CONDITION_OPTIONS, formatDistance, formatMileage, formatPrice, labelOf, vehicleTitle } from '@app/shared';
import type { PublicVehicle as Vehicle } from '@app/shared';
import { CARD_PHOTO_SIZES, CoverPhoto } from './ListingPhoto';
import { DealLabel, PriceDropLabel, SoldLabel } from './MarketLabels';
import { SaveButton } from './SaveButton';
import { CameraIcon } from './icons';
import './VehicleCard.css';

interface VehicleCardProps {
  vehicle: Vehicle;
  /** Photos above the fold load at once; the rest lazily. */
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** The badges over a card's photo, most telling first; at most MAX_BADGES are shown so none covers the car. */
const MAX_BADGES = 2;

function badgesOf(vehicle: Vehicle): ReactNode[] {
  const all: (ReactNode | null)[] = [
    vehicle.status === 'sold' ? (
      <span key="sold" className="badge badge-sold">
        Sold
      </span>
    ) : null,
    vehicle.isFeatured ? (
      <span key="featured" className="badge badge-featured">
        Featured
      </span>
    ) : null,
    vehicle.status === 'approved' ? (
      <span key="certified" className="badge badge-certified" title={CERTIFIED_EXPLANATION.summary}>
        Certified<span className="visually-hidden">: {CERTIFIED_EXPLANATION.summary.toLowerCase()}</span>
      </span>
    ) : null,
    vehicle.condition === 'excellent' ? (
      <span key="excellent" className="badge badge-excellent">
        Excellent
      </span>
    ) : null,
  ];
  return all.filter(Boolean).slice(0, MAX_BADGES);
}

/**
 * One listing in a grid: cover, badges, save heart, price, title, mileage, condition, View Details. The whole
 * card opens the listing (the title's link stretches over it); the heart stays a button of its own above it.
 */
export function VehicleCard({ vehicle, eager = false, headingLevel: Heading = 'h3' }: VehicleCardProps) {
  const title = vehicleTitle(vehicle);
  const href = `/vehicles/${vehicle.id}`;
  return (
    <article className="vehicle-card">
      <div className="vehicle-card-media">
        <CoverPhoto
          vehicle={vehicle}
          sizes={CARD_PHOTO_SIZES}
          alt={title}
          width={640}
          height={480}
          loading={eager ? 'eager' : 'lazy'}
          // The first cards are the page's largest paint: drawn with the page, not decoded after it.
          decoding={eager ? undefined : 'async'}
          fetchPriority={eager ? 'high' : undefined}
        />
        <div className="vehicle-card-badges">{badgesOf(vehicle)}</div>
        {vehicle.images.length > 0 ? (
          <span className="vehicle-card-photos">
            <CameraIcon size={14} /> {vehicle.images.length}
            <span className="visually-hidden"> {vehicle.images.length === 1 ? 'photo' : 'photos'}</span>
          </span>
        ) : null}
        <div className="vehicle-card-save">
          <SaveButton vehicleId={vehicle.id} vehicleName={title} />
        </div>
      </div>
      <div className="vehicle-card-body">
        <p className="vehicle-card-price">
          {formatPrice(vehicle.price)} <DealLabel vehicle={vehicle} />
        </p>
        <PriceDropLabel vehicle={vehicle} />
        <SoldLabel vehicle={vehicle} />
        <Heading className="vehicle-card-title">
          <Link to={href} className="vehicle-card-link" tabIndex={-1}>
            {title}
          </Link>
        </Heading>
        <p className="vehicle-card-meta">
          <span>{formatMileage(vehicle.mileage)}</span>
          <span aria-hidden="true">·</span>
          <span>{labelOf(CONDITION_OPTIONS, vehicle.condition)}</span>
          {vehicle.distanceMiles !== undefined ? (
            <>
              <span aria-hidden="true">·</span>
              <span className="vehicle-card-distance">{formatDistance(vehicle.distanceMiles)}</span>
            </>
          ) : vehicle.location ? (
            <>
              <span aria-hidden="true">·</span>
              <span className="vehicle-card-place">{vehicle.location}</span>
            </>
          ) : null}
        </p>
        <Link to={href} className="btn btn-dark btn-block vehicle-card-details" aria-label={`View details of ${title}`}>
          View Details
        </Link>
      </div>
    </article>
  );
}
