import { QueryClient } from '@tanstack/react-query';

/** SPEC.md section 9: no refetch on focus, no retries, data never stale, no polling unless a query asks; offline is a failure. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: false,
        // Ask even when the browser says it is offline, so a failed network ends in the page's error and its
        // retry; the default ('online') pauses the query instead, and its page stayed on "Loading…" for good.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The landing page's recent list and the slideshow refresh every 5 minutes (SPEC.md section 7). */
export const RECENT_REFETCH_MS = 300_000;
