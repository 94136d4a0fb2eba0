import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { daysOnMarketText, formatCount, formatMileage, formatPrice, STATUS_LABELS, vehicleTitle } from '@app/shared';
import { ApiError, apiUrl } from '@app/shared';
import { useDeleteVehicle, useListingProgress, useMyVehicles, type OwnerVehicle } from '../../api/seller';
import { CheckIcon, EyeIcon } from '../../components/icons';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { CoverPhoto } from '../../components/ListingPhoto';
import { toast } from '../../stores/toast';
import { SavedVehicles } from '../saved/SavedVehicles';
import { listingStats } from './listing-stats';
import { MarkSoldSheet } from './MarkSoldSheet';
import { redirectAfterToast, RequireUser } from './RequireUser';
import { PencilIcon, PlusIcon, TrashIcon } from './seller-icons';
import './account.css';

const UNAUTHORIZED = { title: 'Unauthorized', description: 'You are logged out. Logging in again...' };
export const RECENT_LISTINGS = 3;

function loggedOut() {
  redirectAfterToast(UNAUTHORIZED, apiUrl(`/api/login?returnTo=${encodeURIComponent('/dashboard')}`));
}

function DashboardSkeleton() {
  return (
    <div className="container page" aria-busy="true">
      <h1 className="page-title">Your Dashboard</h1>
      <div className="stat-grid">
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton" style={{ height: 96 }} />
        ))}
      </div>
      <div className="skeleton" style={{ height: 320 }} />
    </div>
  );
}

function StatusBadge({ status }: { status: OwnerVehicle['status'] }) {
  return <span className={`status-badge status-${status}`}>{STATUS_LABELS[status]}</span>;
}

/**
 * The listing's status, "Changes awaiting review" while an edit of the live listing waits for staff, and
 * why staff rejected it (the reason and their note; editing sends it back for review).
 */
function ListingStatus({ vehicle }: { vehicle: OwnerVehicle }) {
  const { rejection } = vehicle;
  return (
    <span className="listing-status">
      <StatusBadge status={vehicle.status} />
      {vehicle.pendingRevision ? <span className="status-badge status-revision">Changes awaiting review</span> : null}
      {rejection ? (
        <span className="rejection-reason">
          {rejection.label ? <strong>{rejection.label}.</strong> : null} {rejection.note} <span className="listing-sub">Edit the listing to send it back for review.</span>
        </span>
      ) : null}
    </span>
  );
}

function ListingsTable({ vehicles }: { vehicles: OwnerVehicle[] }) {
  const remove = useDeleteVehicle();
  const progress = useListingProgress();
  const progressOf = (id: number) => progress.data?.find((p) => p.vehicleId === id);
  const [selling, setSelling] = useState<OwnerVehicle | null>(null);
  const stopSelling = useCallback(() => setSelling(null), []);
  const onDelete = (v: OwnerVehicle) => {
    if (!window.confirm('Are you sure you want to delete this listing?')) return;
    // mutateAsync, not mutate's callbacks: deleting the last listing unmounts this table (the dashboard shows "No
    // listings yet"), and React Query drops a mutate call's callbacks once its component has unmounted.
    remove.mutateAsync(v.id).then(
      () => toast({ title: 'Success', description: 'Vehicle listing deleted successfully', variant: 'success' }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) loggedOut();
        else toast({ title: 'Error', description: 'Failed to delete vehicle listing', variant: 'destructive' });
      },
    );
  };
  return (
    <>
      <table className="listings-table">
        <caption className="visually-hidden">Your vehicle listings</caption>
        <thead>
          <tr>
            <th scope="col">Vehicle</th>
            <th scope="col">Price</th>
            <th scope="col">Status</th>
            <th scope="col">Views</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {vehicles.map((v) => {
            const title = vehicleTitle(v);
            const deleting = remove.isPending && remove.variables === v.id;
            return (
              <tr key={v.id}>
                <th scope="row" className="listing-cell">
                  <CoverPhoto vehicle={v} sizes="96px" alt="" width={96} height={72} loading="lazy" />
                  <span>
                    <span className="listing-title">{title}</span>
                    <span className="listing-sub">
                      {formatMileage(v.mileage)}
                      {v.daysOnMarket != null ? ` · ${daysOnMarketText(v.daysOnMarket)}` : ''}
                    </span>
                  </span>
                </th>
                <td data-label="Price">{formatPrice(v.price)}</td>
                <td data-label="Status">
                  <ListingStatus vehicle={v} />
                </td>
                <td data-label="Views">
                  {formatCount(v.views)}
                  {v.inquiries > 0 ? (
                    <span className="listing-sub" title="Buyers who wrote about this car; our associate follows up with each">
                      {v.inquiries === 1 ? '1 buyer inquiry' : `${formatCount(v.inquiries)} buyer inquiries`}
                    </span>
                  ) : null}
                  {progressOf(v.id) && progressOf(v.id)!.stage !== 'none' ? (
                    <span className="listing-sub listing-progress">{progressOf(v.id)!.summary}</span>
                  ) : null}
                </td>
                <td className="listing-actions">
                  {/* Words on every action; the car's name completes each one's accessible name. */}
                  <Link to={`/vehicles/${v.id}`} className="row-action">
                    <EyeIcon size={16} /> View<span className="visually-hidden"> {title}</span>
                  </Link>
                  <Link to={`/edit-listing/${v.id}`} className="row-action">
                    <PencilIcon size={16} /> Edit<span className="visually-hidden"> {title}</span>
                  </Link>
                  {v.status === 'approved' ? (
                    <button type="button" className="row-action" onClick={() => setSelling(v)}>
                      <CheckIcon size={16} /> Mark<span className="visually-hidden"> {title}</span> as sold
                    </button>
                  ) : null}
                  <button type="button" className="row-action row-action-danger" disabled={deleting} onClick={() => onDelete(v)}>
                    <TrashIcon size={16} /> Delete<span className="visually-hidden"> {title}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <MarkSoldSheet vehicle={selling} onClose={stopSelling} />
    </>
  );
}

function RecentListings({ vehicles }: { vehicles: OwnerVehicle[] }) {
  const recent = [...vehicles].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, RECENT_LISTINGS);
  return (
    <section aria-labelledby="recent-listings-title" className="dashboard-section">
      <h2 id="recent-listings-title" className="section-heading">
        Recent Listings
      </h2>
      <ul className="recent-listings">
        {recent.map((v) => (
          <li key={v.id} className="recent-listing">
            <Link to={`/vehicles/${v.id}`}>
              <CoverPhoto vehicle={v} sizes="160px" alt="" width={320} height={240} loading="lazy" />
              <span className="recent-listing-body">
                <span className="listing-title">{vehicleTitle(v)}</span>
                <span className="listing-sub">
                  {formatPrice(v.price)} · <ListingStatus vehicle={v} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Dashboard() {
  const mine = useMyVehicles();
  useEffect(() => {
    if (mine.error instanceof ApiError && mine.error.status === 401) loggedOut();
  }, [mine.error]);
  const vehicles = mine.data ?? [];
  const stats = listingStats(vehicles);
  return (
    <div className="container page">
      <div className="dashboard-head">
        <div>
          <h1 className="page-title">Your Dashboard</h1>
          <p className="lead">Manage your vehicle listings</p>
        </div>
        <Link to="/create-listing" className="btn btn-primary">
          <PlusIcon /> Add New Listing
        </Link>
      </div>

      <dl className="stat-grid">
        <div className="stat-card">
          <dt>Active Listings</dt>
          <dd>{mine.isPending ? '–' : stats.active}</dd>
        </div>
        <div className="stat-card">
          <dt>Pending Approval</dt>
          <dd>{mine.isPending ? '–' : stats.pending}</dd>
        </div>
        <div className="stat-card">
          <dt>Total Views</dt>
          <dd>{mine.isPending ? '–' : formatCount(stats.views)}</dd>
        </div>
      </dl>

      <section aria-labelledby="listings-title" className="dashboard-section">
        <h2 id="listings-title" className="section-heading">
          Your Vehicle Listings
        </h2>
        {mine.isPending ? (
          <div className="skeleton" style={{ height: 240 }} aria-label="Loading your listings" />
        ) : mine.isError ? (
          <div className="empty-state" role="alert">
            <h3>Your listings could not be loaded</h3>
            <p>
              <button type="button" className="btn btn-outline" onClick={() => void mine.refetch()}>
                Try again
              </button>
            </p>
          </div>
        ) : vehicles.length === 0 ? (
          <div className="empty-state">
            <h3>No listings yet</h3>
            <p>You haven&apos;t created any listings yet</p>
            <Link to="/create-listing" className="btn btn-primary" style={{ marginTop: 16 }}>
              Create First Listing
            </Link>
          </div>
        ) : (
          <ListingsTable vehicles={vehicles} />
        )}
      </section>

      {vehicles.length > 0 ? <RecentListings vehicles={vehicles} /> : null}

      <div className="dashboard-section">
        <SavedVehicles />
      </div>
    </div>
  );
}

export default function DashboardPage() {
  useDocumentMeta('Your Dashboard', 'Manage your vehicle listings.');
  return (
    <RequireUser unauthorized={UNAUTHORIZED} skeleton={<DashboardSkeleton />}>
      {() => <Dashboard />}
    </RequireUser>
  );
}
