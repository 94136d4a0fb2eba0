import { Link } from 'react-router';
import { VehicleCard } from '../../components/VehicleCard';
import { VehicleCardSkeleton } from '../../components/VehicleCardSkeleton';
import { useSavedVehicles } from './use-saved-vehicles';

/** The saved vehicles grid (dashboard and /saved), with its empty state. */
export function SavedVehicles({ headingLevel = 'h2', title = 'Saved Vehicles' }: { headingLevel?: 'h1' | 'h2'; title?: string }) {
  const { ids, vehicles, isLoading } = useSavedVehicles();
  const Heading = headingLevel;
  return (
    <section aria-labelledby="saved-title" className="saved-section">
      <Heading id="saved-title" className={headingLevel === 'h1' ? 'page-title' : 'section-heading'}>
        {title}
      </Heading>
      {isLoading ? (
        <ul className="vehicle-grid" aria-busy="true" aria-label="Loading saved vehicles">
          {ids.slice(0, 4).map((id) => (
            <li key={id}>
              <VehicleCardSkeleton />
            </li>
          ))}
        </ul>
      ) : vehicles.length === 0 ? (
        <div className="empty-state">
          <h3>No saved vehicles yet</h3>
          <p>
            Tap the heart on any listing to keep it here. <Link to="/search">Browse vehicles</Link>
          </p>
        </div>
      ) : (
        <ul className="vehicle-grid">
          {vehicles.map((v) => (
            <li key={v.id}>
              <VehicleCard vehicle={v} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
