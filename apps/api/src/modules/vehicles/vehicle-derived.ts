import { PUBLIC_STATUSES, type ListingStatus } from '@app/shared';
import { lookupZip } from '../../infra/geo/zip';

/**
 * Text as search compares it: Unicode-lowercased, accents removed, spaces collapsed. The same function
 * folds stored columns (makeKey, modelKey, searchText) and the buyer's input, so matching is
 * case-insensitive in the same way on SQLite (whose LOWER folds ASCII only) and MariaDB.
 */
export function foldText(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** One feature as stored in featureKeys and as a `features` filter compares it. */
export function featureKey(feature: string): string {
  return foldText(feature).replace(/\|/g, ' ');
}

/** The columns a listing's own fields determine; the listing writer sets them on every write. */
export interface DerivedListingColumns {
  makeKey: string;
  modelKey: string;
  searchText: string;
  featureKeys: string;
  isPublic: boolean;
  latitude: number | null;
  longitude: number | null;
}

export const DERIVED_LISTING_COLUMNS: readonly (keyof DerivedListingColumns)[] = ['makeKey', 'modelKey', 'searchText', 'featureKeys', 'isPublic', 'latitude', 'longitude'];

export interface ListingSource {
  make: string;
  model: string;
  trim?: string | null;
  description?: string | null;
  features?: string[] | null;
  status?: ListingStatus | null;
  zipCode?: string | null;
}

export function deriveListingColumns(source: ListingSource): DerivedListingColumns {
  const features = source.features ?? [];
  const zip = source.zipCode ? lookupZip(source.zipCode) : null;
  return {
    makeKey: foldText(source.make ?? ''),
    modelKey: foldText(source.model ?? ''),
    // " | " between fields so that a word never spans two of them.
    searchText: foldText([source.make, source.model, source.trim ?? '', source.description ?? '', ...features].join(' | ')),
    featureKeys: features.length ? `|${features.map(featureKey).join('|')}|` : '',
    isPublic: PUBLIC_STATUSES.includes(source.status ?? 'pending'),
    latitude: zip ? zip.lat : null,
    longitude: zip ? zip.lng : null,
  };
}

