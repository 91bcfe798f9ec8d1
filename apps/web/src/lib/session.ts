import { useSyncExternalStore } from 'react';
import type { UserInfo } from '@shop/contract/session';

/** spec 1 §3 session state: kept in localStorage and mirrored to sessionStorage. The one session store. */
export interface SessionState {
  platId: string;
  userInfo: UserInfo | null;
  token: string | null;
  openId: string | null;
  /** ADR 0024: logged in with a staff reset's one-time password; only /edidPass opens until a new one is set. */
  mustChangePassword?: boolean;
}

export const DEFAULT_PLAT_ID = 'plat-demo';
const KEY = 'shop.session';
const REMEMBER_KEY = 'shop.rememberedAccount';
/** Set when the server said the session expired (HTTP 403): the login page says so until the next login. */
const EXPIRED_KEY = 'shop.sessionExpired';
const empty: SessionState = { platId: DEFAULT_PLAT_ID, userInfo: null, token: null, openId: null };

function read(): SessionState {
  for (const storage of [localStorage, sessionStorage]) {
    try {
      const raw = storage.getItem(KEY);
      if (raw) return { ...empty, ...(JSON.parse(raw) as Partial<SessionState>) };
    } catch {
      /* a broken entry counts as none */
    }
  }
  return empty;
}

let state: SessionState = read();
const listeners = new Set<() => void>();

function write(next: SessionState) {
  state = next;
  const raw = JSON.stringify(next);
  localStorage.setItem(KEY, raw);
  sessionStorage.setItem(KEY, raw);
  listeners.forEach((l) => l());
}

const resetHandlers = new Set<() => void>();

export const session = {
  get: () => state,
  set(patch: Partial<SessionState>) {
    if (patch.token) sessionStorage.removeItem(EXPIRED_KEY);
    write({ ...state, ...patch });
  },
  /** Remember-me: a stored login goes straight in; only the server's "expired" (403) asks for the password again. */
  signedIn: () => !!(state.userInfo && state.token),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Logout (spec 1 §4): clear local storage except openId, and reset the feature stores that registered. */
  clear() {
    const { openId, platId } = state;
    const remembered = localStorage.getItem(REMEMBER_KEY);
    localStorage.clear();
    sessionStorage.clear();
    if (remembered) localStorage.setItem(REMEMBER_KEY, remembered);
    write({ ...empty, platId, openId });
    resetHandlers.forEach((reset) => reset());
  },
  /** HTTP 403 (spec 1 §8): the session ended by age; the next login page says '登录已过期，请重新登录'. */
  expire() {
    session.clear();
    sessionStorage.setItem(EXPIRED_KEY, '1');
  },
  wasExpired: () => sessionStorage.getItem(EXPIRED_KEY) === '1',
  /** Feature state (cart, orders, pay, upgrade) registers here to be reset on logout. */
  onReset(handler: () => void) {
    resetHandlers.add(handler);
    return () => resetHandlers.delete(handler);
  },
  /** "Remember password" keeps the account name only, never the password. */
  rememberedAccount: () => localStorage.getItem(REMEMBER_KEY) ?? '',
  setRememberedAccount(account: string | null) {
    if (account) localStorage.setItem(REMEMBER_KEY, account);
    else localStorage.removeItem(REMEMBER_KEY);
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}
