import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CatalogMakeSummary, PublicConfig, PublicUser } from '@app/shared';
import { LISTING_FACETS_PATH, SEARCH_LIMITS, searchApiParams, searchPath, type SearchFilters } from '@app/shared';
import { isApiErrorStatus } from '@app/shared';
import { api } from './client';
import { RECENT_REFETCH_MS } from './query-client';
import type { PublicVehicle as Vehicle } from '@app/shared';
import { getPublicConfig } from '../config';

/**
 * The makes query's data (queryKeys.makes): the catalog's make names. Here, not in catalog.ts, because the first
 * view's seeding (first-view.ts, in every page's first load) needs it too, and importing catalog.ts for it carried
 * the catalog's hooks into the first load of every page and into the search page's chunk a second time.
 */
export const makeNames = (makes: readonly CatalogMakeSummary[]): string[] => makes.map((m) => m.name);

export const queryKeys = {
  user: ['user'] as const,
  config: ['config'] as const,
  recent: ['vehicles', 'recent'] as const,
  featured: ['vehicles', 'featured'] as const,
  facets: ['vehicles', 'facets'] as const,
  recentlySold: ['vehicles', 'recently-sold'] as const,
  savedSearches: ['user', 'searches'] as const,
  search: (params: string) => ['vehicles', 'search', params] as const,
  similar: (id: number, price: number) => ['vehicles', 'similar', id, price] as const,
  vehicle: (id: number) => ['vehicles', 'detail', id] as const,
  priceHistory: (id: number) => ['vehicles', 'price-history', id] as const,
  makes: ['catalog', 'makes'] as const,
  models: (make: string) => ['catalog', 'models', make] as const,
};

/** GET /api/user: 401 (or any failure) means nobody is signed in. */
async function fetchCurrentUser(): Promise<PublicUser | null> {
  try {
    return await api.json('/api/user');
  } catch {
    return null;
  }
}

export function useCurrentUser() {
  const query = useQuery({ queryKey: queryKeys.user, queryFn: fetchCurrentUser });
  return { user: query.data ?? null, isLoading: query.isPending };
}

export function usePublicConfigQuery(): PublicConfig | undefined {
  return useQuery({ queryKey: queryKeys.config, queryFn: getPublicConfig }).data;
}

/**
 * Signs out (POST /api/logout): nobody is signed in afterwards in this tab, whether the API answered or not.
 * A plain call, not a mutation hook: the header that offers it is on every page, and TanStack Query's mutation
 * observer and hook were in every page's first load for a button only signed-in people see.
 */
export async function logout(client: QueryClient): Promise<void> {
  try {
    await api.request('/api/logout', { method: 'POST' });
  } finally {
    client.setQueryData(queryKeys.user, null);
  }
}

export function useRecentVehicles() {
  return useQuery({
    queryKey: queryKeys.recent,
    queryFn: () => api.json('/api/vehicles/recent'),
    refetchInterval: RECENT_REFETCH_MS,
  });
}

export function useFeaturedVehicles() {
  return useQuery({
    queryKey: queryKeys.featured,
    queryFn: () => api.json('/api/vehicles/featured'),
    select: (vehicles) => vehicles.slice(0, SEARCH_LIMITS.featuredCount),
  });
}

/** How many public listings each make (body type, fuel, price band) has: the landing's search form and brand tiles. */
export function useListingFacets() {
  return useQuery({
    queryKey: queryKeys.facets,
    queryFn: async () => (await api.json(LISTING_FACETS_PATH)).facets,
  });
}

/** Listings sold in the last 90 days (they are out of the search results). */
export function useRecentlySold() {
  return useQuery({ queryKey: queryKeys.recentlySold, queryFn: () => api.json('/api/vehicles/recently-sold') });
}

/** The signed-in user's saved searches (GET /api/user/searches). */
export function useSavedSearches() {
  return useQuery({ queryKey: queryKeys.savedSearches, queryFn: () => api.json('/api/user/searches') });
}

/** Search results, 24 a page; Load More fetches the next page and appends it. */
export function useVehicleSearch(filters: SearchFilters) {
  const key = searchApiParams(filters, 1).toString();
  return useInfiniteQuery({
    queryKey: queryKeys.search(key),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.json(searchPath(searchApiParams(filters, pageParam)), { signal }),
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.vehicles.length, 0);
      return shown < last.total && last.vehicles.length > 0 ? pages.length + 1 : undefined;
    },
  });
}

/** Listings priced within ±$5,000 of a vehicle, up to 6, without the vehicle itself; asked for once `enabled`. */
export function useSimilarVehicles(vehicle: Vehicle | null | undefined, enabled = true) {
  return useQuery({
    queryKey: queryKeys.similar(vehicle?.id ?? 0, vehicle?.price ?? 0),
    enabled: !!vehicle && enabled,
    // Same body class, nearest price, nearest place (GET /api/vehicles/{id}/similar ranks them).
    queryFn: () => api.json(`/api/vehicles/${(vehicle as Vehicle).id}/similar`),
  });
}

/**
 * One listing; null when it does not exist or is not visible (404, or 401 as SPEC.md section 7 says). Asked for
 * again whenever its page opens, also when the page came with it (a kept page's first view): that request counts
 * the visitor's view and brings the current view count (`isFetchedAfterMount`: shown only then).
 */
export function useVehicle(id: number) {
  return useQuery({
    queryKey: queryKeys.vehicle(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchOnMount: 'always',
    queryFn: async () => {
      try {
        return await api.json(`/api/vehicles/${id}`);
      } catch (error) {
        if (isApiErrorStatus(error, 400, 401, 404)) return null;
        throw error;
      }
    },
  });
}

/** Every price of a listing, oldest first. */
export function usePriceHistory(id: number) {
  return useQuery({ queryKey: queryKeys.priceHistory(id), queryFn: () => api.get(`/api/vehicles/${id}/price-history`) });
}
