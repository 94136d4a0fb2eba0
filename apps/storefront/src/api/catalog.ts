import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { makeNames, queryKeys } from './queries';

/** Make names of the built-in catalog (GET /api/catalog/makes): loaded by the search page (its first view holds them), never at first load. */
export function useMakes() {
  return useQuery({
    queryKey: queryKeys.makes,
    queryFn: async () => makeNames(await api.json('/api/catalog/makes')),
  });
}

/** Model names of one make; idle until a make is chosen. An unknown make (404) has none. */
export function useModels(make: string) {
  return useQuery({
    queryKey: queryKeys.models(make),
    enabled: make !== '',
    queryFn: async () =>
      (await api.json(`/api/catalog/makes/${encodeURIComponent(make)}/models`).catch(() => [])).map((m) => m.name),
  });
}
