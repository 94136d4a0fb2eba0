import { PRICE_BANDS, type PublicVehicle, type SortOption, type VehicleSearchResult } from '@app/shared';
import type { DataChange, DependsOn } from '../../../infra/cache/versioned-cache.service';
import { UNRATED_DEAL_RANK } from '../pricing/market-columns';
import type { VehicleEntity } from '../entities/vehicle.entity';
import { mayMatchKeywords } from './keyword-match';
import { COLUMN_FILTERS, withoutDimension, type FacetDimension, type NormalizedSearchFilters } from './search-filters';

/**
 * What a search could show of one listing, before or after a write: the columns its filters compare
 * (COLUMN_FILTERS), its facets group by and its sorts order by. Recorded in the change log by the listing
 * writer (`listingChangeFacts`), so that every API instance drops only the cached searches a write could
 * alter (`searchDependsOn`), not all of them.
 */
export interface ListingFacts {
  isPublic: boolean;
  status: string;
  makeKey: string | null;
  modelKey: string | null;
  make: string | null;
  model: string | null;
  bodyType: string | null;
  fuelType: string | null;
  condition: string | null;
  transmission: string | null;
  drivetrain: string | null;
  color: string | null;
  interiorColorFamily: string | null;
  price: number | null;
  year: number | null;
  mileage: number | null;
  dealRank: number | null;
  /** priceReducedAt and createdAt as epoch ms (sorts). */
  reducedAt: number | null;
  createdAt: number | null;
  /**
   * The listing's folded search text (searchText), while it is public: what keywords match (mayMatchKeywords).
   * Absent from changes logged before it was recorded, and off the market, where no search can find the listing.
   */
  text?: string | null;
}

/** One listing's change as the log holds it. */
export interface ListingChangeFacts {
  id: number;
  before: ListingFacts | null;
  after: ListingFacts | null;
  /**
   * What the search filters that the facts do not hold read changed: keywords (searchText), features, place,
   * position. Then a search with such a filter may gain or lose the listing whatever its columns say.
   */
  textChanged: boolean;
}

/**
 * A market refit's write of some listings' estimates (ListingWriter.writeMarketEstimates), one log row for a
 * batch: their expected price, deal score, rank and rating changed, and nothing else of them. A search's
 * counts change only when it filters by deal, its pages' order only when sorted by deal; any other answer
 * changes only when it shows one of them.
 */
export interface MarketChangeFacts {
  kind: 'market';
  ids: number[];
}

/** What the log holds of one write of listings: one listing's change, or a refit's estimates. */
export type ListingsChangeFacts = ListingChangeFacts | MarketChangeFacts;

const isMarket = (change: ListingsChangeFacts): change is MarketChangeFacts => 'kind' in change && change.kind === 'market';

/** Whether the change is of listing `id` (one of a refit's). */
const changesListing = (change: ListingsChangeFacts, id: number): boolean => (isMarket(change) ? change.ids.includes(id) : change.id === id);

/** Whether a listing may have joined or left the market (become public or stopped being so). */
const movesMarket = (change: ListingsChangeFacts): boolean => !isMarket(change) && Boolean(change.before?.isPublic) !== Boolean(change.after?.isPublic);

/** The listing the change deleted (nothing after it), or undefined: a deletion leaves no row to read (SearchCounts). */
export const deletedBy = (change: ListingsChangeFacts): number | undefined => (!isMarket(change) && change.after === null ? change.id : undefined);

/** Whether text the filters that the facts do not hold read (keywords, features, place, position) changed. */
const textChangedIn = (change: ListingsChangeFacts): boolean => !isMarket(change) && change.textChanged;

/** The listings a change is of. */
export const listingsOf = (change: ListingsChangeFacts): readonly number[] => (isMarket(change) ? change.ids : [change.id]);

/**
 * Whether a change leaves every id set as it was: which public listings a search's keywords, features or place
 * select (SearchCounts' id sets). A refit's estimates do, and so does an edit that keeps the listing on or off the
 * market and its text, features and place as they were (a price, a colour).
 */
export const keepsIdSets = (change: ListingsChangeFacts): boolean => isMarket(change) || (!change.textChanged && !movesMarket(change));

/**
 * Of the listings a counts snapshot's catch-up read again (`rows`, each with its stamp: the log id of its last
 * change), those whose place in an id set the logged `changes` of listings (up to log id `from`) may have
 * moved: after a change the log says nothing of, all of them; else all but those whose every change keeps every
 * id set (keepsIdSets: a refit's estimates, a price edit) and whose row holds no later change. A refit's 500
 * estimates then ask nothing of the sets, where each set read them again, and a set no search read was dropped
 * once 500 listings had changed since (a keyword's or a radius's ids read anew: 4 s of a 20 s refit at 100,000
 * listings, on SQLite on the thread that answers searches).
 */
export function idSetsMayMove(changes: readonly DataChange<ListingsChangeFacts>[], rows: readonly { id: number | string; changedInVersion: number | string | null }[], from: number): number[] {
  const kept = new Set<number>();
  const moved = new Set<number>();
  for (const change of changes) {
    const facts = change.facts;
    if (facts === null) return rows.map((r) => Number(r.id));
    for (const id of listingsOf(facts)) (keepsIdSets(facts) ? kept : moved).add(id);
  }
  return rows.filter((r) => moved.has(Number(r.id)) || !kept.has(Number(r.id)) || Number(r.changedInVersion) > from).map((r) => Number(r.id));
}

type FactsSource = Pick<
  VehicleEntity,
  | 'isPublic'
  | 'status'
  | 'makeKey'
  | 'modelKey'
  | 'make'
  | 'model'
  | 'bodyType'
  | 'fuelType'
  | 'condition'
  | 'transmission'
  | 'drivetrain'
  | 'color'
  | 'interiorColorFamily'
  | 'price'
  | 'year'
  | 'mileage'
  | 'dealRank'
  | 'priceReducedAt'
  | 'createdAt'
  | 'searchText'
  | 'featureKeys'
  | 'location'
  | 'latitude'
  | 'longitude'
>;

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const time = (value: Date | string | null | undefined): number | null => (value === null || value === undefined ? null : new Date(value).getTime());

export function listingFacts(row: FactsSource): ListingFacts {
  return {
    isPublic: Boolean(row.isPublic),
    status: row.status,
    makeKey: text(row.makeKey),
    modelKey: text(row.modelKey),
    make: text(row.make),
    model: text(row.model),
    bodyType: text(row.bodyType),
    fuelType: text(row.fuelType),
    condition: text(row.condition),
    transmission: text(row.transmission),
    drivetrain: text(row.drivetrain),
    color: text(row.color),
    interiorColorFamily: text(row.interiorColorFamily),
    price: num(row.price),
    year: num(row.year),
    mileage: num(row.mileage),
    dealRank: num(row.dealRank),
    reducedAt: time(row.priceReducedAt),
    createdAt: time(row.createdAt),
    // A row read without its text (undefined) leaves the text unknown: keywords are then taken to match.
    ...(row.isPublic && row.searchText !== undefined ? { text: text(row.searchText) } : {}),
  };
}

/** The log's facts of one listing write: the listing as it was (null: created) and as it is (null: deleted). */
export function listingChangeFacts(id: number, before: FactsSource | null, after: FactsSource | null): ListingChangeFacts {
  const sameText =
    before !== null &&
    after !== null &&
    before.searchText === after.searchText &&
    before.featureKeys === after.featureKeys &&
    before.location === after.location &&
    num(before.latitude) === num(after.latitude) &&
    num(before.longitude) === num(after.longitude);
  return { id, before: before && listingFacts(before), after: after && listingFacts(after), textChanged: !sameText };
}

/** Text compared as MariaDB's collation might (case aside): a wider match only drops an answer more. */
const sameText = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Whether the listing could match the filters: its columns pass every column filter (as whereOf and the counts
 * snapshot compare them; NULL never equals nor falls in a range), and its text may hold the keywords
 * (mayMatchKeywords; a listing without text matches none). The filters the facts do not hold (features,
 * place, radius; keywords in changes logged without the text) are taken to pass.
 */
export function couldMatch(filters: NormalizedSearchFilters, facts: ListingFacts | null): boolean {
  if (!facts || !facts.isPublic) return false;
  for (const { filter, column, op } of COLUMN_FILTERS) {
    const wanted = filters[filter];
    if (wanted === undefined) continue;
    const value = facts[column];
    if (value === null) return false;
    if (op === 'in') {
      const values = typeof wanted === 'string' ? [wanted] : (wanted as readonly string[]);
      if (!values.some((v) => sameText(String(value), v))) return false;
    } else if (op === '>=' ? Number(value) < Number(wanted) : Number(value) > Number(wanted)) return false;
  }
  if (filters.terms.length > 0 && facts.text !== undefined && (facts.text === null || !mayMatchKeywords(filters.terms, facts.text))) return false;
  return true;
}

/** Whether the filters have a filter the facts do not hold (see ListingChangeFacts.textChanged). */
const readsText = (f: NormalizedSearchFilters) => f.terms.length > 0 || f.features.length > 0 || f.location !== undefined || f.near !== undefined;

/** Whether a count of `filters` (grouped by `group`, or the total) may differ after the change. */
export function countChanged(filters: NormalizedSearchFilters, group: FacetDimension | 'total', change: ListingsChangeFacts): boolean {
  if (isMarket(change)) return filters.maxDealScore !== undefined;
  const before = couldMatch(filters, change.before);
  const after = couldMatch(filters, change.after);
  if (!before && !after) return false;
  if (before !== after || (change.textChanged && readsText(filters))) return true;
  return group !== 'total' && groupOf(group, change.before!) !== groupOf(group, change.after!);
}

/**
 * What the change does to a search's pages in `sortBy`'s order: nothing when the listing could match the
 * filters neither before nor after it ('none'); 'moved' when it may join or leave the results or move in
 * their order (its sort column changed, or text a text filter reads); else it stays where it was ('in place':
 * the page ids are the same, though the listing shown on one may look different: a price edit on a
 * newest-first page).
 */
function pageEffect(filters: NormalizedSearchFilters, sortBy: SortOption, change: ListingsChangeFacts): 'none' | 'in place' | 'moved' {
  if (isMarket(change)) return sortBy === 'deal_asc' || filters.maxDealScore !== undefined ? 'moved' : 'in place';
  const before = couldMatch(filters, change.before);
  const after = couldMatch(filters, change.after);
  if (!before && !after) return 'none';
  return before !== after || (change.textChanged && readsText(filters)) || sortKeyChanged(sortBy, change) ? 'moved' : 'in place';
}

/**
 * Whether the ids of a search's pages in `sortBy`'s order may differ after the change: a listing that stays
 * in place leaves them as they were, so a page's ids can still be found in a snapshot from before the change.
 */
export function pageChanged(filters: NormalizedSearchFilters, sortBy: SortOption, change: ListingsChangeFacts): boolean {
  return pageEffect(filters, sortBy, change) === 'moved';
}

/** The group a facet counts the listing in (with its label for makes and models, MIN of the group's). */
function groupOf(group: FacetDimension, facts: ListingFacts): string {
  switch (group) {
    case 'make':
      return `${facts.makeKey}\u0000${facts.make}`;
    case 'model':
      return `${facts.modelKey}\u0000${facts.model}`;
    case 'price': {
      const band = facts.price === null ? -1 : PRICE_BANDS.findIndex((b) => b.max === null || facts.price! < b.max);
      return String(band);
    }
    default:
      return String(facts[group]);
  }
}

/** The column each sort orders by, in the facts (undefined: the facts do not hold it; see sortKeyChanged). */
const SORT_FACT: Record<SortOption, keyof ListingFacts | undefined> = {
  price_asc: 'price',
  price_desc: 'price',
  year_asc: 'year',
  year_desc: 'year',
  mileage_asc: 'mileage',
  mileage_desc: 'mileage',
  // View counts change outside the listing writer: answers show them at most ANSWER_TTL_MS old.
  views_asc: undefined,
  views_desc: undefined,
  created_asc: 'createdAt',
  created_desc: 'createdAt',
  reduced_desc: 'reducedAt',
  deal_asc: 'dealRank',
  // Distance and relevance come from the position and the text (textChanged).
  distance_asc: undefined,
  relevance_desc: undefined,
};

function sortKeyChanged(sortBy: SortOption, change: ListingChangeFacts): boolean {
  const column = SORT_FACT[sortBy];
  if (column === undefined) return change.textChanged;
  return change.before?.[column] !== change.after?.[column];
}

/** Whether the counts of the search page's `available` (rated, reduced listings for sale) may differ. */
export function availableChanged(change: ListingsChangeFacts): boolean {
  // A listing's first estimate, or its last, rates or unrates it.
  if (isMarket(change)) return true;
  const forSale = (f: ListingFacts | null) => f !== null && f.isPublic && f.status === 'approved';
  const rated = (f: ListingFacts | null) => forSale(f) && f!.dealRank !== null && f!.dealRank < UNRATED_DEAL_RANK;
  const reduced = (f: ListingFacts | null) => forSale(f) && f!.reducedAt !== null;
  return rated(change.before) !== rated(change.after) || reduced(change.before) !== reduced(change.after);
}

/** The facets a search answer holds: the model facet only with a make. */
export function facetsOf(filters: NormalizedSearchFilters): FacetDimension[] {
  return filters.makeKey === undefined ? ['make', 'bodyType', 'fuelType', 'price'] : ['make', 'model', 'bodyType', 'fuelType', 'price'];
}

/**
 * The counts a search answer holds besides its page: its facets, and its total when it filters by price (without
 * a price filter the price facet's bands add up to it).
 */
export function countGroupsOf(filters: NormalizedSearchFilters): (FacetDimension | 'total')[] {
  return [...facetsOf(filters), ...(filters.minPrice === undefined && filters.maxPrice === undefined ? [] : ['total' as const])];
}

/**
 * What a whole search answer (a page, its total and facets; `available` is kept on its own) depends on: a listing change alters
 * it when the listing could be on its page (it is there now, or it joins or leaves the results, or moves in
 * their order), or when the total or a facet's count changes (counted without the facet's own filter: a Honda
 * search's make facet counts Toyotas, but a Toyota's price cut within its price band leaves it as it was).
 * A change without facts (a bulk job) alters every answer.
 */
export function searchDependsOn(filters: NormalizedSearchFilters, sortBy: SortOption): DependsOn<Pick<VehicleSearchResult, 'vehicles'>, ListingsChangeFacts> {
  const facets = facetsOf(filters);
  const facetFilters = facets.map((dimension) => ({ dimension, filters: withoutDimension(filters, dimension) }));
  const page = listDependsOn(filters, sortBy);
  return (logged: DataChange<ListingsChangeFacts>, answer: Pick<VehicleSearchResult, 'vehicles'>) => {
    const change = logged.facts;
    if (!change || page(logged, answer.vehicles)) return true;
    return facetFilters.some((f) => countChanged(f.filters, f.dimension, change));
  };
}

/**
 * What a kept list of the first listings of a search in `sortBy`'s order depends on (a search answer's page, the
 * newest listings): a listing that joins or leaves the results or moves in their order, or one of the list's own
 * listings changing in place. A change without facts (a bulk job) alters every list.
 */
export function listDependsOn(filters: NormalizedSearchFilters, sortBy: SortOption): DependsOn<readonly Pick<PublicVehicle, 'id'>[], ListingsChangeFacts> {
  return (logged, list) => {
    const change = logged.facts;
    if (!change) return true;
    const page = pageEffect(filters, sortBy, change);
    return page === 'moved' || (page === 'in place' && list.some((v) => changesListing(change, v.id)));
  };
}

/** What a cached count (a total, a facet) depends on: see countChanged. */
export function countDependsOn(filters: NormalizedSearchFilters, group: FacetDimension | 'total'): DependsOn<unknown, ListingsChangeFacts> {
  return (logged) => logged.facts === null || countChanged(filters, group, logged.facts);
}

/** What the search page's `available` depends on: see availableChanged. */
export const availableDependsOn: DependsOn<unknown, ListingsChangeFacts> = (logged) => logged.facts === null || availableChanged(logged.facts);

/** What a count of public listings depends on: a listing that becomes public or stops being so. */
export const publicCountDependsOn: DependsOn<unknown, ListingsChangeFacts> = (logged) => logged.facts === null || movesMarket(logged.facts);

/** What a count of the full-text index depends on: a listing whose text changed (created and deleted ones too). */
export const textDependsOn: DependsOn<unknown, ListingsChangeFacts> = (logged) => logged.facts === null || textChangedIn(logged.facts);

/**
 * What one listing's kept public row depends on (`listingId` reads the listing's id from it): a change of that
 * listing. Its view count changes outside the log: a row is kept at most ANSWER_TTL_MS, as answers are.
 */
export function rowDependsOn<T>(listingId: (row: T) => number): DependsOn<T, ListingsChangeFacts> {
  return (logged, row) => logged.facts === null || changesListing(logged.facts, listingId(row));
}

/**
 * What the ranked matches of the keywords `terms` ("Best match") depend on: a listing whose text changed or
 * that joined or left the market, when its text may hold the keywords before or after (couldMatch): a listing
 * approved, sold or edited touches only the rankings it could be in, where any of them dropped every ranking.
 * A ranking it touches is brought forward over it (the listing scored again: VehicleSearchService.rankAgain).
 */
export function rankedDependsOn(terms: readonly string[]): DependsOn<unknown, ListingsChangeFacts> {
  const keywords: NormalizedSearchFilters = { terms: [...terms], features: [] };
  return (logged) => {
    const change = logged.facts;
    if (change === null) return true;
    if (isMarket(change) || (!change.textChanged && !movesMarket(change))) return false;
    return couldMatch(keywords, change.before) || couldMatch(keywords, change.after);
  };
}
