import { useSyncExternalStore } from 'react';

/** Requests in flight; the '加载中...' overlay shows while any is (spec 1 §7). */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const loading = {
  start() {
    pending++;
    emit();
  },
  stop() {
    pending = Math.max(0, pending - 1);
    emit();
  },
};

export function useLoading(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending > 0,
  );
}
