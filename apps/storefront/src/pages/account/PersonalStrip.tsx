import { Link } from 'react-router';
import { ALERT_FREQUENCY_LABELS, formatCount, vehicleTitle, type PublicUser } from '@app/shared';
import { useSavedSearches } from '../../api/queries';
import { useMyVehicles } from '../../api/seller';
import { displayName } from '../../lib/user';
import { CoverPhoto } from '../../components/ListingPhoto';
import { useSavedVehicles } from '../saved/use-saved-vehicles';
import { listingStats } from './listing-stats';
import './account.css';

const SAVED_SHOWN = 4;
const SEARCHES_SHOWN = 3;

/** The seller's figures and links: only for someone who has listed a car (a buyer is not a seller). */
function SellerFigures() {
  const mine = useMyVehicles();
  if (!mine.data || mine.data.length === 0) return null;
  const stats = listingStats(mine.data);
  return (
    <div className="personal-block personal-seller" aria-label="Your listings" role="group">
      <h3>Your listings</h3>
      <dl className="personal-counts">
        <div>
          <dt>Active</dt>
          <dd>{formatCount(stats.active)}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd>{formatCount(stats.pending)}</dd>
        </div>
        <div>
          <dt>Views</dt>
          <dd>{formatCount(stats.views)}</dd>
        </div>
      </dl>
      <div className="personal-links">
        <Link to="/dashboard" className="btn btn-dark">
          Your Dashboard
        </Link>
        <Link to="/create-listing" className="btn btn-primary">
          Add New Listing
        </Link>
      </div>
    </div>
  );
}

/** The saved searches with how many cars match each now and how often their alerts come. */
function SavedSearchesBlock() {
  const searches = useSavedSearches();
  const list = searches.data ?? [];
  return (
    <div className="personal-block">
      <div className="personal-saved-head">
        <h3>Saved searches and alerts</h3>
        {list.length > 0 ? <Link to="/saved-searches">Manage</Link> : null}
      </div>
      {searches.isPending ? (
        <p className="personal-empty">Loading…</p>
      ) : searches.isError ? (
        <p className="personal-empty">Your saved searches could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="personal-empty">
          Save a search and we e-mail you new matches and price drops. <Link to="/search">Start a search</Link>
        </p>
      ) : (
        <ul className="personal-searches">
          {list.slice(0, SEARCHES_SHOWN).map((s) => (
            <li key={s.id}>
              <Link to={`/search?${s.query}`}>{s.name}</Link>
              <span>
                {formatCount(s.matches)} {s.matches === 1 ? 'car' : 'cars'} · {s.frequency === 'off' ? 'Alerts off' : `Alerts ${ALERT_FREQUENCY_LABELS[s.frequency].toLowerCase()}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The signed-in home's personal strip on top of the landing page (DECISIONS.md): saved vehicles, saved
 * searches and their alerts for everyone; listing figures and the dashboard only for people who have
 * listings. Loaded as its own chunk, for signed-in users only.
 */
export default function PersonalStrip({ user }: { user: PublicUser }) {
  const saved = useSavedVehicles();
  return (
    <section className="personal-strip" aria-labelledby="personal-strip-title">
      <div className="container">
        <h2 id="personal-strip-title" className="personal-strip-title">
          Welcome back, {displayName(user)}
        </h2>
        <div className="personal-strip-inner">
          <div className="personal-block personal-saved">
            <div className="personal-saved-head">
              <h3>Saved cars{saved.isLoading ? '' : ` (${saved.vehicles.length})`}</h3>
              {saved.vehicles.length > 0 ? <Link to="/saved">See all</Link> : null}
            </div>
            {saved.vehicles.length > 0 ? (
              <ul>
                {saved.vehicles.slice(0, SAVED_SHOWN).map((v) => (
                  <li key={v.id}>
                    <Link to={`/vehicles/${v.id}`}>
                      <CoverPhoto vehicle={v} sizes="120px" alt="" width={120} height={90} loading="lazy" />
                      <span>{vehicleTitle(v)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : saved.isLoading ? null : (
              <p className="personal-empty">
                Tap the heart on any car to keep it here. <Link to="/search">Browse cars</Link>
              </p>
            )}
          </div>
          <SavedSearchesBlock />
          <SellerFigures />
        </div>
      </div>
    </section>
  );
}
