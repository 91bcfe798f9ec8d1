import type { StaffInfo } from '@shop/contract/staff';

/**
 * The staff session (ADR 0033): token and member in localStorage, shared by the tabs of one browser, so a menu item
 * opened in a new tab is logged in. It keeps the server's working day (8 hours from login, no "remember me"): past
 * that it is dropped here, and the server refuses the token anyway. A login or logout in one tab reaches the others
 * (the storage event). Subscribers re-render when it changes.
 */
const KEY = 'shop-admin-session';
/** The server's staff session length (staff.service STAFF_SESSION_HOURS). */
const SESSION_MS = 8 * 60 * 60 * 1000;

export interface StaffSession {
  token: string;
  staff: StaffInfo;
  /** Epoch ms after which this browser forgets the session. */
  expiresAt?: number;
}

const listeners = new Set<() => void>();

function read(): StaffSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    const s = raw ? (JSON.parse(raw) as StaffSession) : null;
    if (s && (!s.expiresAt || s.expiresAt <= Date.now())) {
      localStorage.removeItem(KEY);
      return null;
    }
    return s;
  } catch {
    return null;
  }
}

let current: StaffSession | null = read();
// The tab that opened before ADR 0033 kept its token in sessionStorage: forget it (the member logs in once more).
try {
  sessionStorage.removeItem(KEY);
} catch {
  // storage unavailable
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== KEY && e.key !== null) return;
    current = read();
    listeners.forEach((l) => l());
  });
}

export const staffSession = {
  /** The session, or null once its working day is over (the server refuses the token then anyway). */
  get: () => (current?.expiresAt && current.expiresAt <= Date.now() ? null : current),
  set(next: StaffSession | null) {
    current = next ? { ...next, expiresAt: next.expiresAt ?? Date.now() + SESSION_MS } : null;
    if (current) localStorage.setItem(KEY, JSON.stringify(current));
    else localStorage.removeItem(KEY);
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
