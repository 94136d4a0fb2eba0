import type { SavedAccount, SavedState } from './state';

export interface SavedActions {
  /**
   * Saves an unsaved vehicle or removes a saved one; answers whether it is saved now. Signed in, the
   * account's list changes (on the server; undone if the server refuses) and a removal leaves this browser's
   * own list too, so it does not come back at the next sign-in.
   */
  toggle: (id: number) => boolean;
  /** Drops a vehicle that is gone from both lists. */
  remove: (id: number) => void;
  /** Signed in: the account's list (this browser's already merged into it) is the one shown from now on. */
  attachAccount: (account: SavedAccount) => void;
  /** Signed out: back to this browser's own list, as it was. */
  detachAccount: () => void;
}

type Set = (partial: Partial<SavedState>) => void;
type Get = () => SavedState;

const without = (ids: number[], id: number) => ids.filter((x) => x !== id);

export const createSavedActions = (set: Set, get: Get): SavedActions => ({
  toggle: (id) => {
    const { ids, account } = get();
    if (!account) {
      const saving = !ids.includes(id);
      set({ ids: saving ? [id, ...ids] : without(ids, id) });
      return saving;
    }
    const saving = !account.ids.includes(id);
    set({ account: { ...account, ids: saving ? [id, ...account.ids] : without(account.ids, id) }, ...(saving ? {} : { ids: without(ids, id) }) });
    account.persist(id, saving).catch(() => {
      const now = get().account;
      if (now?.userId === account.userId) set({ account: { ...now, ids: saving ? without(now.ids, id) : [id, ...now.ids] } });
    });
    return saving;
  },
  remove: (id) => {
    const { ids, account } = get();
    set({ ids: without(ids, id), ...(account ? { account: { ...account, ids: without(account.ids, id) } } : {}) });
  },
  attachAccount: (account) => set({ account }),
  detachAccount: () => set({ account: null }),
});
