export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** How long it stays, in ms. */
  duration: number;
}

export interface ToastState {
  /** One toast at a time (SPEC.md section 9): a new one replaces the current one. */
  current: Toast | null;
}

export const TOAST_DURATION_MS = 5000;

export const initialToastState: ToastState = { current: null };
