import { Link } from 'react-router';
import { formatCount, vehicleTitle, type PublicUser } from '@app/shared';
import { useMyVehicles } from '../../api/seller';
import { displayName } from '../../lib/user';
import { CoverPhoto } from '../../components/ListingPhoto';
import { useSavedVehicles } from '../saved/use-saved-vehicles';
import { listingStats } from './listing-stats';
import './account.css';

const SAVED_SHOWN = 4;

/**
 * The signed-in home's personal strip on top of the landing page (DECISIONS.md): the user's listing counts,
 * a link to the dashboard, and their saved vehicles. Loaded as its own chunk, for signed-in users only.
 */
export default function PersonalStrip({ user }: { user: PublicUser }) {
  const mine = useMyVehicles();
  const saved = useSavedVehicles();
  const stats = listingStats(mine.data ?? []);
  const count = (n: number) => (mine.isPending || mine.isError ? '–' : formatCount(n));
  return (
    <section className="personal-strip" aria-labelledby="personal-strip-title">
      <div className="container personal-strip-inner">
        <div className="personal-strip-main">
          <h2 id="personal-strip-title" className="personal-strip-title">
            Welcome back, {displayName(user)}
          </h2>
          <dl className="personal-counts">
            <div>
              <dt>Active</dt>
              <dd>{count(stats.active)}</dd>
            </div>
            <div>
              <dt>Pending</dt>
              <dd>{count(stats.pending)}</dd>
            </div>
            <div>
              <dt>Views</dt>
              <dd>{count(stats.views)}</dd>
            </div>
            <div>
              <dt>Saved</dt>
              <dd>{saved.isLoading ? '–' : saved.vehicles.length}</dd>
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
        {saved.vehicles.length > 0 ? (
          <div className="personal-saved">
            <div className="personal-saved-head">
              <h3>Your saved vehicles</h3>
              <Link to="/saved">See all</Link>
            </div>
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
          </div>
        ) : null}
      </div>
    </section>
  );
}
