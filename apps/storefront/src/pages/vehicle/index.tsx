import { Link, useParams } from 'react-router';
import {
  BODY_TYPE_OPTIONS,
  COLOR_OPTIONS,
  CONDITION_OPTIONS,
  DRIVETRAIN_OPTIONS,
  FUEL_TYPE_OPTIONS,
  TRANSMISSION_OPTIONS,
  formatMileage,
  formatPrice,
  labelOf,
  vehicleTitle,
} from '@app/shared';
import { usePublicConfigQuery, useSimilarVehicles, useVehicle } from '../../api/queries';
import type { PublicVehicle as Vehicle } from '@app/shared';
import { Gallery } from '../../components/Gallery';
import { CheckIcon, ClockIcon, EyeIcon, MessageIcon, PhoneIcon, UsersIcon } from '../../components/icons';
import { SaveButton } from '../../components/SaveButton';
import { ShareButton } from '../../components/ShareButton';
import { VehicleCard } from '../../components/VehicleCard';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { smsHref, telHref } from '../../lib/phone';
import { FALLBACK_IMAGE, galleryImages } from '../../lib/vehicle';
import { ContactForm } from './ContactForm';
import { OwnerListingNotice, PriceHistory, PriceNotes } from './ListingMarket';
import './vehicle.css';

function details(v: Vehicle): Array<[string, string]> {
  return [
    ['Mileage', formatMileage(v.mileage)],
    ['Year', String(v.year)],
    ['Fuel Type', labelOf(FUEL_TYPE_OPTIONS, v.fuelType) || 'Gasoline'],
    ['Transmission', labelOf(TRANSMISSION_OPTIONS, v.transmission) || '—'],
    ['Condition', labelOf(CONDITION_OPTIONS, v.condition) || '—'],
    ['Body Type', labelOf(BODY_TYPE_OPTIONS, v.bodyType) || '—'],
    ['Drivetrain', labelOf(DRIVETRAIN_OPTIONS, v.drivetrain) || '—'],
    ['Exterior Color', labelOf(COLOR_OPTIONS, v.exteriorColor) || '—'],
    ['Interior Color', labelOf(COLOR_OPTIONS, v.interiorColor) || '—'],
  ];
}

function SimilarVehicles({ vehicle }: { vehicle: Vehicle }) {
  const similar = useSimilarVehicles(vehicle);
  if (!similar.data || similar.data.length === 0) return null;
  return (
    <section className="similar" aria-labelledby="similar-title">
      <h2 id="similar-title" className="section-title">
        Similar Vehicles in Your Price Range
      </h2>
      <ul className="vehicle-grid">
        {similar.data.map((v) => (
          <li key={v.id}>
            <VehicleCard vehicle={v} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SideCard({ vehicle }: { vehicle: Vehicle }) {
  const phone = usePublicConfigQuery()?.supportPhone ?? '';
  return (
    <aside className="side-card" aria-label="Contact our team">
      <div className="team-banner">
        <span className="team-avatars" aria-hidden="true">
          <UsersIcon size={28} />
        </span>
        <div>
          <p className="team-name">Our sales team</p>
          <p className="team-note">
            <ClockIcon size={14} /> Available 7 days a week
          </p>
        </div>
      </div>
      {phone ? (
        <div className="side-actions">
          <a className="btn btn-primary btn-block" href={telHref(phone)}>
            <PhoneIcon size={18} /> Call {phone}
          </a>
          <a className="btn btn-outline btn-block" href={smsHref(phone)}>
            <MessageIcon size={18} /> Text Us
          </a>
        </div>
      ) : null}
      <ContactForm key={vehicle.id} vehicle={vehicle} />
    </aside>
  );
}

function VehicleDetail({ vehicle }: { vehicle: Vehicle }) {
  const title = vehicleTitle(vehicle);
  const fullTitle = vehicleTitle(vehicle, true);
  useDocumentMeta(
    `${fullTitle} for sale – ${formatPrice(vehicle.price)}`,
    `${fullTitle} with ${formatMileage(vehicle.mileage)} for ${formatPrice(vehicle.price)} in ${vehicle.location}.`,
  );
  const images = galleryImages(vehicle);
  return (
    <div className="container page vehicle-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/search">Vehicle Listings</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <div className="vehicle-layout">
        <div className="vehicle-main">
          <div className="vehicle-head">
            <div>
              <p className="vehicle-price">{formatPrice(vehicle.price)}</p>
              <PriceNotes vehicle={vehicle} />
              <h1 className="vehicle-title">
                {title}
                {vehicle.trim ? <span className="vehicle-trim"> {vehicle.trim}</span> : null}
              </h1>
              <div className="vehicle-badges">
                {vehicle.isFeatured ? <span className="badge badge-featured">Featured</span> : null}
                {vehicle.status === 'sold' ? <span className="badge badge-sold">Sold</span> : null}
                <span className="vehicle-location">{vehicle.location}</span>
              </div>
            </div>
            <div className="vehicle-actions">
              <SaveButton vehicleId={vehicle.id} vehicleName={title} look="button" />
              <ShareButton title={title} />
            </div>
          </div>
          <OwnerListingNotice vehicle={vehicle} />
          <Gallery images={images.length > 0 ? images : [FALLBACK_IMAGE]} alt={title} />
          <section className="vehicle-section" aria-labelledby="details-title">
            <h2 id="details-title">Vehicle Details</h2>
            <dl className="details-grid">
              {details(vehicle).map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          {vehicle.features.length > 0 ? (
            <section className="vehicle-section" aria-labelledby="features-title">
              <h2 id="features-title">Features</h2>
              <ul className="features-list">
                {vehicle.features.map((f) => (
                  <li key={f}>
                    <CheckIcon size={16} /> {f}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {vehicle.description ? (
            <section className="vehicle-section" aria-labelledby="description-title">
              <h2 id="description-title">Description</h2>
              <p className="vehicle-description">{vehicle.description}</p>
            </section>
          ) : null}
          <PriceHistory vehicleId={vehicle.id} />
          <p className="vehicle-views">
            <EyeIcon size={16} /> {vehicle.views.toLocaleString('en-US')} {vehicle.views === 1 ? 'view' : 'views'}
          </p>
        </div>
        <SideCard vehicle={vehicle} />
      </div>
      <SimilarVehicles vehicle={vehicle} />
    </div>
  );
}

function NotFound() {
  useDocumentMeta('Vehicle Not Found', "The vehicle you're looking for doesn't exist.");
  return (
    <div className="container page">
      <div className="empty-state">
        <h1 className="page-title">Vehicle Not Found</h1>
        <p>The vehicle you're looking for doesn't exist.</p>
        <Link to="/search" className="btn btn-primary" style={{ marginTop: 16 }}>
          Browse All Vehicles
        </Link>
      </div>
    </div>
  );
}

export default function VehiclePage() {
  const { id = '' } = useParams();
  const vehicleId = /^\d+$/.test(id) ? Number(id) : NaN;
  const query = useVehicle(vehicleId);
  if (!Number.isInteger(vehicleId) || query.data === null) return <NotFound />;
  if (query.isError) {
    return (
      <div className="container page">
        <div className="empty-state" role="alert">
          <h1 className="page-title">Something went wrong</h1>
          <p>The vehicle could not be loaded. Please try again.</p>
          <button type="button" className="btn btn-dark" style={{ marginTop: 16 }} onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="container page vehicle-loading" role="status">
        <p className="loading-text">Loading vehicle details...</p>
      </div>
    );
  }
  return <VehicleDetail vehicle={query.data} />;
}
