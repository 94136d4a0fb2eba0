import { useQuery } from '@tanstack/react-query';
import { apiJson } from './client';
import { queryKeys } from './queries';

/** Names from a catalog answer: a list of names, or of `{ name }`, possibly wrapped in an object. */
function names(body: unknown): string[] {
  if (Array.isArray(body)) {
    return body
      .map((entry) => (typeof entry === 'string' ? entry : typeof entry === 'object' && entry && 'name' in entry ? String((entry as { name: unknown }).name) : ''))
      .filter(Boolean);
  }
  if (body && typeof body === 'object') {
    const list = Object.values(body as Record<string, unknown>).find(Array.isArray);
    return list ? names(list) : [];
  }
  return [];
}

/** Makes of the built-in catalog (GET /api/catalog/makes): loaded on the search page, never at first load. */
export function useMakes() {
  return useQuery({
    queryKey: queryKeys.makes,
    queryFn: async () => names(await apiJson<unknown>('/api/catalog/makes')),
  });
}

/** Models of one make; idle until a make is chosen. */
export function useModels(make: string) {
  return useQuery({
    queryKey: queryKeys.models(make),
    enabled: make !== '',
    queryFn: async () => names(await apiJson<unknown>(`/api/catalog/makes/${encodeURIComponent(make)}/models`)),
  });
}
