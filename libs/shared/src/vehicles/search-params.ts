import { formatCount, formatPrice } from '../common/format';
import { SEARCH_LIMITS } from './limits';
import type { SearchAvailability } from './vehicle.contract';
import { DEFAULT_SORT, SEARCH_FILTERS, SEARCH_PAGE_SORTS, SORT_OPTIONS, sortUsable, type Option, type SortOption } from './vocabularies';

/** Every search filter of SPEC.md section 3, as the search page keeps it in the address. */
export interface SearchFilters {
  query: string;
  make: string;
  model: string;
  minYear: string;
  maxYear: string;
  minPrice: string;
  maxPrice: string;
  minMileage: string;
  maxMileage: string;
  condition: string;
  bodyType: string;
  fuelType: string;
  transmission: string;
  drivetrain: string;
  exteriorColor: string;
  interiorColor: string;
  features: string[];
  /** Text contained in the listing's location ("Austin", "TX"). */
  location: string;
  /** ZIP code the radius is measured from. */
  zipCode: string;
  radius: string;
  /** "Good deals and better" (good) or "Great deals" (great). */
  deal: string;
  sortBy: SortOption;
}

type TextFilter = Exclude<keyof SearchFilters, 'features' | 'sortBy'>;

export const TEXT_FILTERS: readonly TextFilter[] = [
  'query',
  'make',
  'model',
  'minYear',
  'maxYear',
  'minPrice',
  'maxPrice',
  'minMileage',
  'maxMileage',
  'condition',
  'bodyType',
  'fuelType',
  'transmission',
  'drivetrain',
  'exteriorColor',
  'interiorColor',
  'location',
  'zipCode',
  'radius',
  'deal',
];

const NUMERIC = new Set<TextFilter>(['minYear', 'maxYear', 'minPrice', 'maxPrice', 'minMileage', 'maxMileage', 'radius']);

export const EMPTY_FILTERS: SearchFilters = {
  query: '',
  make: '',
  model: '',
  minYear: '',
  maxYear: '',
  minPrice: '',
  maxPrice: '',
  minMileage: '',
  maxMileage: '',
  condition: '',
  bodyType: '',
  fuelType: '',
  transmission: '',
  drivetrain: '',
  exteriorColor: '',
  interiorColor: '',
  features: [],
  location: '',
  zipCode: '',
  radius: '',
  deal: '',
  sortBy: DEFAULT_SORT,
};

/** 'any' and blanks mean "no filter"; numeric filters keep digits only (SPEC.md section 5). */
function clean(name: TextFilter, raw: string | null): string {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'any') return '';
  if (name === 'zipCode') return /^\d{5}$/.test(value) ? value : '';
  if (NUMERIC.has(name)) {
    const digits = value.replace(/[$,\s]/g, '');
    return /^\d+$/.test(digits) ? String(Number(digits)) : '';
  }
  return value;
}

function isSort(value: string | null): value is SortOption {
  return value !== null && (SORT_OPTIONS as readonly string[]).includes(value);
}

/** The filters a search address stands for. */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = { ...EMPTY_FILTERS, features: [] };
  for (const name of TEXT_FILTERS) filters[name] = clean(name, params.get(name));
  // A model without its make cannot be chosen in the form: drop it.
  if (!filters.make) filters.model = '';
  const seen = new Set<string>();
  for (const feature of params.getAll('features')) {
    const f = feature.trim();
    if (f && !seen.has(f)) {
      seen.add(f);
      filters.features.push(f);
    }
  }
  const sort = params.get('sortBy');
  filters.sortBy = isSort(sort) ? sort : DEFAULT_SORT;
  return withSortItCanUse(filters);
}

/** `?sold=1`: the search page shows the recently sold cars in place of its results. */
export const SOLD_PARAM = 'sold';

/**
 * A search address's query in the one form its page reads it: its filters as paramsFromFilters writes them (blank
 * and unknown parameters dropped, values cleaned, in the filters' order) and whether it shows the recently sold
 * cars. Two addresses with the same search-page query draw the same page.
 */
export function searchPageQuery(params: URLSearchParams): URLSearchParams {
  const query = paramsFromFilters(filtersFromParams(params));
  if (params.get(SOLD_PARAM) === '1') query.set(SOLD_PARAM, '1');
  return query;
}

/** The address query of some filters: empty filters, empty lists and the default sort are left out. */
export function paramsFromFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of TEXT_FILTERS) {
    const value = clean(name, filters[name]);
    if (value) params.set(name, value);
  }
  if (!filters.make) params.delete('model');
  for (const feature of filters.features) if (feature.trim()) params.append('features', feature.trim());
  if (filters.sortBy !== DEFAULT_SORT) params.set('sortBy', filters.sortBy);
  return params;
}

/** The query of GET /api/vehicles/search for one page of results. */
export function searchApiParams(filters: SearchFilters, page: number, limit: number = SEARCH_LIMITS.defaultPageSize): URLSearchParams {
  const params = paramsFromFilters(filters);
  if (params.has('zipCode') && !params.has('radius')) params.set('radius', String(SEARCH_LIMITS.defaultRadiusMiles));
  if (!params.has('zipCode')) params.delete('radius');
  params.set('sortBy', filters.sortBy);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return params;
}

/** A filter changed: the new address (page is not part of it, so a change always starts at page 1). */
export function withFilter<K extends keyof SearchFilters>(filters: SearchFilters, name: K, value: SearchFilters[K]): SearchFilters {
  const next = { ...filters, [name]: value };
  // Choosing a make clears the model (SPEC.md section 4).
  if (name === 'make' && value !== filters.make) next.model = '';
  return withSortItCanUse(next);
}

/** "Nearest First" needs the ZIP code it measures from, "Best Match" the keywords: without them the search is newest first. */
function withSortItCanUse(filters: SearchFilters): SearchFilters {
  return sortUsable(filters.sortBy, filters) ? filters : { ...filters, sortBy: DEFAULT_SORT };
}

/**
 * The sorts a search can use: "Nearest First" only with a ZIP code, "Best Match" only with keywords, and
 * those that read market data only when the market has it (marketServes): a sort that would quietly keep
 * the default order is hidden, not offered. The chosen sort is always listed, so the page says what it does.
 */
export function sortsFor(filters: SearchFilters, available?: SearchAvailability | null): readonly Option<SortOption>[] {
  return SEARCH_PAGE_SORTS.filter((s) => sortUsable(s.value, filters) && (s.value === filters.sortBy || marketServes(s.value, available)));
}

/**
 * Whether the market data can serve a sort or the deal filter: "Best Deals First" and the deal filters need
 * rated listings, "Recently Reduced" price drops. Unknown availability (not loaded yet) hides nothing.
 */
export function marketServes(choice: SortOption | 'deal', available: SearchAvailability | null | undefined): boolean {
  if (!available) return true;
  if (choice === 'deal' || choice === 'deal_asc') return available.rated > 0;
  if (choice === 'reduced_desc') return available.reduced > 0;
  return true;
}

/** How many filters (not the sort) are set: shown on the mobile Filters button. */
export function activeFilterCount(filters: SearchFilters): number {
  return TEXT_FILTERS.filter((name) => filters[name] !== '' && name !== 'radius').length + filters.features.length;
}

/** One applied filter as a removable chip above the results. */
export interface FilterChip {
  key: string;
  /** "Make: Porsche", "Under $50,000", "Heated Seats". */
  label: string;
  /** The filters without this one. */
  without: SearchFilters;
}

const CHIP_NAMES: Partial<Record<TextFilter, string>> = {
  query: 'Keyword',
  make: 'Make',
  model: 'Model',
  condition: 'Condition',
  bodyType: 'Body type',
  fuelType: 'Fuel',
  transmission: 'Transmission',
  drivetrain: 'Drivetrain',
  exteriorColor: 'Exterior',
  interiorColor: 'Interior',
  location: 'Location',
  deal: 'Deal',
};

const VOCABULARY: Partial<Record<TextFilter, readonly { value: string; label: string }[]>> = {
  condition: SEARCH_FILTERS.condition,
  bodyType: SEARCH_FILTERS.bodyType,
  fuelType: SEARCH_FILTERS.fuelType,
  transmission: SEARCH_FILTERS.transmission,
  drivetrain: SEARCH_FILTERS.drivetrain,
  exteriorColor: SEARCH_FILTERS.color,
  interiorColor: SEARCH_FILTERS.color,
};

const DEAL_NAMES: Record<string, string> = { good: 'Good deals and better', great: 'Great deals' };

/** The applied filters as chips, in the panel's order; removing the make removes its model too. */
export function filterChips(filters: SearchFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const drop = (...names: TextFilter[]): SearchFilters => {
    const next = { ...filters };
    for (const name of names) next[name] = '';
    return next;
  };
  const range = (min: TextFilter, max: TextFilter, key: string, show: (v: string) => string, unit: string) => {
    const [lo, hi] = [filters[min], filters[max]];
    if (!lo && !hi) return;
    const label = lo && hi ? `${show(lo)}–${show(hi)}${unit}` : lo ? `${show(lo)}${unit} and up` : `Up to ${show(hi)}${unit}`;
    chips.push({ key, label, without: drop(min, max) });
  };
  for (const name of ['query', 'make', 'model'] as const) {
    if (filters[name]) chips.push({ key: name, label: `${CHIP_NAMES[name]}: ${filters[name]}`, without: name === 'make' ? drop('make', 'model') : drop(name) });
  }
  range('minYear', 'maxYear', 'year', (v) => v, '');
  range('minPrice', 'maxPrice', 'price', (v) => formatPrice(Number(v)), '');
  range('minMileage', 'maxMileage', 'mileage', (v) => formatCount(Number(v)), ' mi');
  for (const name of ['condition', 'bodyType', 'fuelType', 'transmission', 'drivetrain', 'exteriorColor', 'interiorColor', 'location', 'deal'] as const) {
    const value = filters[name];
    if (!value) continue;
    const shown = name === 'deal' ? (DEAL_NAMES[value] ?? value) : (VOCABULARY[name]?.find((o) => o.value === value)?.label ?? value);
    chips.push({ key: name, label: name === 'deal' ? shown : `${CHIP_NAMES[name]}: ${shown}`, without: drop(name) });
  }
  if (filters.zipCode) {
    const miles = filters.radius || String(SEARCH_LIMITS.defaultRadiusMiles);
    chips.push({ key: 'zipCode', label: `Within ${miles} mi of ${filters.zipCode}`, without: drop('zipCode', 'radius') });
  }
  for (const feature of filters.features) {
    chips.push({ key: `feature:${feature}`, label: feature, without: { ...filters, features: filters.features.filter((f) => f !== feature) } });
  }
  return chips;
}
