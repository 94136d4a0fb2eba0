import { lazy, Suspense, useId, useRef, useState, type RefObject } from 'react';
import { Link, useParams } from 'react-router';
import {
  BODY_TYPE_OPTIONS,
  CERTIFIED_EXPLANATION,
  COLOR_OPTIONS,
  CONDITION_OPTIONS,
  DRIVETRAIN_OPTIONS,
  FUEL_TYPE_OPTIONS,
  TRANSMISSION_OPTIONS,
  formatMileage,
  formatPrice,
  labelOf,
  listingPageTitle,
  soldText,
  vehicleTitle,
  formatCount,
  EMPTY_FILTERS,
  paramsFromFilters,
  isOwnerVehicle,
} from '@app/shared';
import { usePublicConfigQuery, useVehicle } from '../../api/queries';
import type { PublicVehicle as Vehicle } from '@app/shared';
import { Gallery } from '../../components/Gallery';
import { CheckIcon, ClockIcon, EyeIcon, MessageIcon, PhoneIcon, UsersIcon } from '../../components/icons';
import { SaveButton } from '../../components/SaveButton';
import { ShareButton } from '../../components/ShareButton';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { smsHref, telHref } from '../../lib/phone';
import { FALLBACK_IMAGE, galleryImages } from '../../lib/vehicle';
import { deferred } from '../../lib/deferred';
import { ContactBar } from './ContactBar';
import { ListingFacts, PriceNotes } from './ListingMarket';
import './vehicle.css';
// The save button's look (the cards' styles; the similar listings below bring the cards themselves).
import '../../components/VehicleCard.css';
import '../../components/MarketLabels.css';

// Below the first screen: loaded, and taken over from the server's drawing, as the visitor nears them
// (lib/deferred.tsx). The contact and financing forms and the payment estimate too, in one chunk: what a visitor
// types into them before they are hydrated becomes their state then (lib/typed-before-hydration.ts).
const loadForms = () => import(/* webpackChunkName: "vehicle-forms" */ './forms');
const ContactForm = deferred(() => loadForms().then((m) => ({ default: m.ContactForm })));
const FinancingForm = deferred(() => loadForms().then((m) => ({ default: m.FinancingForm })));
const PaymentEstimate = deferred(() => loadForms().then((m) => ({ default: m.PaymentEstimate })));
const PriceHistory = deferred(() => import(/* webpackChunkName: "vehicle-price-history" */ './PriceHistory'));
/** The owner's notices (pending or rejected, days on market, changes awaiting review): for them only. */
const OwnerNotices = lazy(() => import(/* webpackChunkName: "vehicle-owner" */ './OwnerNotices'));
const SimilarVehicles = deferred(() => import(/* webpackChunkName: "vehicle-similar" */ './SimilarVehicles'));

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

/** A search for the same make and model (the sold listing's "See similar vehicles"). */
export function similarSearchHref(vehicle: Pick<Vehicle, 'make' | 'model'>): string {
  return `/search?${paramsFromFilters({ ...EMPTY_FILTERS, features: [], make: vehicle.make, model: vehicle.model }).toString()}`;
}

/** Listings the public can see take messages; a pending or rejected one (seen by its owner or staff) does not. */
const isPublic = (v: Vehicle) => v.status === 'approved' || v.status === 'sold';

function SideCard({ vehicle, phone, formRef }: { vehicle: Vehicle; phone: string; formRef: RefObject<HTMLFormElement | null> }) {
  const sold = vehicle.status === 'sold';
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
      {sold ? (
        <div className="sold-card">
          <h2 className="side-title">This vehicle has been sold</h2>
          <p>Looking for one like it? Browse the other {vehicle.make} {vehicle.model} listings, or call us and we will help you find one.</p>
          <Link className="btn btn-primary btn-block btn-lg" to={similarSearchHref(vehicle)}>
            See similar vehicles
          </Link>
        </div>
      ) : null}
      {phone ? (
        <div className="side-actions">
          <a className={`btn btn-block ${sold ? 'btn-outline' : 'btn-primary'}`} href={telHref(phone)}>
            <PhoneIcon size={18} /> Call {phone}
          </a>
          <a className="btn btn-outline btn-block" href={smsHref(phone)}>
            <MessageIcon size={18} /> Text Us
          </a>
        </div>
      ) : null}
      {!sold && isPublic(vehicle) ? <ContactForm key={vehicle.id} vehicle={vehicle} formRef={formRef} /> : null}
      {!sold && isPublic(vehicle) ? <FinancingForm key={`financing-${vehicle.id}`} vehicle={vehicle} /> : null}
    </aside>
  );
}

/** The "Certified" badge of an approved listing, with what it means: a short line, and the detail on request. */
function CertifiedBadge() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="certified">
      <span className="badge badge-certified">Certified</span>
      <span className="certified-summary">{CERTIFIED_EXPLANATION.summary}</span>
      <button type="button" className="certified-toggle" aria-expanded={open} aria-controls={`${id}-details`} onClick={() => setOpen((o) => !o)}>
        What this means
      </button>
      <p id={`${id}-details`} className="certified-details" hidden={!open}>
        {CERTIFIED_EXPLANATION.details}
      </p>
    </div>
  );
}

function VehicleDetail({ vehicle, viewsCounted }: { vehicle: Vehicle; viewsCounted: boolean }) {
  const title = vehicleTitle(vehicle);
  const fullTitle = vehicleTitle(vehicle, true);
  const sold = vehicle.status === 'sold';
  useDocumentMeta(
    listingPageTitle(vehicle),
    sold
      ? `${fullTitle} with ${formatMileage(vehicle.mileage)} in ${vehicle.location}: ${soldText(vehicle.soldPrice).toLowerCase()}.`
      : `${fullTitle} with ${formatMileage(vehicle.mileage)} for ${formatPrice(vehicle.price)} in ${vehicle.location}.`,
  );
  const phone = usePublicConfigQuery()?.supportPhone ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const images = galleryImages(vehicle);
  const takesMessages = !sold && isPublic(vehicle);
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
              {sold ? (
                <>
                  <PriceNotes vehicle={vehicle} />
                  <p className="vehicle-price-label">Last asking price {formatPrice(vehicle.price)}</p>
                </>
              ) : (
                <>
                  <p className="vehicle-price">{formatPrice(vehicle.price)}</p>
                  <PriceNotes vehicle={vehicle} />
                </>
              )}
              <h1 className="vehicle-title">
                {title}
                {vehicle.trim ? <span className="vehicle-trim"> {vehicle.trim}</span> : null}
              </h1>
              <div className="vehicle-badges">
                {vehicle.isFeatured ? <span className="badge badge-featured">Featured</span> : null}
                {sold ? <span className="badge badge-sold">Sold</span> : null}
                <span className="vehicle-location">{vehicle.location}</span>
              </div>
              <ListingFacts vehicle={vehicle} />
              {vehicle.status === 'approved' ? <CertifiedBadge /> : null}
            </div>
            <div className="vehicle-actions">
              <SaveButton vehicleId={vehicle.id} vehicleName={title} look="button" />
              <ShareButton title={title} />
            </div>
          </div>
          {isOwnerVehicle(vehicle) ? (
            <Suspense fallback={null}>
              <OwnerNotices vehicle={vehicle} />
            </Suspense>
          ) : null}
          <Gallery
            images={images.length > 0 ? images : [FALLBACK_IMAGE]}
            alt={title}
            className={sold ? 'is-sold' : undefined}
            overlay={
              sold ? (
                <p className="gallery-sold">
                  Sold{vehicle.soldPrice !== null ? <small> for {formatPrice(vehicle.soldPrice)}</small> : null}
                </p>
              ) : null
            }
          />
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
          {takesMessages ? <PaymentEstimate key={`payment-${vehicle.id}`} price={vehicle.price} /> : null}
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
          <PriceHistory vehicle={vehicle} />
          {viewsCounted ? (
            <p className="vehicle-views">
              <EyeIcon size={16} /> {formatCount(vehicle.views)} {vehicle.views === 1 ? 'view' : 'views'}
            </p>
          ) : null}
        </div>
        <SideCard vehicle={vehicle} phone={phone} formRef={formRef} />
      </div>
      <SimilarVehicles vehicle={vehicle} />
      {takesMessages ? <ContactBar phone={phone} form={formRef} /> : null}
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
  if (query.isError && !query.data) {
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
  // The view count is the browser's own answer's (a page drawn ahead for every visitor has none).
  return <VehicleDetail vehicle={query.data} viewsCounted={query.isFetchedAfterMount} />;
}
