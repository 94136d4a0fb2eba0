import { Transform, type TransformFnParams } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { emptyToUndefined } from '../common/transforms';
import { cleanStringList, numeric, rule } from '../common/validators';
import { LISTING_LIMITS, SEARCH_LIMITS } from './limits';
import { ZIP_PATTERN } from './vehicle-input.dto';
import { DEAL_FILTERS, type DealFilter } from './deal-rating';
import { toSearchFilterValue } from './vocabulary-input';
import {
  BODY_TYPE_OPTIONS,
  COLOR_OPTIONS,
  CONDITION_OPTIONS,
  DRIVETRAIN_OPTIONS,
  FUEL_TYPE_OPTIONS,
  SEARCH_FILTERS,
  SORT_OPTIONS,
  SORT_NEEDS,
  sortUsable,
  TRANSMISSION_OPTIONS,
  type SortOption,
} from './vocabularies';

/** Bounds of the search query (shared with the filter panel). */
export const SEARCH_QUERY_LIMITS = {
  maxQueryLength: 100,
  maxFeatures: 20,
  maxFeatureLength: 80,
  maxLocationLength: 100,
  maxPage: 10_000,
} as const;

/** "Nearest First" measures from the search's ZIP code, "Best Match" from its keywords: without them it is refused. */
function SortItCanUse(): PropertyDecorator {
  return ValidateBy({
    name: 'sortItCanUse',
    validator: {
      validate: (value: unknown, args) => sortUsable(value as SortOption, args?.object as { zipCode?: string; query?: string }),
      defaultMessage: (args) => {
        const needs = SORT_NEEDS[args?.value as SortOption];
        return `sortBy ${String(args?.value)} needs ${needs === 'zipCode' ? 'a zipCode to measure the distance from' : 'a query to rank the matches by'}`;
      },
    },
  });
}

/** Query strings arrive as strings: "" means "no filter", numbers are parsed. */
const optionalNumber = (params: TransformFnParams): unknown => numeric({ ...params, value: emptyToUndefined(params) });

/** `features=a&features=b` arrives as an array, `features=a` as a string: both become a cleaned list. */
const stringList = ({ value }: TransformFnParams): unknown => {
  const list = cleanStringList(Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]) as unknown[];
  return list.length ? list : undefined;
};

const filterValues = (name: keyof typeof SEARCH_FILTERS): string[] => SEARCH_FILTERS[name].map((o) => o.value);
const searchOption = (name: keyof typeof SEARCH_FILTERS, label: string) =>
  IsIn(filterValues(name), { message: `${label} must be one of: ${filterValues(name).join(', ')}` });

/** maxX must not be below minX when both are given. */
const notBelow = (minField: string, label: string) =>
  rule(
    `notBelow_${minField}`,
    (v, args) => {
      const min = (args.object as Record<string, unknown>)[minField];
      return typeof min !== 'number' || typeof v !== 'number' || v >= min;
    },
    `${label} must not be below its minimum`,
  );

/**
 * GET /api/vehicles/search query (SPEC.md section 3 "Search filter fields"). Empty values are ignored;
 * categorical filters take the values of SEARCH_FILTERS (each matches every stored slug it stands for),
 * or their labels, or a listing slug or label they match, in any case; colours filter on colour families.
 * Similar vehicles: minPrice, maxPrice and excludeId.
 */
export class VehicleSearchDto {
  /** Keyword(s) over make, model, trim, description and features; every word must match. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(SEARCH_QUERY_LIMITS.maxQueryLength, { message: `Search text must be at most ${SEARCH_QUERY_LIMITS.maxQueryLength} characters` })
  @IsString()
  query?: string;

  /** Case-insensitive. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(60, { message: 'Make must be at most 60 characters' })
  @IsString()
  make?: string;

  /** Case-insensitive. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(80, { message: 'Model must be at most 80 characters' })
  @IsString()
  model?: string;

  @IsOptional()
  @Transform(optionalNumber)
  @Max(2100, { message: 'minYear must be at most 2100' })
  @Min(1900, { message: 'minYear must be at least 1900' })
  @IsInt({ message: 'minYear must be a whole number' })
  minYear?: number;

  @IsOptional()
  @Transform(optionalNumber)
  @notBelow('minYear', 'maxYear')
  @Max(2100, { message: 'maxYear must be at most 2100' })
  @Min(1900, { message: 'maxYear must be at least 1900' })
  @IsInt({ message: 'maxYear must be a whole number' })
  maxYear?: number;

  @IsOptional()
  @Transform(optionalNumber)
  @Max(LISTING_LIMITS.maxPrice, { message: 'minPrice is too large' })
  @Min(0, { message: 'minPrice cannot be negative' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'minPrice must be a number' })
  minPrice?: number;

  @IsOptional()
  @Transform(optionalNumber)
  @notBelow('minPrice', 'maxPrice')
  @Max(LISTING_LIMITS.maxPrice, { message: 'maxPrice is too large' })
  @Min(0, { message: 'maxPrice cannot be negative' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'maxPrice must be a number' })
  maxPrice?: number;

  @IsOptional()
  @Transform(optionalNumber)
  @Max(LISTING_LIMITS.maxMileage, { message: 'minMileage is too large' })
  @Min(0, { message: 'minMileage cannot be negative' })
  @IsInt({ message: 'minMileage must be a whole number' })
  minMileage?: number;

  @IsOptional()
  @Transform(optionalNumber)
  @notBelow('minMileage', 'maxMileage')
  @Max(LISTING_LIMITS.maxMileage, { message: 'maxMileage is too large' })
  @Min(0, { message: 'maxMileage cannot be negative' })
  @IsInt({ message: 'maxMileage must be a whole number' })
  maxMileage?: number;

  @IsOptional()
  @Transform(toSearchFilterValue('condition', CONDITION_OPTIONS))
  @searchOption('condition', 'condition')
  condition?: string;

  @IsOptional()
  @Transform(toSearchFilterValue('bodyType', BODY_TYPE_OPTIONS))
  @searchOption('bodyType', 'bodyType')
  bodyType?: string;

  @IsOptional()
  @Transform(toSearchFilterValue('fuelType', FUEL_TYPE_OPTIONS))
  @searchOption('fuelType', 'fuelType')
  fuelType?: string;

  @IsOptional()
  @Transform(toSearchFilterValue('transmission', TRANSMISSION_OPTIONS))
  @searchOption('transmission', 'transmission')
  transmission?: string;

  @IsOptional()
  @Transform(toSearchFilterValue('drivetrain', DRIVETRAIN_OPTIONS))
  @searchOption('drivetrain', 'drivetrain')
  drivetrain?: string;

  @IsOptional()
  @Transform(toSearchFilterValue('color', COLOR_OPTIONS))
  @searchOption('color', 'exteriorColor')
  exteriorColor?: string;

  @IsOptional()
  @Transform(toSearchFilterValue('color', COLOR_OPTIONS))
  @searchOption('color', 'interiorColor')
  interiorColor?: string;

  /** Repeated once per value; a listing must have every one (case-insensitive, see FEATURE_FILTERS). */
  @IsOptional()
  @Transform(stringList)
  @MaxLength(SEARCH_QUERY_LIMITS.maxFeatureLength, { each: true, message: `Each feature must be at most ${SEARCH_QUERY_LIMITS.maxFeatureLength} characters` })
  @IsString({ each: true, message: 'Each feature must be text' })
  @ArrayMaxSize(SEARCH_QUERY_LIMITS.maxFeatures, { message: `At most ${SEARCH_QUERY_LIMITS.maxFeatures} features` })
  @IsArray()
  features?: string[];

  /** Text contained in the listing's location ("Austin", "TX"), case-insensitive. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(SEARCH_QUERY_LIMITS.maxLocationLength, { message: `Location must be at most ${SEARCH_QUERY_LIMITS.maxLocationLength} characters` })
  @IsString()
  location?: string;

  /** Centre of a radius search; an unknown ZIP code is a 400. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(ZIP_PATTERN, { message: 'ZIP code must be 5 digits (or ZIP+4)' })
  @IsString()
  zipCode?: string;

  /** Miles around zipCode (default 25); ignored without zipCode. */
  @IsOptional()
  @Transform(optionalNumber)
  @Max(SEARCH_LIMITS.maxRadiusMiles, { message: `radius must be at most ${SEARCH_LIMITS.maxRadiusMiles} miles` })
  @Min(1, { message: 'radius must be at least 1 mile' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'radius must be a number' })
  radius?: number;

  @IsOptional()
  @Transform(emptyToUndefined)
  @SortItCanUse()
  @IsIn(SORT_OPTIONS as unknown as string[], { message: `sortBy must be one of: ${SORT_OPTIONS.join(', ')}` })
  sortBy?: SortOption;

  @IsOptional()
  @Transform(optionalNumber)
  @Max(SEARCH_QUERY_LIMITS.maxPage, { message: `page must be at most ${SEARCH_QUERY_LIMITS.maxPage}` })
  @Min(1, { message: 'page must be at least 1' })
  @IsInt({ message: 'page must be a whole number' })
  page?: number;

  @IsOptional()
  @Transform(optionalNumber)
  @Max(SEARCH_LIMITS.maxPageSize, { message: `limit must be at most ${SEARCH_LIMITS.maxPageSize}` })
  @Min(1, { message: 'limit must be at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;

  /** "Good deals and better" (good) or "Great deals" (great). */
  @IsOptional()
  @Transform(({ value }: TransformFnParams) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value))
  @IsIn(DEAL_FILTERS as unknown as string[], { message: `deal must be one of: ${DEAL_FILTERS.join(', ')}` })
  deal?: DealFilter;

  /** Leaves one listing out (the vehicle itself, for "similar vehicles"). */
  @IsOptional()
  @Transform(optionalNumber)
  @Min(1, { message: 'excludeId must be a listing id' })
  @IsInt({ message: 'excludeId must be a listing id' })
  excludeId?: number;
}
