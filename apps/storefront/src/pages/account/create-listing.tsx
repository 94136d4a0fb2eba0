import { usePublicConfigQuery } from '../../api/queries';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { emptyListing } from './listing-form/listing-form-values';
import { ListingForm } from './listing-form/ListingForm';
import { FormSkeleton, RequireUser } from './RequireUser';

const UNAUTHORIZED = { title: 'Unauthorized', description: 'You need to be logged in to create a listing' };
const TITLE = 'Create New Listing';

export default function CreateListingPage() {
  useDocumentMeta(TITLE, 'List your car for free.');
  const config = usePublicConfigQuery();
  return (
    <RequireUser unauthorized={UNAUTHORIZED} skeleton={<FormSkeleton title={TITLE} />}>
      {(user) =>
        config ? (
          <div className="container page listing-page">
            <h1 className="page-title">{TITLE}</h1>
            <p className="lead">Fill in the details below. Our team reviews every listing before it goes live.</p>
            <ListingForm vehicleId={null} defaultValues={emptyListing(user)} imageUpload={config.imageUpload} />
          </div>
        ) : (
          <FormSkeleton title={TITLE} />
        )
      }
    </RequireUser>
  );
}
