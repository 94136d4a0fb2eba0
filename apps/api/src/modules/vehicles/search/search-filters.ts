import {
  DEAL_THRESHOLDS,
  DEFAULT_SORT,
  featureMatches,
  SEARCH_LIMITS,
  slugsForFilter,
  type SearchFilterName,
  type SortOption,
  type QueryWordReading,
  type VehicleSearchDto,
} from '@app/shared';
import { ValidationFailedException } from '../../../infra/http/error-body';
import { lookupZip } from '../../../infra/geo/zip';
import { radiusSql } from '../../../infra/geo/radius';
import { featureKey, foldText } from '../vehicle-derived';
import type { SqlEngine } from '../../../infra/database/sql-engine';
import type { PUBLIC_COUNTS_COLUMNS } from '../entities/vehicle.entity';
import { containsPattern, keywordWhere, rankedReading, readKeywords, relevanceOf, type KeywordReading } from './keyword-match';
import { featureWhere, type FeatureReading } from './feature-index';

/** At most this many keyword words are matched (the rest of a long query is ignored). */
export const MAX_KEYWORD_TERMS = 8;

/**
 * A search's filters, normalised for the database (catalogue keys, slugs, numbers): equal filter sets give equal
 * objects (and equal cache keys). Not the storefront's `SearchFilters` (libs/shared), which is the search form's
 * state as the address holds it; toSearchRequest turns the API's query into this.
 */
export interface NormalizedSearchFilters {
  terms: string[];
  makeKey?: string;
  modelKey?: string;
  minYear?: number;
  maxYear?: number;
  minPrice?: number;
  maxPrice?: number;
  minMileage?: number;
  maxMileage?: number;
  condition?: readonly string[];
  bodyType?: readonly string[];
  fuelType?: readonly string[];
  transmission?: readonly string[];
  drivetrain?: readonly string[];
  exteriorColor?: readonly string[];
  interiorColor?: readonly string[];
  /** Each entry: the feature keys that satisfy one requested feature. */
  features: string[][];
  location?: string;
  near?: { lat: number; lng: number; radius: number };
  excludeId?: number;
  /** Rated at least this well (dealScore at most the rating's bound). */
  maxDealScore?: number;
}

export interface SearchRequest {
  filters: NormalizedSearchFilters;
  /** The query's words read otherwise than typed (readKeywords): not part of the filters' cache key. */
  understood: QueryWordReading[];
  sortBy: SortOption;
  page: number;
  limit: number;
}

/** The dimension a facet counts: its own filter is left out of its counts. */
export type FacetDimension = 'make' | 'model' | 'bodyType' | 'fuelType' | 'price';

export function toSearchRequest(dto: VehicleSearchDto): SearchRequest {
  const slugs = (filter: SearchFilterName, value: string | undefined) => (value === undefined ? undefined : slugsForFilter(filter, value));
  let near: NormalizedSearchFilters['near'];
  if (dto.zipCode !== undefined) {
    const zip = lookupZip(dto.zipCode);
    if (!zip) throw new ValidationFailedException([{ field: 'zipCode', message: 'Unknown ZIP code' }]);
    near = { lat: zip.lat, lng: zip.lng, radius: dto.radius ?? SEARCH_LIMITS.defaultRadiusMiles };
  }
  const words = dto.query ? [...new Set(foldText(dto.query).split(' ').filter(Boolean))].slice(0, MAX_KEYWORD_TERMS) : [];
  const read = readKeywords(words, dto.exteriorColor !== undefined);
  const terms = [...new Set(read.terms)];
  const features = (dto.features ?? [])
    .map((f) => [...new Set(featureMatches(f).map(featureKey))].sort())
    .sort((a, b) => a.join('|').localeCompare(b.join('|')));
  const filters: NormalizedSearchFilters = {
    terms: terms.sort(),
    makeKey: dto.make === undefined ? undefined : foldText(dto.make),
    modelKey: dto.model === undefined ? undefined : foldText(dto.model),
    minYear: dto.minYear,
    maxYear: dto.maxYear,
    minPrice: dto.minPrice,
    maxPrice: dto.maxPrice,
    minMileage: dto.minMileage,
    maxMileage: dto.maxMileage,
    condition: slugs('condition', dto.condition),
    bodyType: slugs('bodyType', dto.bodyType),
    fuelType: slugs('fuelType', dto.fuelType),
    transmission: slugs('transmission', dto.transmission),
    drivetrain: slugs('drivetrain', dto.drivetrain),
    exteriorColor: dto.exteriorColor !== undefined ? slugs('color', dto.exteriorColor) : read.colors.length > 0 ? [...read.colors].sort() : undefined,
    interiorColor: slugs('color', dto.interiorColor),
    features,
    location: dto.location === undefined ? undefined : dto.location.trim().toLowerCase(),
    near,
    excludeId: dto.excludeId,
    maxDealScore: dto.deal === undefined ? undefined : DEAL_THRESHOLDS[dto.deal],
  };
  return {
    filters,
    sortBy: dto.sortBy ?? DEFAULT_SORT,
    page: dto.page ?? 1,
    limit: dto.limit ?? SEARCH_LIMITS.defaultPageSize,
    understood: read.understood,
  };
}

/** The filters without a facet's own dimension (make also drops model; price drops both bounds). */
export function withoutDimension(filters: NormalizedSearchFilters, dimension: FacetDimension): NormalizedSearchFilters {
  switch (dimension) {
    case 'make':
      return { ...filters, makeKey: undefined, modelKey: undefined };
    case 'model':
      return { ...filters, modelKey: undefined };
    case 'price':
      return { ...filters, minPrice: undefined, maxPrice: undefined };
    default:
      return { ...filters, [dimension]: undefined };
  }
}

/**
 * A stable text key of a filter set: toSearchRequest builds every member in one fixed order (spreads keep
 * it) and JSON drops undefined members, so equal filter sets give equal keys.
 */
export function filtersKey(filters: NormalizedSearchFilters): string {
  return JSON.stringify(filters);
}

export interface SqlWhere {
  sql: string;
  params: unknown[];
  /** Distance expression and its params, when the search has a centre. */
  distance?: { sql: string; params: unknown[] };
  /** The full-text expression of the keywords, when they have one ("Best match" ranks by it). */
  keywordMatch?: string;
  /** MariaDB/MySQL: the clause has a boolean MATCH (see fromVehicles). */
  readsFullText?: boolean;
}

/**
 * The WHERE clause of a public search: isPublic first, as every search index starts with it. `reading`: how
 * the query reads the keywords' matches (see keywordWhere), through the full-text index unless told;
 * `featureReading`: the features' as a set of listing ids (counts) or on each row (pages; feature-index.ts).
 */
export function whereOf(f: NormalizedSearchFilters, engine: SqlEngine, reading: KeywordReading = 'index', featureReading: FeatureReading = 'set'): SqlWhere {
  const parts: string[] = ['isPublic = 1'];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  const oneOf = (column: string, values: readonly string[] | undefined) => {
    if (values === undefined) return;
    add(values.length === 1 ? `${column} = ?` : `${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  };

  for (const { filter, column, op } of COLUMN_FILTERS) {
    const value = f[filter];
    if (value === undefined) continue;
    const name = columnSql(column);
    if (op === 'in') oneOf(name, typeof value === 'string' ? [value] : (value as readonly string[]));
    else add(`${name} ${op} ?`, value);
  }
  const keywords = keywordWhere(f.terms, engine, reading);
  for (const part of keywords.parts) add(part.sql, ...part.params);
  for (const alternatives of f.features) {
    const feature = featureWhere(alternatives, featureReading);
    add(feature.sql, ...feature.params);
  }
  if (f.location !== undefined) add(`LOWER(location) LIKE ? ESCAPE '!'`, containsPattern(f.location));
  if (f.excludeId !== undefined) add('id <> ?', f.excludeId);

  let distance: SqlWhere['distance'];
  if (f.near) {
    const r = radiusSql({ lat: f.near.lat, lng: f.near.lng }, f.near.radius, { lat: 'latitude', lng: 'longitude', band: 'latBand' });
    add(r.boxWhere.sql, ...r.boxWhere.params);
    add(`${r.distance.sql} <= ?`, ...r.distance.params, f.near.radius);
    distance = { sql: r.distance.sql, params: [...r.distance.params] };
  }
  return { sql: parts.join(' AND '), params, distance, keywordMatch: keywords.match, readsFullText: keywords.readsFullText };
}

/**
 * The filters that compare one column of IDX_vehicles_public_counts, in the order whereOf writes them: `in`
 * is equality with one of the values (makes and models: one value), `>=` and `<=` bound a number. Colours are
 * free text as makers name them; the colour filters match their families. dealRank is dealScore where rated
 * (the unrated rank is far above every bound). The counts snapshot (counts-snapshot.ts) checks the same list
 * in memory.
 */
export const COLUMN_FILTERS = [
  { filter: 'makeKey', column: 'makeKey', op: 'in' },
  { filter: 'modelKey', column: 'modelKey', op: 'in' },
  { filter: 'minYear', column: 'year', op: '>=' },
  { filter: 'maxYear', column: 'year', op: '<=' },
  { filter: 'minPrice', column: 'price', op: '>=' },
  { filter: 'maxPrice', column: 'price', op: '<=' },
  { filter: 'minMileage', column: 'mileage', op: '>=' },
  { filter: 'maxMileage', column: 'mileage', op: '<=' },
  { filter: 'condition', column: 'condition', op: 'in' },
  { filter: 'bodyType', column: 'bodyType', op: 'in' },
  { filter: 'fuelType', column: 'fuelType', op: 'in' },
  { filter: 'transmission', column: 'transmission', op: 'in' },
  { filter: 'drivetrain', column: 'drivetrain', op: 'in' },
  { filter: 'exteriorColor', column: 'color', op: 'in' },
  { filter: 'interiorColor', column: 'interiorColorFamily', op: 'in' },
  { filter: 'maxDealScore', column: 'dealRank', op: '<=' },
] as const satisfies readonly { filter: keyof NormalizedSearchFilters; column: (typeof PUBLIC_COUNTS_COLUMNS)[number]; op: 'in' | '>=' | '<=' }[];

/** A vehicles column as SQL names it on both engines (`condition` is a reserved word). */
export const columnSql = (column: string): string => (column === 'condition' ? '`condition`' : column);

/** ORDER BY of each sort: the sort column, then id in the same direction (index order on both engines). */
export const SORT_SQL: Record<SortOption, string> = {
  price_asc: 'price ASC, id ASC',
  price_desc: 'price DESC, id DESC',
  year_asc: 'year ASC, id ASC',
  year_desc: 'year DESC, id DESC',
  mileage_asc: 'mileage ASC, id ASC',
  mileage_desc: 'mileage DESC, id DESC',
  views_asc: 'views ASC, id ASC',
  views_desc: 'views DESC, id DESC',
  created_asc: 'createdAt ASC, id ASC',
  created_desc: 'createdAt DESC, id DESC',
  // Never-reduced listings (NULL) sort last on both engines.
  reduced_desc: 'priceReducedAt DESC, id DESC',
  // Unrated listings last: their dealRank is UNRATED_DEAL_RANK.
  deal_asc: 'dealRank ASC, id ASC',
  // The page query selects the distance from the search's ZIP code as distanceMiles (only with a ZIP code).
  distance_asc: 'distanceMiles ASC, id ASC',
  // The page query selects the keywords' full-text score as relevance (only with keywords).
  relevance_desc: 'relevance DESC, id DESC',
};

/** The index that holds public listings in each sort's order (none for relevance: it ranks the matches). */
const SORT_INDEX: Record<SortOption, string | undefined> = {
  price_asc: 'IDX_vehicles_public_price',
  price_desc: 'IDX_vehicles_public_price',
  year_asc: 'IDX_vehicles_public_year',
  year_desc: 'IDX_vehicles_public_year',
  mileage_asc: 'IDX_vehicles_public_mileage',
  mileage_desc: 'IDX_vehicles_public_mileage',
  views_asc: 'IDX_vehicles_public_views',
  views_desc: 'IDX_vehicles_public_views',
  created_asc: 'IDX_vehicles_public_created',
  created_desc: 'IDX_vehicles_public_created',
  reduced_desc: 'IDX_vehicles_public_reduced',
  deal_asc: 'IDX_vehicles_public_deal',
  distance_asc: 'IDX_vehicles_public_geo',
  relevance_desc: undefined,
};

/**
 * The index a page query should read, or undefined to let the planner choose. Make (and model) with
 * the newest-first default read their own (make[, model], createdAt) index: exactly the page's rows.
 * Otherwise reading the sort's own index in order finds the page after about
 * end × public / matching entries with no sort, and a filter's index reads the `matching` entries and
 * sorts them: the sort's index when it reads fewer entries, else the index of the most selective
 * equality filter (make, place, body type, fuel type). Planners do not always see this (SQLite picked a
 * price index and sorted 4,000 rows for "under $5,000, newest first"; MariaDB walks the sort's index for
 * a rare make), so the index is named. `end` is offset + limit.
 */
export function pageIndex(filters: NormalizedSearchFilters, sortBy: SortOption, matching: number, publicTotal: number, end: number): string | undefined {
  if (sortBy === 'created_desc' || sortBy === 'created_asc') {
    if (filters.makeKey !== undefined && filters.modelKey !== undefined) return 'IDX_vehicles_public_make_model_created';
    if (filters.makeKey !== undefined) return 'IDX_vehicles_public_make_created';
  }
  if (!pageIndexReadsCounts(sortBy)) return undefined;
  if (matching > 0 && (end * publicTotal) / matching <= matching) return SORT_INDEX[sortBy];
  if (filters.makeKey !== undefined) return filters.modelKey !== undefined ? 'IDX_vehicles_public_make_model_created' : 'IDX_vehicles_public_make_created';
  if (filters.near) return 'IDX_vehicles_public_geo';
  if (filters.bodyType !== undefined) return 'IDX_vehicles_public_body';
  if (filters.fuelType !== undefined) return 'IDX_vehicles_public_fuel';
  return undefined;
}

/**
 * Whether pageIndex's choice for a sort depends on the search's counts: not for "Best match", which has no
 * index in its order (it ranks the full-text matches), so its page can be read before the counts are known.
 */
export function pageIndexReadsCounts(sortBy: SortOption): boolean {
  return SORT_INDEX[sortBy] !== undefined;
}

/**
 * The index a count (the total, a facet) should read. With a centre: the geo index, whose box narrows to the
 * few listings near it. With any other filter: IDX_vehicles_public_counts, which holds every column a count
 * filters or groups by, so the count reads index entries only and never a listing's row (a feature is a set
 * of listing ids: feature-index.ts). Left to themselves, both planners read a selective filter's index and
 * then look up each matching row: a make facet of "under $100,000" read 90,000 rows through the price index
 * (SQLite at 100,000 listings: 426 ms; from the counts index 27 ms), and MariaDB counted "within 100 miles,
 * under $30,000" through the price index (170 ms). Without any filter the planner chooses (each facet has
 * its own narrower covering index: (isPublic, makeKey…), (isPublic, bodyType)).
 *
 * Keywords: a rare word's few matches are best looked up one by one from the full-text index (the planner's
 * choice: "porsche 911", 264 matches, 0.4 ms), a common word's many are best a set of ids checked along the
 * counts index ("leather", 22,000 matches: 76 -> 37 ms on SQLite), so the counts index is read only when
 * `commonKeywords` says so. (On MariaDB a full-text MATCH always drives: fromVehicles names no index.)
 */
export function countIndex(filters: NormalizedSearchFilters, commonKeywords = false): string | undefined {
  if (filters.near) return 'IDX_vehicles_public_geo';
  if (filters.terms.length > 0) return commonKeywords ? COUNTS_INDEX : undefined;
  // Every member but the two lists is undefined when its filter is not set (toSearchRequest).
  const filtered = Object.entries(filters).some(([name, value]) => (name === 'terms' ? false : name === 'features' ? filters.features.length > 0 : value !== undefined));
  return filtered ? COUNTS_INDEX : undefined;
}

/** The index that holds every column a search count reads (vehicle.entity.ts PUBLIC_COUNTS_COLUMNS). */
export const COUNTS_INDEX = 'IDX_vehicles_public_counts';

/** Whether a page query reading this index walks the sort's own order (and stops after the page). */
export function walksSortOrder(index: string | undefined, sortBy: SortOption): boolean {
  return index !== undefined && index === SORT_INDEX[sortBy];
}

/**
 * FROM clause naming an index, in each engine's syntax. Not on MariaDB/MySQL with keywords: a boolean
 * MATCH needs the FULLTEXT index, which a forced index hides (error 1191), and the engine reads the
 * full-text index first whatever else it could use.
 */
export function fromVehicles(index: string | undefined, engine: SqlEngine, where: Pick<SqlWhere, 'readsFullText'>): string {
  if (!index || where.readsFullText) return 'vehicles';
  return engine === 'sqlite' ? `vehicles INDEXED BY ${index}` : `vehicles FORCE INDEX (${index})`;
}

/** FROM clause that reads vehicles by primary key, in id order (SQLite's NOT INDEXED still reads a rowid range). */
export function vehiclesByPrimaryKey(engine: SqlEngine): string {
  return engine === 'sqlite' ? 'vehicles NOT INDEXED' : 'vehicles FORCE INDEX (PRIMARY)';
}

/**
 * The page query of a search: the page's rows in sort order through the chosen index, with the distance
 * from the search's ZIP code (distanceMiles) and, for "Best match", the relevance it sorts by. Sorted by a
 * column, the page's ids are found first (a derived table on the index, which holds the common filters'
 * columns) and only their rows are read. The search
 * service runs it; the search bench runs the same SQL straight on the driver as its reference.
 */
export function pageQuery(q: {
  filters: NormalizedSearchFilters;
  sortBy: SortOption;
  index: string | undefined;
  limit: number;
  offset: number;
  engine: SqlEngine;
  columns: string;
  /**
   * "Best match" only: just these listings, those that match, with their relevance (a kept ranking brought
   * forward after they changed). MariaDB checks each row's words (`perRow`) and scores it: a boolean MATCH in
   * the WHERE reads the whole FULLTEXT index (60 ms for a common word at 100,000 listings, against 12 ms).
   */
  ids?: readonly number[];
}): { sql: string; params: unknown[]; measuresDistance: boolean } {
  const ranked = q.sortBy === 'relevance_desc';
  const reading = walksSortOrder(q.index, q.sortBy) ? 'perRow' : ranked ? (q.ids && q.engine === 'mysql' ? 'perRow' : rankedReading(q.engine)) : 'index';
  const where = whereOf(q.filters, q.engine, reading, 'row');
  if (ranked && q.ids) {
    where.sql += ` AND vehicles.id IN (${q.ids.map(() => '?').join(', ')})`;
    where.params.push(...q.ids);
  }
  const from = fromVehicles(q.index, q.engine, where);
  if (!ranked) {
    // The page's ids first, from index entries where the index holds the filters and the sort (no row read
    // for a listing that is not on the page), then the page's 24 rows by primary key.
    const distance = where.distance ? `, ${where.distance.sql} AS distanceMiles` : '';
    return {
      sql:
        `SELECT ${q.columns}${where.distance ? ', page.distanceMiles' : ''} FROM vehicles JOIN ` +
        `(SELECT id AS pageId${distance} FROM ${from} WHERE ${where.sql} ORDER BY ${SORT_SQL[q.sortBy]} LIMIT ? OFFSET ?) page ON vehicles.id = page.pageId ` +
        `ORDER BY ${SORT_SQL[q.sortBy]}`,
      params: [...(where.distance?.params ?? []), ...where.params, q.limit, q.offset],
      measuresDistance: where.distance !== undefined,
    };
  }
  const columns = [q.columns];
  const selectParams: unknown[] = [];
  if (where.distance) {
    columns.push(`${where.distance.sql} AS distanceMiles`);
    selectParams.push(...where.distance.params);
  }
  let rankedFrom = from;
  let orderBy = SORT_SQL[q.sortBy];
  const fromParams: unknown[] = [];
  if (where.keywordMatch) {
    const relevance = relevanceOf(q.engine, where.keywordMatch, q.ids);
    columns.push(relevance.column);
    selectParams.push(...relevance.params);
    rankedFrom = `${relevance.before}${from}${relevance.after}`;
    fromParams.push(...relevance.fromParams);
    orderBy = relevance.orderBy ?? orderBy;
  } else {
    // Keywords the full-text index cannot rank (too short for it) rank every match alike: newest first.
    columns.push('0 AS relevance');
  }
  return {
    sql: `SELECT ${columns.join(', ')} FROM ${rankedFrom} WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    params: [...selectParams, ...fromParams, ...where.params, q.limit, q.offset],
    measuresDistance: where.distance !== undefined,
  };
}

/** "Nearest first" looks within this radius first, then within this many times as far, until the search's own. */
const NEAREST_FIRST_RING_MILES = 10;
const NEAREST_RING_GROWTH = 4;

/**
 * The page queries of "Nearest first", in the order to run them: the same page within growing rings around the
 * search's centre (10, 40, 160… miles, the last the search's own radius), each on the geo index's box of its
 * ring, stopping at the first that finds a whole page: then no listing further out can be on it, since every
 * listing outside a ring is further than every listing inside. Reading all of a wide radius's box and sorting
 * it by distance was 3,000 to 30,000 rows a page (7 to 40 ms on MariaDB at 100,000 listings); a city's nearest
 * 24 are within the first ring.
 */
export function nearestPageQueries(q: Omit<Parameters<typeof pageQuery>[0], 'sortBy'>): ReturnType<typeof pageQuery>[] {
  const near = q.filters.near;
  if (!near) return [pageQuery({ ...q, sortBy: 'distance_asc' })];
  const rings: number[] = [];
  for (let radius = NEAREST_FIRST_RING_MILES; radius < near.radius; radius *= NEAREST_RING_GROWTH) rings.push(radius);
  rings.push(near.radius);
  return rings.map((radius) => pageQuery({ ...q, sortBy: 'distance_asc', filters: { ...q.filters, near: { ...near, radius } } }));
}

/**
 * The rows of listings whose ids are known (a page found in the counts snapshot, or in "Best match"'s kept
 * ranking), by primary key, with their position (latitude, longitude): a search with a centre measures each
 * listing's distance from it (distanceFrom, the SQL's formula). The search service runs it for the rows it does
 * not keep; the search bench runs the same SQL as its reference.
 */
export function rowsQuery(ids: readonly number[], columns: string): { sql: string; params: unknown[] } {
  return { sql: `SELECT ${columns}, latitude, longitude FROM vehicles WHERE id IN (${ids.map(() => '?').join(', ')})`, params: [...ids] };
}
