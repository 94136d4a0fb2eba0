/**
 * Model-year ranges of vPIC schemas. Wmi_VinSchema.YearTo is NULL for a
 * schema still "open" in vPIC; many such schemas are in fact single-year ones
 * whose end year only appears in the schema name ("... for 1G1 - 2019",
 * "(2017)"), while "(MY2026-" really is open-ended.
 */
import { LISTING_LIMITS } from '../../../libs/shared/src';

const MIN_YEAR = LISTING_LIMITS.minYear;
import type { SchemaYearRow } from './vpic-source';

const YEAR = /(?:19|20)\d{2}/g;
const OPEN_END = /(?:19|20)\d{2}\s*(?:-|\+|and later|-\s*present)\s*\)?\s*$/i;

/** Best guess at the last model year of an open-ended schema. */
export function openEndYear(schemaName: string, yearFrom: number, maxYear: number): number {
  const years = schemaName.match(YEAR)?.map(Number) ?? [];
  if (years.length === 0 || OPEN_END.test(schemaName)) return maxYear;
  return Math.max(yearFrom, ...years);
}

/** Range of one Wmi_VinSchema row clipped to MIN_YEAR..maxYear; null when outside. */
export function schemaYearRange(row: SchemaYearRow, maxYear: number): [number, number] | null {
  const end = row.yearTo ?? openEndYear(row.schemaName, row.yearFrom, maxYear);
  const from = Math.max(MIN_YEAR, row.yearFrom);
  const to = Math.min(maxYear, end);
  return from <= to ? [from, to] : null;
}

/** Union (as min..max) of two ranges. */
export function widen(a: [number, number] | null, b: [number, number]): [number, number] {
  return a ? [Math.min(a[0], b[0]), Math.max(a[1], b[1])] : b;
}
