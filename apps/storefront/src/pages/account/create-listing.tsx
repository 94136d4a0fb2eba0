import { useDocumentMeta } from '../../hooks/use-document-meta';
import { FormSkeleton, RequireUser } from './RequireUser';

const UNAUTHORIZED = { title: 'Unauthorized', description: 'You need to be logged in to create a listing' };

/** The create form arrives with the seller tools; until then signed-in sellers see its frame. */
export default function CreateListingPage() {
  useDocumentMeta('Create New Listing', 'List your car for free.');
  return (
    <RequireUser unauthorized={UNAUTHORIZED} skeleton={<FormSkeleton title="Create New Listing" />}>
      {() => <FormSkeleton title="Create New Listing" />}
    </RequireUser>
  );
}
