import type { FilterOption } from './vocabularies';

const same = (label: string): FilterOption => ({ value: label, label, matches: [label] });

/**
 * The search page's feature choices (SPEC.md section 3). Each matches the listing-form features it stands
 * for, so every choice can match a listing (e.g. "Bluetooth" = "Bluetooth Connectivity" of the form).
 */
export const FEATURE_FILTERS: readonly FilterOption[] = [
  same('Air Conditioning'),
  { value: 'Bluetooth', label: 'Bluetooth', matches: ['Bluetooth', 'Bluetooth Connectivity'] },
  same('Backup Camera'),
  same('Navigation System'),
  same('Heated Seats'),
  { value: 'Leather Seats', label: 'Leather Seats', matches: ['Leather Seats', 'Leather Interior'] },
  { value: 'Sunroof', label: 'Sunroof', matches: ['Sunroof', 'Sunroof/Moonroof', 'Moonroof'] },
  same('Premium Sound System'),
  { value: 'Cruise Control', label: 'Cruise Control', matches: ['Cruise Control', 'Adaptive Cruise Control'] },
  same('Keyless Entry'),
  same('Remote Start'),
  same('Parking Sensors'),
  same('Lane Departure Warning'),
  same('Blind Spot Monitoring'),
  same('Apple CarPlay'),
  same('Android Auto'),
];

/**
 * Listing features (lowercase) that satisfy one `features` search value: the choice's matches for a
 * search-page choice, else the value itself (a custom feature), compared without regard to case.
 */
export function featureMatches(value: string): string[] {
  const key = value.trim().toLowerCase();
  const option = FEATURE_FILTERS.find((o) => o.value.toLowerCase() === key);
  return (option ? option.matches : [value.trim()]).map((m) => m.toLowerCase());
}
