import { useSyncExternalStore } from 'react';

/**
 * The consumer's session in the store (ADR 0038): a consumerToken from the WeChat OAuth code, never an agent's
 * accessToken; kept apart from the agents' session (`shop.session`), so an agent opening a store on the same phone
 * buys as a consumer and the store never sends the agent's token.
 */
export interface ConsumerState {
  token: string | null;
  phoneConfirmed: boolean;
  maskedPhone: string;
}

const KEY = 'shop.consumer';
const empty: ConsumerState = { token: null, phoneConfirmed: false, maskedPhone: '' };

function read(): ConsumerState {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...empty, ...(JSON.parse(raw) as Partial<ConsumerState>) } : empty;
  } catch {
    return empty;
  }
}

let state = read();
const listeners = new Set<() => void>();

export const consumer = {
  get: () => state,
  set(patch: Partial<ConsumerState>) {
    state = { ...state, ...patch };
    try {
      localStorage.setItem(KEY, JSON.stringify(state));
    } catch {
      /* private mode: the session lasts for this page only */
    }
    listeners.forEach((l) => l());
  },
  /** The server no longer knows the token: the next checkout signs in again. */
  clear() {
    consumer.set(empty);
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const useConsumer = () => useSyncExternalStore(consumer.subscribe, consumer.get);
