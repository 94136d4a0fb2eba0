import type { PriceAnalysis } from './deal-rating';
import type { PriceDrop } from './listing-display';
import type { ListingRejection, PendingRevision } from './listing-lifecycle';
import type { ListingStatus } from './vocabularies';

/**
 * Answer shapes of the vehicles API (SPEC.md section 7), shared with the storefront and the admin console.
 * Timestamps are ISO 8601 strings; prices are numbers in US dollars; mileage whole miles.
 */

/** A listing as anyone may see it: no VIN, Carfax link, service history, seller contact or user id. */
export interface PublicVehicle {
  id: number;
  make: string;
  model: string;
  year: number;
  trim: string | null;
  mileage: number;
  price: number;
  condition: string;
  bodyType: string | null;
  fuelType: string | null;
  transmission: string | null;
  drivetrain: string | null;
  exteriorColor: string | null;
  interiorColor: string | null;
  /** The exterior colour's family (a COLORS slug). */
  color: string | null;
  /** The interior colour's family (a COLORS slug). */
  interiorColorFamily: string | null;
  description: string | null;
  features: string[];
  images: string[];
  coverPhotoIndex: number;
  location: string;
  zipCode: string;
  engine: string | null;
  mpgCity: number | null;
  mpgHighway: number | null;
  /** 'approved' or 'sold' in public answers; the owner and admins see every status. */
  status: ListingStatus;
  views: number;
  isFeatured: boolean;
  createdAt: string;
  updatedAt: string;
  /** When the listing went live (its approval; its creation before one): the listed date and days on market. */
  listedAt: string;
  /**
   * Staff checked the VIN: the listing was approved by staff and its VIN is well formed with a valid check
   * digit. The VIN itself stays staff-only; buyers see this mark.
   */
  vinChecked: boolean;
  /** The price against the market (deal rating); null fields when unknown (too few comparables, sold). */
  priceAnalysis: PriceAnalysis;
  /** The latest price reduction when it is at most PRICE_DROP_DAYS old, else null. */
  priceDrop: PriceDrop | null;
  /** When the listing was marked sold (null unless sold). */
  soldAt: string | null;
  /** The sold price: in public answers only where the seller agreed to show it. */
  soldPrice: number | null;
  /** Only in a search with zipCode: miles from that ZIP code's centre, one decimal. */
  distanceMiles?: number;
}

/** A listing as its owner and admins see it: every field, including the internal ones. */
export interface OwnerVehicle extends PublicVehicle {
  userId: number;
  vin: string;
  carfaxReportUrl: string | null;
  recentServices: string[];
  contactPhone: string;
  contactEmail: string;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactLocation: string | null;
  /** When the listing first went live (null: never approved). */
  publishedAt: string | null;
  /** Whole days from first going live to being sold (or to now); null when never live. */
  daysOnMarket: number | null;
  /** The seller agreed to show the sold price publicly. */
  soldPriceShown: boolean;
  /** Changes to the live listing waiting for staff ("Changes awaiting review"), or null. */
  pendingRevision: PendingRevision | null;
  /** Why staff rejected the listing (while it is rejected), or null. */
  rejection: ListingRejection | null;
  /** Buyers' messages about the listing so far (staff follow them up). */
  inquiries: number;
}

/** GET /api/vehicles/{id} answers the owner shape to the owner and admins, the public one to anyone else. */
export type VehicleDetail = PublicVehicle | OwnerVehicle;

export function isOwnerVehicle(vehicle: VehicleDetail): vehicle is OwnerVehicle {
  return 'vin' in vehicle;
}

/** How many listings one option of a filter would give, the other filters unchanged. */
export interface FacetCount {
  /** The filter value to send (make: lowercase key; bodyType/fuelType: a SEARCH_FILTERS value). */
  value: string;
  label: string;
  count: number;
}

/** A price band: min inclusive, max exclusive (null: no upper bound). */
export interface PriceBand {
  min: number;
  max: number | null;
  label: string;
}

export interface PriceBandCount extends PriceBand {
  count: number;
}

/** Price bands of the filter panel, in line with the max-price quick options. */
export const PRICE_BANDS: readonly PriceBand[] = [
  { min: 0, max: 10_000, label: 'Under $10,000' },
  { min: 10_000, max: 20_000, label: '$10,000 – $20,000' },
  { min: 20_000, max: 30_000, label: '$20,000 – $30,000' },
  { min: 30_000, max: 50_000, label: '$30,000 – $50,000' },
  { min: 50_000, max: 100_000, label: '$50,000 – $100,000' },
  { min: 100_000, max: null, label: '$100,000 and up' },
];

/**
 * Facet counts of a search. Each facet is counted with every filter of the search except its own
 * (make also ignores model; price ignores minPrice and maxPrice), so each count is what choosing that
 * option would give. make: makes with at least one listing, most listings first; model: once a make is
 * chosen, its models with at least one listing, A to Z (empty without a make); bodyType and fuelType:
 * every SEARCH_FILTERS option in its order; price: every band of PRICE_BANDS.
 */
export interface SearchFacets {
  make: FacetCount[];
  model: FacetCount[];
  bodyType: FacetCount[];
  fuelType: FacetCount[];
  price: PriceBandCount[];
}

/** GET /api/vehicles/search */
export interface VehicleSearchResult {
  vehicles: PublicVehicle[];
  /** Every listing matching the filters (all pages). */
  total: number;
  page: number;
  limit: number;
  facets: SearchFacets;
  /**
   * Words of the query read as something else ("porshe" as Porsche, "landrover" as Land Rover, "red" as the
   * colour Red): the page says "Showing results for …". Absent when every word was read as typed.
   */
  understood?: QueryWordReading[];
  /** What the market data can serve, over every public listing: the sorts and filters that need it are hidden without it. */
  available: SearchAvailability;
}

/** One typed word of a search and what it was read as. */
export interface QueryWordReading {
  typed: string;
  read: string;
  kind: 'spelling' | 'make' | 'color';
}

/**
 * How many public listings for sale carry a deal rating and a recent price drop. "Best Deals First" and the
 * deal filters need rated listings, "Recently Reduced" needs price drops: with none, the page hides them
 * (sortsFor, dealFiltersFor) rather than offer a choice that would quietly change nothing.
 */
export interface SearchAvailability {
  rated: number;
  reduced: number;
}

/** `GET /api/user/saved` and `POST /api/user/saved/merge`: the account's saved vehicles, newest save first. */
export interface SavedVehicleIds {
  vehicleIds: number[];
}
