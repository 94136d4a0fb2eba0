export { useSavedStore, type SavedStore } from './store';
export { savedSelectors } from './selectors';
export { initialSavedState, SAVED_STORAGE_KEY } from './state';
