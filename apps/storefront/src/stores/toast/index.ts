export { useToastStore, toast, type ToastStore } from './store';
export { toastSelectors } from './selectors';
export { initialToastState, TOAST_DURATION_MS, type Toast } from './state';
