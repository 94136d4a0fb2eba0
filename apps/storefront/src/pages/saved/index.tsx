import { useDocumentMeta } from '../../hooks/use-document-meta';
import '../account/account.css';
import { SavedVehicles } from './SavedVehicles';

/** /saved: the vehicles saved in this browser, for visitors and signed-in users alike. */
export default function SavedPage() {
  useDocumentMeta('Saved Vehicles', 'The vehicles you saved on this device.');
  return (
    <div className="container page">
      <SavedVehicles headingLevel="h1" />
      <p className="saved-note">Saved vehicles are kept in this browser only.</p>
    </div>
  );
}
