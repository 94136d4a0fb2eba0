import { Link } from 'react-router';
import { useCurrentUser } from '../../api/queries';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import '../account/account.css';
import { SavedVehicles } from './SavedVehicles';

/** /saved: the saved vehicles, for visitors (this browser's list) and signed-in users (the account's) alike. */
export default function SavedPage() {
  useDocumentMeta('Saved Vehicles', 'The vehicles you saved.');
  const { user } = useCurrentUser();
  return (
    <div className="container page">
      <SavedVehicles headingLevel="h1" />
      <p className="saved-note">
        {user ? (
          'Your saved vehicles are kept with your account, on every device you sign in on.'
        ) : (
          <>
            Saved vehicles are kept in this browser. <Link to="/auth">Sign in</Link> to keep them on every device.
          </>
        )}
      </p>
    </div>
  );
}
