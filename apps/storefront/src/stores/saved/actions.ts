import type { SavedState } from './state';

export interface SavedActions {
  /** Saves an unsaved vehicle or removes a saved one; answers whether it is saved now. */
  toggle: (id: number) => boolean;
  remove: (id: number) => void;
}

type Set = (partial: Partial<SavedState>) => void;
type Get = () => SavedState;

export const createSavedActions = (set: Set, get: Get): SavedActions => ({
  toggle: (id) => {
    const { ids } = get();
    if (ids.includes(id)) {
      set({ ids: ids.filter((x) => x !== id) });
      return false;
    }
    set({ ids: [id, ...ids] });
    return true;
  },
  remove: (id) => set({ ids: get().ids.filter((x) => x !== id) }),
});
