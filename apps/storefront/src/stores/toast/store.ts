import { create } from 'zustand';
import { createToastActions, type ToastActions } from './actions';
import { initialToastState, type ToastState } from './state';

export type ToastStore = ToastState & ToastActions;

export const useToastStore = create<ToastStore>()((set) => ({
  ...initialToastState,
  ...createToastActions(set),
}));

/** Shows a toast from anywhere (event handlers, query callbacks). */
export const toast = (input: Parameters<ToastActions['show']>[0]) => useToastStore.getState().show(input);
