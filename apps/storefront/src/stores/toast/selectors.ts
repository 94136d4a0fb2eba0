import type { ToastStore } from './store';

export const toastSelectors = {
  current: (s: ToastStore) => s.current,
  show: (s: ToastStore) => s.show,
  dismiss: (s: ToastStore) => s.dismiss,
};
