import { TOAST_DURATION_MS, type Toast, type ToastState, type ToastVariant } from './state';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastActions {
  show: (input: ToastInput) => void;
  dismiss: (id?: number) => void;
}

type Set = (partial: Partial<ToastState> | ((state: ToastState) => Partial<ToastState>)) => void;

let nextId = 1;

export const createToastActions = (set: Set): ToastActions => ({
  show: ({ title, description, variant = 'default', duration = TOAST_DURATION_MS }) => {
    const toast: Toast = { id: nextId++, title, description, variant, duration };
    set({ current: toast });
  },
  // Dismissing a toast that was already replaced leaves the newer one alone.
  dismiss: (id) => set((state) => (id === undefined || state.current?.id === id ? { current: null } : {})),
});
