import { useInfiniteQuery, useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { PublicConfig, PublicUser } from '@app/shared';
import { SEARCH_LIMITS, searchApiParams, searchPath, type SearchFilters } from '@app/shared';
import { isApiErrorStatus } from '@app/shared';
import { api } from './client';
import { RECENT_REFETCH_MS } from './query-client';
import type { PublicVehicle as Vehicle } from '@app/shared';
import { getPublicConfig } from '../config';

export const queryKeys = {
  user: ['user'] as const,
  config: ['config'] as const,
  recent: ['vehicles', 'recent'] as const,
  featured: ['vehicles', 'featured'] as const,
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

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.request('/api/logout', { method: 'POST' }),
    onSettled: () => client.setQueryData(queryKeys.user, null),
  });
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
  const spread = SEARCH_LIMITS.similarPriceSpread;
  return useQuery({
    queryKey: queryKeys.similar(vehicle?.id ?? 0, vehicle?.price ?? 0),
    enabled: !!vehicle && enabled,
    queryFn: async () => {
      const v = vehicle as Vehicle;
      const params = new URLSearchParams({
        minPrice: String(Math.max(0, Math.floor(v.price - spread))),
        maxPrice: String(Math.ceil(v.price + spread)),
        excludeId: String(v.id),
        limit: String(SEARCH_LIMITS.similarCount),
      });
      const result = await api.json(`/api/vehicles/search?${params.toString()}`);
      return result.vehicles.filter((x) => x.id !== v.id).slice(0, SEARCH_LIMITS.similarCount);
    },
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
