import { atom } from 'jotai';
import type { ToastMessage, ToastType } from '@caucus/design-system';
import { caucusStore } from '../store';

export type { ToastType };
export type Toast = ToastMessage;

export type ToastOptions = { duration?: number };

export const DEFAULT_TOAST_DURATION = 5000;

export const toastsAtom = atom<Toast[]>([]);

// Ids are sequential per page (1, 2, 3 ...): docs/product/limits-and-defaults.md, Limits and sizes.
let lastToastId = 0;
const dismissTimers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  const timer = dismissTimers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    dismissTimers.delete(id);
  }
  caucusStore.set(toastsAtom, (toasts) => toasts.filter((item) => item.id !== id));
}

function showToast(type: ToastType, title: string, message?: string, options: ToastOptions = {}): number {
  lastToastId += 1;
  const id = lastToastId;
  const duration = options.duration ?? DEFAULT_TOAST_DURATION;
  const next: Toast = { id, type, title, duration, ...(message ? { message } : {}) };
  caucusStore.set(toastsAtom, (toasts) => [...toasts, next]);
  // The timer lives here rather than in <Toaster/> so a toast raised while no Toaster is
  // mounted (or while two are) still leaves exactly once.
  if (duration > 0) {
    dismissTimers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  }
  return id;
}

export const toast = {
  success: (title: string, message?: string, options?: ToastOptions) => showToast('success', title, message, options),
  error: (title: string, message?: string, options?: ToastOptions) => showToast('error', title, message, options),
  warning: (title: string, message?: string, options?: ToastOptions) => showToast('warning', title, message, options),
  info: (title: string, message?: string, options?: ToastOptions) => showToast('info', title, message, options),
};

/** Removes every toast and cancels pending timers (sign-out, tests). */
export function clearToasts(): void {
  for (const timer of dismissTimers.values()) clearTimeout(timer);
  dismissTimers.clear();
  caucusStore.set(toastsAtom, []);
}
