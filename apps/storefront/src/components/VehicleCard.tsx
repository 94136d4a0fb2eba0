import { Link } from 'react-router';
import { CONDITION_OPTIONS, formatMileage, formatPrice, labelOf, vehicleTitle } from '@app/shared';
import type { PublicVehicle as Vehicle } from '@app/shared';
import { cardCover } from '../lib/vehicle';
import { DealLabel, PriceDropLabel, SoldLabel } from './MarketLabels';
import { SaveButton } from './SaveButton';
import './VehicleCard.css';

interface VehicleCardProps {
  vehicle: Vehicle;
  /** Photos above the fold load at once; the rest lazily. */
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** One listing in a grid: cover, badges, save heart, price, title, mileage, condition, View Details. */
export function VehicleCard({ vehicle, eager = false, headingLevel: Heading = 'h3' }: VehicleCardProps) {
  const title = vehicleTitle(vehicle);
  return (
    <article className="vehicle-card">
      <div className="vehicle-card-media">
        <img
          src={cardCover(vehicle)}
          alt={title}
          width={640}
          height={480}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={eager ? 'high' : undefined}
        />
        <div className="vehicle-card-badges">
          {vehicle.isFeatured ? <span className="badge badge-featured">Featured</span> : null}
          {vehicle.status === 'approved' ? <span className="badge badge-certified">Certified</span> : null}
          {vehicle.status === 'sold' ? <span className="badge badge-sold">Sold</span> : null}
          {vehicle.condition === 'excellent' ? <span className="badge badge-excellent">Excellent</span> : null}
        </div>
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
        <Heading className="vehicle-card-title">{title}</Heading>
        <p className="vehicle-card-meta">
          <span>{formatMileage(vehicle.mileage)}</span>
          <span aria-hidden="true">·</span>
          <span>{labelOf(CONDITION_OPTIONS, vehicle.condition)}</span>
        </p>
        <Link to={`/vehicles/${vehicle.id}`} className="btn btn-dark btn-block" aria-label={`View details of ${title}`}>
          View Details
        </Link>
      </div>
    </article>
  );
}
