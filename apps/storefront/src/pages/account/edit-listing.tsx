import { Link, useParams } from 'react-router';
import type { PublicUser } from '@app/shared';
import { usePublicConfigQuery } from '../../api/queries';
import { isOwnerVehicle, useOwnedVehicle } from '../../api/seller';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { listingValues } from './listing-form/listing-form-values';
import { ListingForm } from './listing-form/ListingForm';
import { FormSkeleton, RequireUser } from './RequireUser';

const UNAUTHORIZED = { title: 'Unauthorized', description: 'You need to be logged in to create a listing' };
const TITLE = 'Edit Listing';

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
      <p className="lead">
        Changes to a live listing send it back to our team for review.
      </p>
      <ListingForm key={owned.id} vehicleId={owned.id} defaultValues={listingValues(owned)} imageUpload={config.imageUpload} />
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
