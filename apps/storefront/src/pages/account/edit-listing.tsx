import { useDocumentMeta } from '../../hooks/use-document-meta';
import { FormSkeleton, RequireUser } from './RequireUser';

const UNAUTHORIZED = { title: 'Unauthorized', description: 'You need to be logged in to create a listing' };

export default function EditListingPage() {
  useDocumentMeta('Edit Listing', 'Edit your vehicle listing.');
  return (
    <RequireUser unauthorized={UNAUTHORIZED} skeleton={<FormSkeleton title="Edit Listing" />}>
      {() => <FormSkeleton title="Edit Listing" />}
    </RequireUser>
  );
}
