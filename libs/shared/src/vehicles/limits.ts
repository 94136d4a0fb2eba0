/** Business constants shared by the API's validation and the frontends' forms (SPEC.md section 9). */
export const LISTING_LIMITS = {
  minYear: 1990,
  /** Next calendar year, computed at call time so a long-running server stays right. */
  maxYear: (): number => new Date().getFullYear() + 1,
  maxPrice: 99_999_999.99,
  maxMileage: 2_000_000,
  vinLength: 17,
  maxImages: 10,
  maxImageBytes: 10 * 1024 * 1024,
  maxFeatures: 50,
  maxFeatureLength: 80,
  maxRecentServices: 50,
  maxRecentServiceLength: 200,
  maxDescriptionLength: 10_000,
  maxShortText: 100,
  maxLocationLength: 200,
  maxUrlLength: 2048,
  /** A colour as the maker names it ("Nardo Gray"); the column is varchar(40). */
  maxColorLength: 40,
} as const;

export const SEARCH_LIMITS = {
  defaultPageSize: 24,
  maxPageSize: 100,
  defaultRadiusMiles: 25,
  maxRadiusMiles: 500,
  similarCount: 6,
  featuredCount: 6,
  recentCount: 24,
  /** "Recently sold" on the search page: sold in the last this many days, at most recentlySoldCount. */
  recentlySoldDays: 90,
  recentlySoldCount: 12,
} as const;
