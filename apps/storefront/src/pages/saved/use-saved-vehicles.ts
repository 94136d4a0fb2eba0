import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PUBLIC_STATUSES, type PublicVehicle as Vehicle } from '@app/shared';
import { isApiErrorStatus } from '@app/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { savedSelectors, useSavedStore } from '../../stores/saved';

/** A saved listing, or null when it is gone (404) or hidden from this visitor. */
async function fetchSaved(id: number): Promise<Vehicle | null> {
  try {
    return await api.json(`/api/vehicles/${id}`);
  } catch (error) {
    if (isApiErrorStatus(error, 400, 401, 404)) return null;
    throw error;
  }
}

/**
 * The vehicles saved in this browser (ids in local storage), newest save first. Listings that are gone or no
 * longer public drop out quietly: a deleted one (404) also leaves the saved list.
 */
export function useSavedVehicles() {
  const ids = useSavedStore(savedSelectors.ids);
  const remove = useSavedStore((s) => s.remove);
  const results = useQueries({
    queries: ids.map((id) => ({ queryKey: queryKeys.vehicle(id), queryFn: () => fetchSaved(id) })),
  });
  const gone = ids.filter((_, i) => results[i]?.isSuccess && results[i]?.data === null);
  const goneKey = gone.join(',');
  useEffect(() => {
    for (const id of goneKey ? goneKey.split(',').map(Number) : []) remove(id);
  }, [goneKey, remove]);
  const vehicles = results
    .map((r) => r.data)
    .filter((v): v is Vehicle => !!v && PUBLIC_STATUSES.includes(v.status));
  return { ids, vehicles, isLoading: results.some((r) => r.isPending) };
}
