/**
 * The single source of every option list of the product (DECISIONS.md, "one vocabulary module").
 * Stored values are lowercase slugs; search filters offer labels that map onto one or more
 * stored slugs so that every option can match a listing.
 */

export const LISTING_STATUSES = ['pending', 'approved', 'rejected', 'sold'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Statuses a listing may be seen in by anyone (sold listings stay visible, marked as such). */
export const PUBLIC_STATUSES: readonly ListingStatus[] = ['approved', 'sold'];

/** Seller dashboard labels of each status. */
export const STATUS_LABELS: Record<ListingStatus, string> = {
  pending: 'Pending',
  approved: 'Active',
  rejected: 'Rejected',
  sold: 'Sold',
};

export const CONDITIONS = ['excellent', 'very-good', 'good', 'fair', 'poor'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const BODY_TYPES = [
  'sedan',
  '4-door-sedan',
  '5-door-hatchback',
  'suv',
  'truck',
  'coupe',
  'convertible',
  'hatchback',
  'wagon',
  'van',
  'minivan',
] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const FUEL_TYPES = ['gasoline', 'premium-gasoline', 'diesel', 'electric', 'hybrid', 'plug-in-hybrid'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const TRANSMISSIONS = ['automatic', '8-speed-automatic', '7-speed-dual-clutch', 'manual', 'cvt'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

export const DRIVETRAINS = ['fwd', 'rwd', 'rear-wheel-drive', 'awd', 'all-wheel-drive', '4wd'] as const;
export type Drivetrain = (typeof DRIVETRAINS)[number];

export const COLORS = ['black', 'white', 'silver', 'gray', 'red', 'blue', 'green', 'brown', 'beige', 'other'] as const;
export type Color = (typeof COLORS)[number];

export const PREDEFINED_FEATURES = [
  'Air Conditioning',
  'Heated Seats',
  'Leather Interior',
  'Sunroof/Moonroof',
  'Navigation System',
  'Backup Camera',
  'Bluetooth Connectivity',
  'Cruise Control',
  'Power Windows',
  'Power Door Locks',
  'Keyless Entry',
  'Remote Start',
  'All-Wheel Drive',
  'Premium Sound System',
  'USB Ports',
  'Wireless Charging',
  'Parking Sensors',
  'Blind Spot Monitoring',
  'Lane Departure Warning',
  'Adaptive Cruise Control',
  'Automatic Emergency Braking',
  'Tinted Windows',
  'Roof Rack',
  'Trailer Hitch',
  'Third Row Seating',
] as const;

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/** A search filter choice: one label, matching every stored slug listed. */
export interface FilterOption {
  value: string;
  label: string;
  matches: readonly string[];
}

export const CONDITION_OPTIONS: readonly Option<Condition>[] = [
  { value: 'excellent', label: 'Excellent' },
  { value: 'very-good', label: 'Very Good' },
  { value: 'good', label: 'Good' },
  { value: 'fair', label: 'Fair' },
  { value: 'poor', label: 'Poor' },
];

export const BODY_TYPE_OPTIONS: readonly Option<BodyType>[] = [
  { value: 'sedan', label: 'Sedan' },
  { value: '4-door-sedan', label: '4-Door Sedan' },
  { value: '5-door-hatchback', label: '5-Door Hatchback' },
  { value: 'suv', label: 'SUV' },
  { value: 'truck', label: 'Truck' },
  { value: 'coupe', label: 'Coupe' },
  { value: 'convertible', label: 'Convertible' },
  { value: 'hatchback', label: 'Hatchback' },
  { value: 'wagon', label: 'Wagon' },
  { value: 'van', label: 'Van' },
  { value: 'minivan', label: 'Minivan' },
];

export const FUEL_TYPE_OPTIONS: readonly Option<FuelType>[] = [
  { value: 'gasoline', label: 'Gasoline' },
  { value: 'premium-gasoline', label: 'Premium Gasoline' },
  { value: 'diesel', label: 'Diesel' },
  { value: 'electric', label: 'Electric' },
  { value: 'hybrid', label: 'Hybrid' },
  { value: 'plug-in-hybrid', label: 'Plug-in Hybrid' },
];

export const TRANSMISSION_OPTIONS: readonly Option<Transmission>[] = [
  { value: 'automatic', label: 'Automatic' },
  { value: '8-speed-automatic', label: '8-Speed Automatic' },
  { value: '7-speed-dual-clutch', label: '7-Speed Dual-Clutch' },
  { value: 'manual', label: 'Manual' },
  { value: 'cvt', label: 'CVT' },
];

export const DRIVETRAIN_OPTIONS: readonly Option<Drivetrain>[] = [
  { value: 'fwd', label: 'Front-wheel Drive' },
  { value: 'rwd', label: 'Rear-wheel Drive' },
  { value: 'rear-wheel-drive', label: 'Rear-wheel Drive' },
  { value: 'awd', label: 'All-wheel Drive' },
  { value: 'all-wheel-drive', label: 'All-wheel Drive' },
  { value: '4wd', label: '4-wheel Drive' },
];

export const COLOR_OPTIONS: readonly Option<Color>[] = COLORS.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

/** Search filter lists: each label matches every stored slug it stands for. */
export const SEARCH_FILTERS = {
  condition: CONDITION_OPTIONS.map((o) => ({ ...o, matches: [o.value] })),
  bodyType: [
    { value: 'sedan', label: 'Sedan', matches: ['sedan', '4-door-sedan'] },
    { value: 'suv', label: 'SUV', matches: ['suv'] },
    { value: 'hatchback', label: 'Hatchback', matches: ['hatchback', '5-door-hatchback'] },
    { value: 'coupe', label: 'Coupe', matches: ['coupe'] },
    { value: 'convertible', label: 'Convertible', matches: ['convertible'] },
    { value: 'truck', label: 'Truck', matches: ['truck'] },
    { value: 'van', label: 'Van', matches: ['van', 'minivan'] },
    { value: 'wagon', label: 'Wagon', matches: ['wagon'] },
  ],
  fuelType: [
    { value: 'gasoline', label: 'Gasoline', matches: ['gasoline', 'premium-gasoline'] },
    { value: 'hybrid', label: 'Hybrid', matches: ['hybrid', 'plug-in-hybrid'] },
    { value: 'electric', label: 'Electric', matches: ['electric'] },
    { value: 'diesel', label: 'Diesel', matches: ['diesel'] },
  ],
  transmission: [
    { value: 'automatic', label: 'Automatic', matches: ['automatic', '8-speed-automatic', '7-speed-dual-clutch'] },
    { value: 'manual', label: 'Manual', matches: ['manual'] },
    { value: 'cvt', label: 'CVT', matches: ['cvt'] },
  ],
  drivetrain: [
    { value: 'fwd', label: 'Front-wheel Drive', matches: ['fwd'] },
    { value: 'rwd', label: 'Rear-wheel Drive', matches: ['rwd', 'rear-wheel-drive'] },
    { value: 'awd', label: 'All-wheel Drive', matches: ['awd', 'all-wheel-drive'] },
    { value: '4wd', label: '4-wheel Drive', matches: ['4wd'] },
  ],
  color: COLOR_OPTIONS.map((o) => ({ ...o, matches: [o.value] })),
} as const satisfies Record<string, readonly FilterOption[]>;

export type SearchFilterName = keyof typeof SEARCH_FILTERS;

/** The stored slugs a search filter value stands for; unknown values match nothing. */
export function slugsForFilter(filter: SearchFilterName, value: string): readonly string[] {
  const options: readonly FilterOption[] = SEARCH_FILTERS[filter];
  return options.find((o) => o.value === value)?.matches ?? [];
}

/** Display label of a stored slug from any of the lists, e.g. 'rear-wheel-drive' → 'Rear-wheel Drive'. */
export function labelOf(options: readonly Option[], value: string | null | undefined): string {
  if (!value) return '';
  return options.find((o) => o.value === value)?.label ?? value;
}

export const SORT_OPTIONS = [
  'price_asc',
  'price_desc',
  'year_asc',
  'year_desc',
  'mileage_asc',
  'mileage_desc',
  'views_asc',
  'views_desc',
  'created_asc',
  'created_desc',
  'reduced_desc',
  'deal_asc',
  'distance_asc',
  'relevance_desc',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'created_desc';
/**
 * Sorts measured from something the search must give: "Nearest First" from its ZIP code, "Best Match" from
 * its keywords. A search without it cannot use them (the API answers 400, the page does not offer them).
 */
export const SORT_NEEDS: Partial<Record<SortOption, 'zipCode' | 'query'>> = { distance_asc: 'zipCode', relevance_desc: 'query' };

/** Whether a search with these parameters can be sorted so. */
export function sortUsable(sortBy: SortOption, search: { zipCode?: string | null; query?: string | null }): boolean {
  const needs = SORT_NEEDS[sortBy];
  return needs === undefined || Boolean(search[needs]?.trim());
}

/** Sort choices offered by the search page, in the order shown. */
export const SEARCH_PAGE_SORTS: readonly Option<SortOption>[] = [
  { value: 'created_desc', label: 'Newest First' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'year_desc', label: 'Year: Newest' },
  { value: 'year_asc', label: 'Year: Oldest' },
  { value: 'mileage_asc', label: 'Mileage: Low to High' },
  { value: 'mileage_desc', label: 'Mileage: High to Low' },
  { value: 'views_desc', label: 'Most Viewed' },
  { value: 'deal_asc', label: 'Best Deals First' },
  { value: 'reduced_desc', label: 'Recently Reduced' },
  { value: 'distance_asc', label: 'Nearest First' },
  { value: 'relevance_desc', label: 'Best Match' },
];

export const MAX_PRICE_QUICK_OPTIONS = [10000, 20000, 30000, 50000, 100000] as const;
