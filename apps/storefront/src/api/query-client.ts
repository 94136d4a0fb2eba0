import { QueryClient } from '@tanstack/react-query';

/** SPEC.md section 9: no refetch on focus, no retries, data never stale, no polling unless a query asks. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The landing page's recent list and the slideshow refresh every 5 minutes (SPEC.md section 7). */
export const RECENT_REFETCH_MS = 300_000;
