import { filtersFromParams, searchApiParams, searchPageQuery } from '../vehicles/search-params';
import type { ApiUrl } from '../http/api-client';
import type { SitePage } from './routes';

/**
 * The first view of a page: the API answers its first screen needs, which the server writes into the page
 * (a JSON data block with this id) so that the storefront draws the page without asking for them again.
 * Only answers that are the same for every signed-out visitor are written; the storefront asks for anything
 * else as usual, and for these too when the block is missing.
 */
export const FIRST_VIEW_ELEMENT_ID = 'first-view';

/**
 * Set on the storefront's root element when the server drew the page into it (a `serverRendered` route of the
 * shared table, with its first view): the storefront then hydrates that markup instead of drawing anew.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/** What an answer is for: the storefront seeds the matching query of its cache. */
export type FirstViewKind = 'config' | 'user' | 'recent' | 'featured' | 'search' | 'facets' | 'recentlySold' | 'makes' | 'vehicle' | 'priceHistory';

export interface FirstViewRequest {
  kind: FirstViewKind;
  /** The API's GET path with its query, exactly as the storefront asks for it. */
  path: ApiUrl;
  /** The listing of a 'vehicle' or 'priceHistory' answer. */
  id?: number;
}

export interface FirstViewAnswer extends FirstViewRequest {
  status: number;
  body: unknown;
  /**
   * The answer holds only the listings the page's first screen shows (firstScreenOf): the storefront draws with
   * it and then asks for the whole answer.
   */
  partial?: true;
}

/**
 * Listings a page's first screen shows at most: the landing page's recent grid, one row of four on a wide screen
 * (two of two on a tablet; below the search form, which comes first); the search results, two rows of three beside the filters. A page carries (and the server draws) only
 * these of its recent listings or search results; the storefront asks for the rest once it runs, so the page stays
 * light (issue 28: landing <= 60 KB, search <= 50 KB of HTML; measured 43.9 and 44.3 KB on the browser tests' data).
 */
export const FIRST_SCREEN_LISTINGS = { recent: 4, search: 6 } as const;

/**
 * A listing as a card in a first view: without the long texts no card shows (the description and the features, a
 * few KB each on listings sellers wrote at length: the landing measured 66.7 KB of HTML on the browser tests' data).
 */
function asCard(listing: unknown): unknown {
  if (!listing || typeof listing !== 'object') return listing;
  const { description: _description, features: _features, ...card } = listing as Record<string, unknown>;
  return card;
}

/**
 * An answer cut to what its page's first screen shows: the first FIRST_SCREEN_LISTINGS listings of a list, as
 * cards. Such an answer is `partial`: the storefront asks for the whole once it runs.
 */
export function firstScreenOf(answer: FirstViewAnswer): FirstViewAnswer {
  if (answer.status !== 200) return answer;
  if (answer.kind === 'recent' && Array.isArray(answer.body)) {
    return { ...answer, body: answer.body.slice(0, FIRST_SCREEN_LISTINGS.recent).map(asCard), partial: true };
  }
  const result = answer.body as { vehicles?: unknown } | null;
  if (answer.kind === 'search' && result && Array.isArray(result.vehicles)) {
    return { ...answer, body: { ...result, vehicles: result.vehicles.slice(0, FIRST_SCREEN_LISTINGS.search).map(asCard) }, partial: true };
  }
  // The landing reads only the counts by make of the listings' facets (its search form and brand tiles): the other
  // facets and the one listing that carries them stay out (the landing's HTML measured 69.5 KB with them, budget 60).
  const facets = (answer.body as { facets?: { make?: unknown } } | null)?.facets;
  if (answer.kind === 'facets' && facets) {
    return { ...answer, body: { ...(answer.body as object), vehicles: [], facets: { make: facets.make } } };
  }
  return answer;
}

/**
 * Whether an API answer can stand for the storefront's own request: a 200, or for who is signed in also the
 * 401 that means "nobody". The server writes only these; the storefront seeds only these.
 */
export function firstViewUsable(kind: FirstViewKind, status: number): boolean {
  return status === 200 || (kind === 'user' && status === 401);
}

/** Where the page is: its route's page, the listing id of /vehicles/{id}, the address's query. */
export interface FirstViewPlace {
  page: SitePage;
  vehicleId?: number;
  search: URLSearchParams;
}

/**
 * The query of an address as the server's drawing of its page reads it: the search page's filters and view
 * (searchPageQuery), and nothing for any other page (their drawings do not read the query; what the client reads
 * there, a reset token say, it reads after it runs). The server draws and keeps a page by its path and this query, so
 * `/?utm_source=…`, a made-up parameter or filters in another order share one drawing instead of each costing a new
 * one (issue 28: the landing at `/?n=…` served 50 req/s with p99 515 ms), and no token lands in the page cache.
 */
export function drawnQuery(page: SitePage, search: URLSearchParams): URLSearchParams {
  return page === 'search' ? searchPageQuery(search) : new URLSearchParams();
}

/** The GET requests of a page's first screen (signed out): every page needs the site's configuration and who is signed in. */
export function firstViewRequests({ page, vehicleId, search }: FirstViewPlace): FirstViewRequest[] {
  const requests: FirstViewRequest[] = [
    { kind: 'config', path: '/api/config' },
    { kind: 'user', path: '/api/user' },
  ];
  if (page === 'landing') {
    requests.push({ kind: 'recent', path: '/api/vehicles/recent' });
    requests.push({ kind: 'facets', path: LISTING_FACETS_PATH });
  }
  if (page === 'search') {
    requests.push({ kind: 'search', path: searchPath(searchApiParams(filtersFromParams(search), 1)) });
    requests.push({ kind: 'makes', path: '/api/catalog/makes' });
    // The featured listings and the recently sold cars sit below the results, off the first screen: the storefront
    // asks for them (with them the search page's HTML measured 58.8 KB on the demo data, over its 50 KB).
  }
  if (page === 'vehicle' && vehicleId !== undefined) {
    requests.push({ kind: 'vehicle', path: `/api/vehicles/${vehicleId}`, id: vehicleId });
    requests.push({ kind: 'priceHistory', path: `/api/vehicles/${vehicleId}/price-history`, id: vehicleId });
  }
  return requests;
}

/**
 * The counts of every public listing by make (and body type, fuel, price band), without the listings: the
 * landing page's search form and brand tiles offer only makes that have cars.
 */
export const LISTING_FACETS_PATH = '/api/vehicles/search?sortBy=created_desc&page=1&limit=1' as const;

/** GET /api/vehicles/search with a page's query (searchApiParams). */
export function searchPath(params: URLSearchParams): `/api/vehicles/search?${string}` {
  return `/api/vehicles/search?${params.toString()}`;
}

/** The first view's answers written into a page: JSON that cannot end its script element early. */
export function firstViewJson(answers: readonly FirstViewAnswer[]): string {
  return JSON.stringify(answers).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
