import type { StaffInfo } from '@shop/contract/staff';

/**
 * The staff session: token and member, in sessionStorage only (a working day at a shared desk: closing the browser ends
 * it, there is no "remember me"). Subscribers re-render when it changes.
 */
const KEY = 'shop-admin-session';

export interface StaffSession {
  token: string;
  staff: StaffInfo;
}

let current: StaffSession | null = read();
const listeners = new Set<() => void>();

function read(): StaffSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StaffSession) : null;
  } catch {
    return null;
  }
}

export const staffSession = {
  get: () => current,
  set(next: StaffSession | null) {
    current = next;
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
    listeners.forEach((l) => l());
  },
  /** The member changed (second factor bound): same token. */
  update(staff: StaffInfo) {
    if (current) staffSession.set({ ...current, staff });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** May this member call the staff operation? (The server's permission table, as staffLogin answered it.) */
  may(operation: string) {
    return current?.staff.operations.includes(operation) ?? false;
  },
};
