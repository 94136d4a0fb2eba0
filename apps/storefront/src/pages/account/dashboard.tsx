import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiJson } from '../../api/client';
import { queryKeys } from '../../api/queries';
import type { PublicVehicle as Vehicle } from '@app/shared';
import { VehicleCard } from '../../components/VehicleCard';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { savedSelectors, useSavedStore } from '../../stores/saved';
import { RequireUser } from './RequireUser';

const UNAUTHORIZED = { title: 'Unauthorized', description: 'You are logged out. Logging in again...' };

function DashboardSkeleton() {
  return (
    <div className="container page" aria-busy="true">
      <h1 className="page-title">Your Dashboard</h1>
      <div className="skeleton" style={{ height: 96, marginBottom: 20 }} />
      <div className="skeleton" style={{ height: 320 }} />
    </div>
  );
}

/** The vehicles saved in this browser (the save toast promises them here). */
export function SavedVehicles() {
  const ids = useSavedStore(savedSelectors.ids);
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.vehicle(id),
      queryFn: async () => apiJson<Vehicle>(`/api/vehicles/${id}`).catch(() => null),
    })),
  });
  const vehicles = results.map((r) => r.data).filter((v): v is Vehicle => !!v);
  const loading = results.some((r) => r.isPending);
  return (
    <section aria-labelledby="saved-title" style={{ marginTop: 32 }}>
      <h2 id="saved-title">Saved Vehicles</h2>
      {ids.length === 0 ? (
        <div className="empty-state">
          <h3>No saved vehicles yet</h3>
          <p>
            Tap the heart on any listing to keep it here. <Link to="/search">Browse vehicles</Link>
          </p>
        </div>
      ) : loading ? (
        <p role="status">Loading saved vehicles...</p>
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

export default function DashboardPage() {
  useDocumentMeta('Your Dashboard', 'Manage your vehicle listings.');
  return (
    <RequireUser unauthorized={UNAUTHORIZED} skeleton={<DashboardSkeleton />}>
      {() => (
        <div className="container page">
          <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 12, alignItems: 'flex-end' }}>
            <div>
              <h1 className="page-title">Your Dashboard</h1>
              <p className="lead">Manage your vehicle listings</p>
            </div>
            <Link to="/create-listing" className="btn btn-primary">
              Add New Listing
            </Link>
          </div>
          <SavedVehicles />
        </div>
      )}
    </RequireUser>
  );
}
