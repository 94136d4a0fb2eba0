import {
  BODY_TYPE_OPTIONS,
  COLOR_OPTIONS,
  CONDITION_OPTIONS,
  DRIVETRAIN_OPTIONS,
  FUEL_TYPE_OPTIONS,
  TRANSMISSION_OPTIONS,
  formatMileage,
  formatPrice,
  labelOf,
  type Option,
  type RevisableField,
} from '@app/shared';

const VOCABULARIES: Partial<Record<RevisableField, readonly Option[]>> = {
  condition: CONDITION_OPTIONS,
  bodyType: BODY_TYPE_OPTIONS,
  fuelType: FUEL_TYPE_OPTIONS,
  transmission: TRANSMISSION_OPTIONS,
  drivetrain: DRIVETRAIN_OPTIONS,
  exteriorColor: COLOR_OPTIONS,
  interiorColor: COLOR_OPTIONS,
  color: COLOR_OPTIONS,
};

/** One side of a revision's field as the review table shows it (photos are drawn, not formatted). */
export function revisionValueText(field: RevisableField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.join(', ');
  if (field === 'price' && typeof value === 'number') return formatPrice(value);
  if (field === 'mileage' && typeof value === 'number') return formatMileage(value);
  if (field === 'coverPhotoIndex' && typeof value === 'number') return `Photo ${value + 1}`;
  const vocabulary = VOCABULARIES[field];
  return vocabulary ? labelOf(vocabulary, String(value)) : String(value);
}
