import { useEffect } from 'react';
import type { SavedVehicleIds } from '@app/shared';
import { api } from '../api/client';
import { useCurrentUser } from '../api/queries';
import { savedSelectors, useSavedStore } from '../stores/saved';

/** Saves or unsaves on the account (the server's list). */
async function persist(id: number, saved: boolean): Promise<void> {
  await api.request(`/api/user/saved/${id}`, { method: saved ? 'PUT' : 'DELETE' });
}

/**
 * Saved vehicles follow the account: once someone is signed in, this browser's own list is merged into the
 * account's on the server and the account's list is the one shown and changed; signing out shows this
 * browser's own list again, as it was. Renders nothing.
 */
export function SavedSync() {
  const { user, isLoading } = useCurrentUser();
  const attachedTo = useSavedStore(savedSelectors.accountUserId);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (isLoading) return;
    const store = useSavedStore.getState();
    if (userId === null) {
      if (attachedTo !== null) store.detachAccount();
      return;
    }
    if (attachedTo === userId) return;
    let current = true;
    api
      .json<SavedVehicleIds>('/api/user/saved/merge', { method: 'POST', json: { vehicleIds: store.ids } })
      .then(({ vehicleIds }) => {
        if (current) useSavedStore.getState().attachAccount({ userId, ids: vehicleIds, persist });
      })
      // Not merged (offline, the session just ended): this browser's list stays shown; the next visit tries again.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId, isLoading, attachedTo]);

  return null;
}
