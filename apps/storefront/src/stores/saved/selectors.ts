import type { SavedStore } from './store';

export const savedSelectors = {
  ids: (s: SavedStore) => s.ids,
  count: (s: SavedStore) => s.ids.length,
  isSaved: (id: number) => (s: SavedStore) => s.ids.includes(id),
  toggle: (s: SavedStore) => s.toggle,
};
