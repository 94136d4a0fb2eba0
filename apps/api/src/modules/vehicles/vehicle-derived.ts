import { BODY_TYPE_OPTIONS, DRIVETRAIN_OPTIONS, FUEL_TYPE_OPTIONS, labelOf, TRANSMISSION_OPTIONS, type ListingStatus } from '@app/shared';
import { latitudeBand } from '../../infra/geo/radius';
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

/**
 * What the derivation below writes, as a number: raise it whenever it changes, and the listing writer
 * derives the columns of every listing written before again (ListingWriter.refreshDerivedColumns, run once at
 * start by DerivedColumnsJob). 2: searchText holds the body type, fuel, transmission and drivetrain.
 */
export const DERIVATION_VERSION = 3;

/** The columns a listing's own fields determine; the listing writer sets them on every write. */
export interface DerivedListingColumns {
  makeKey: string;
  modelKey: string;
  searchText: string;
  featureKeys: string;
  isPublic: boolean;
  latitude: number | null;
  longitude: number | null;
  /** latitudeBand(latitude): the geo index's first column after isPublic. */
  latBand: number | null;
  /** DERIVATION_VERSION when written. */
  derivedVersion: number;
}

export const DERIVED_LISTING_COLUMNS: readonly (keyof DerivedListingColumns)[] = ['makeKey', 'modelKey', 'searchText', 'featureKeys', 'isPublic', 'latitude', 'longitude', 'latBand', 'derivedVersion'];

export interface ListingSource {
  make: string;
  model: string;
  trim?: string | null;
  description?: string | null;
  features?: string[] | null;
  bodyType?: string | null;
  fuelType?: string | null;
  transmission?: string | null;
  drivetrain?: string | null;
  status?: ListingStatus | null;
  zipCode?: string | null;
}

/** Short names buyers type for a drivetrain, which its label does not hold. */
const DRIVETRAIN_SHORT: Record<string, string> = { fwd: 'fwd', rwd: 'rwd', 'rear-wheel-drive': 'rwd', awd: 'awd', 'all-wheel-drive': 'awd', '4wd': '4wd 4x4' };

/**
 * The words of a listing's chosen body type, fuel, transmission and drivetrain (labels, and a drivetrain's
 * short name): a buyer who types "hybrid", "suv", "manual" or "awd" finds what the form filed under them.
 */
function vocabularyWords(source: ListingSource): string[] {
  const drivetrain = source.drivetrain ? `${labelOf(DRIVETRAIN_OPTIONS, source.drivetrain)} ${DRIVETRAIN_SHORT[source.drivetrain] ?? ''}` : '';
  return [labelOf(BODY_TYPE_OPTIONS, source.bodyType), labelOf(FUEL_TYPE_OPTIONS, source.fuelType), labelOf(TRANSMISSION_OPTIONS, source.transmission), drivetrain].filter((w) => w.trim() !== '');
}

export function deriveListingColumns(source: ListingSource): DerivedListingColumns {
  const features = source.features ?? [];
  const zip = source.zipCode ? lookupZip(source.zipCode) : null;
  return {
    makeKey: foldText(source.make ?? ''),
    modelKey: foldText(source.model ?? ''),
    // " | " between fields so that a word never spans two of them.
    searchText: foldText([source.make, source.model, source.trim ?? '', source.description ?? '', ...features, ...vocabularyWords(source)].join(' | ')),
    featureKeys: features.length ? `|${features.map(featureKey).join('|')}|` : '',
    // For sale: what searches answer. A sold listing keeps its public page but leaves the results ("Recently sold" lists it).
    isPublic: source.status === 'approved',
    latitude: zip ? zip.lat : null,
    longitude: zip ? zip.lng : null,
    latBand: zip ? latitudeBand(zip.lat) : null,
    derivedVersion: DERIVATION_VERSION,
  };
}

