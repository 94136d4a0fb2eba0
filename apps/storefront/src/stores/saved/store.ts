import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createSavedActions, type SavedActions } from './actions';
import { initialSavedState, SAVED_STORAGE_KEY, type SavedState } from './state';

export type SavedStore = SavedState & SavedActions;

export const useSavedStore = create<SavedStore>()(
  persist(
    (set, get) => ({
      ...initialSavedState,
      ...createSavedActions(set, get),
    }),
    {
      name: SAVED_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ ids: state.ids }),
      // Whatever another version or a hand edit left there, keep only whole positive ids.
      merge: (persisted, current) => {
        const raw = (persisted as Partial<SavedState> | undefined)?.ids;
        const ids = Array.isArray(raw) ? raw.filter((x): x is number => Number.isInteger(x) && x > 0) : [];
        return { ...current, ids: [...new Set(ids)], account: null };
      },
    },
  ),
);
