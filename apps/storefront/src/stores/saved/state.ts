export interface SavedState {
  /** Ids of the vehicles the visitor saved, newest first; kept in local storage only. */
  ids: number[];
}

export const SAVED_STORAGE_KEY = 'saved-vehicles';

export const initialSavedState: SavedState = { ids: [] };
