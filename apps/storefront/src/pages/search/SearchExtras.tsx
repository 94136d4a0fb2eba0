import { Link } from 'react-router';
import { SEARCH_LIMITS, filterChips, withFilter, type SearchFilters } from '@app/shared';
import { useCurrentUser, useFeaturedVehicles, useRecentlySold } from '../../api/queries';
import { HeartIcon } from '../../components/icons';
import { VehicleCard } from '../../components/VehicleCard';
import { VehicleCardSkeleton } from '../../components/VehicleCardSkeleton';
import { savedSelectors, useSavedStore } from '../../stores/saved';

// The search page's parts below the results (index.tsx loads them as the visitor nears them); their styles are
// the page's (search.css).

/** The signed-in visitor's saved count and dashboard links. */
export function DashboardSummary() {
  const { user } = useCurrentUser();
  const saved = useSavedStore(savedSelectors.count);
  if (!user) return null;
  return (
    <section className="dashboard-summary" aria-labelledby="dash-summary-title">
      <div>
        <h2 id="dash-summary-title">Your Dashboard</h2>
        <p>
          <HeartIcon size={16} /> {saved} saved {saved === 1 ? 'vehicle' : 'vehicles'}
        </p>
      </div>
      <div className="cta-row" style={{ marginTop: 0 }}>
        <Link to="/dashboard" className="btn btn-dark">
          Go to Dashboard
        </Link>
        <Link to="/create-listing" className="btn btn-primary">
          Add New Listing
        </Link>
      </div>
    </section>
  );
}

/** The featured listings. */
export function FeaturedVehicles() {
  const featured = useFeaturedVehicles();
  return (
    <section className="featured-section" aria-labelledby="featured-title">
      <h2 id="featured-title" className="section-title">
        Featured Vehicles
      </h2>
      {featured.isPending ? (
        <div className="vehicle-grid">
          {Array.from({ length: 3 }, (_, i) => (
            <VehicleCardSkeleton key={i} />
          ))}
        </div>
      ) : (featured.data?.length ?? 0) === 0 ? (
        <div className="empty-state">
          <p>No featured vehicles available</p>
        </div>
      ) : (
        <ul className="vehicle-grid">
          {featured.data?.map((v) => (
            <li key={v.id}>
              <VehicleCard vehicle={v} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Cars sold lately: out of the results, shown below them (a few) or in their place ("Recently sold", all). */
export function RecentlySold({ all, onShowAll }: { all: boolean; onShowAll?: () => void }) {
  const sold = useRecentlySold();
  const list = sold.data ?? [];
  if (!all && list.length === 0) return null;
  const shown = all ? list : list.slice(0, 3);
  return (
    <section className="recently-sold" aria-labelledby="recently-sold-title">
      <div className="recently-sold-head">
        <h2 id="recently-sold-title" className="section-title">
          Recently sold
        </h2>
        {!all && list.length > shown.length && onShowAll ? (
          <button type="button" className="btn btn-outline" onClick={onShowAll}>
            See all {list.length} sold
          </button>
        ) : null}
      </div>
      <p className="section-lead">Sold in the last {SEARCH_LIMITS.recentlySoldDays} days: what similar cars went for.</p>
      {sold.isPending ? (
        <div className="vehicle-grid">
          {Array.from({ length: 3 }, (_, i) => (
            <VehicleCardSkeleton key={i} />
          ))}
        </div>
      ) : sold.isError ? (
        <div className="empty-state" role="alert">
          <p>Recently sold cars could not be loaded.</p>
          <button type="button" className="btn btn-dark" onClick={() => void sold.refetch()}>
            Try again
          </button>
        </div>
      ) : shown.length === 0 ? (
        <div className="empty-state">
          <p>No cars sold in the last {SEARCH_LIMITS.recentlySoldDays} days.</p>
        </div>
      ) : (
        <ul className="vehicle-grid">
          {shown.map((v) => (
            <li key={v.id}>
              <VehicleCard vehicle={v} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Wider circles a search with no results can try, in miles. */
const WIDER_RADII = [50, 100, 250, 500];

/** No results: widen the circle around the ZIP code, drop one filter, or all of them. */
export function NoResults({ filters, onChange, onClear }: { filters: SearchFilters; onChange: (next: SearchFilters) => void; onClear: () => void }) {
  const radius = Number(filters.radius || SEARCH_LIMITS.defaultRadiusMiles);
  const wider = filters.zipCode ? WIDER_RADII.filter((r) => r > radius && r <= SEARCH_LIMITS.maxRadiusMiles).slice(0, 2) : [];
  const chips = filterChips(filters);
  return (
    <div className="empty-state no-results">
      <h3>No vehicles found</h3>
      <p>Try adjusting your search criteria or clear some filters to see more results.</p>
      {wider.length > 0 ? (
        <div className="no-results-options" role="group" aria-label="Search farther">
          {wider.map((miles) => (
            <button key={miles} type="button" className="btn btn-dark" onClick={() => onChange(withFilter(filters, 'radius', String(miles)))}>
              Search within {miles} miles
            </button>
          ))}
        </div>
      ) : null}
      {chips.length > 0 ? (
        <div className="no-results-options" role="group" aria-label="Drop a filter">
          {chips.map((chip) => (
            <button key={chip.key} type="button" className="btn btn-outline" onClick={() => onChange(chip.without)}>
              Without {chip.label}
            </button>
          ))}
          {chips.length > 1 ? (
            <button type="button" className="btn btn-ghost" onClick={onClear}>
              Clear all filters
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
