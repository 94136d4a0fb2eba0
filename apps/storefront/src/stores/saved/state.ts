/** The signed-in account's saved list, kept on the server (it follows the person to other devices). */
export interface SavedAccount {
  userId: number;
  ids: number[];
  /** Saves (true) or unsaves (false) on the server. */
  persist: (id: number, saved: boolean) => Promise<void>;
}

export interface SavedState {
  /** Ids of the vehicles saved in this browser, newest first; kept in local storage. */
  ids: number[];
  /** Set while someone is signed in: the list shown and changed is then the account's. */
  account: SavedAccount | null;
}

export const SAVED_STORAGE_KEY = 'saved-vehicles';

export const initialSavedState: SavedState = { ids: [], account: null };
