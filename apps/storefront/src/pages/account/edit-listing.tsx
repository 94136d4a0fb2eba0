import { Link, useParams } from 'react-router';
import type { PublicUser } from '@app/shared';
import { usePublicConfigQuery } from '../../api/queries';
import { isOwnerVehicle, useOwnedVehicle, type OwnerVehicle } from '../../api/seller';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { listingValues } from './listing-form/listing-form-values';
import { ListingForm } from './listing-form/ListingForm';
import { FormSkeleton, RequireUser } from './RequireUser';

const UNAUTHORIZED = { title: 'Unauthorized', description: 'You need to be logged in to create a listing' };
const TITLE = 'Edit Listing';

/** What happens to the edit: a live listing stays on the market (DECISIONS.md). */
function EditNotice({ vehicle }: { vehicle: OwnerVehicle }) {
  if (vehicle.status === 'rejected') {
    const { rejection } = vehicle;
    return (
      <div className="owner-notice owner-notice-rejected" role="status">
        <p>
          <strong>Rejected by our staff{rejection?.label ? `: ${rejection.label}` : ''}.</strong>
          {rejection?.note ? ` ${rejection.note}` : ''}
        </p>
        <p>Correct the listing and save it: it goes back to our team for review.</p>
      </div>
    );
  }
  if (vehicle.status !== 'approved' && vehicle.status !== 'sold') {
    return <p className="lead">Your changes are reviewed by our team before the listing goes live.</p>;
  }
  return (
    <>
      <p className="lead">
        Your listing stays live while you edit it. A lower price, a higher mileage, photos added after the current ones and a longer
        description go live at once; other changes go live once our team has reviewed them.
      </p>
      {vehicle.pendingRevision ? (
        <p className="owner-notice" role="status">
          <strong>Changes awaiting review.</strong> The form shows them; saving again replaces them.
        </p>
      ) : null}
    </>
  );
}

function EditForm({ id, user }: { id: number; user: PublicUser }) {
  const vehicle = useOwnedVehicle(id);
  const config = usePublicConfigQuery();
  if (vehicle.isPending || !config) return <FormSkeleton title={TITLE} />;
  // Only the owner edits a listing here: another user's listing (public or not) is "not found".
  const owned = vehicle.data && isOwnerVehicle(vehicle.data) && vehicle.data.userId === user.id ? vehicle.data : null;
  if (!owned) {
    return (
      <div className="container page listing-page">
        <h1 className="page-title">{TITLE}</h1>
        <div className="empty-state" role="alert">
          <h2>Listing not found</h2>
          <p>
            {vehicle.isError ? 'The listing could not be loaded. Please try again.' : 'This listing does not exist or is not one of yours.'}{' '}
            <Link to="/dashboard">Back to your dashboard</Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="container page listing-page">
      <h1 className="page-title">{TITLE}</h1>
      <EditNotice vehicle={owned} />
      {/* The form starts from the changes awaiting review, so a new edit does not drop them. */}
      <ListingForm
        key={owned.id}
        vehicleId={owned.id}
        defaultValues={listingValues({ ...owned, ...(owned.pendingRevision?.changes ?? {}) } as OwnerVehicle)}
        imageUpload={config.imageUpload}
      />
    </div>
  );
}

export default function EditListingPage() {
  useDocumentMeta(TITLE, 'Edit your vehicle listing.');
  const params = useParams();
  const id = Number(params.id);
  return (
    <RequireUser unauthorized={UNAUTHORIZED} skeleton={<FormSkeleton title={TITLE} />}>
      {(user) => <EditForm id={id} user={user} />}
    </RequireUser>
  );
}
