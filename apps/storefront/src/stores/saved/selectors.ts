import type { SavedStore } from './store';

/** The list shown: the account's while signed in, this browser's otherwise. */
const shown = (s: SavedStore) => (s.account ? s.account.ids : s.ids);

export const savedSelectors = {
  ids: shown,
  count: (s: SavedStore) => shown(s).length,
  isSaved: (id: number) => (s: SavedStore) => shown(s).includes(id),
  toggle: (s: SavedStore) => s.toggle,
  /** The user whose account list is attached (null: none). */
  accountUserId: (s: SavedStore) => s.account?.userId ?? null,
};
