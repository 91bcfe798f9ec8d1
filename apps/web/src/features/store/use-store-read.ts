import { useCallback, useEffect, useState } from 'react';
import type { Operation, OpInput } from '@shop/contract/operation';
import { storeCall, type StoreReply } from './store-api.js';

/** Answers already read this visit: going back to a screen shows them at once while it asks again. */
const cache = new Map<string, unknown>();
const keyOf = (op: Operation, input: unknown) => `${op.path}|${JSON.stringify(input)}`;

export interface StoreRead<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  refetch: () => void;
}

/**
 * A screen's read in the store (no query library on the store's first screen, ADR 0038): the last answer at once if
 * there is one, a fresh one asked for on every mount and on `refetch`, the failure kept for the screen's 重试.
 */
export function useStoreRead<O extends Operation>(op: O, input: OpInput<O>, enabled = true): StoreRead<StoreReply<O>> {
  const key = keyOf(op, input);
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ key: string; data?: StoreReply<O>; error?: unknown; loading: boolean }>(() => ({
    key,
    data: cache.get(key) as StoreReply<O> | undefined,
    loading: enabled,
  }));
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    setState((s) => ({ key, data: s.key === key ? s.data : (cache.get(key) as StoreReply<O> | undefined), loading: true }));
    storeCall(op, JSON.parse(key.slice(key.indexOf('|') + 1)) as OpInput<O>, { signal: abort.signal }).then(
      (reply) => {
        cache.set(key, reply);
        setState({ key, data: reply, loading: false });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setState((s) => ({ key, data: s.key === key ? s.data : undefined, error, loading: false }));
      },
    );
    return () => abort.abort();
  }, [op, key, enabled, round]);
  const refetch = useCallback(() => setRound((r) => r + 1), []);
  const same = state.key === key;
  return { data: same ? state.data : (cache.get(key) as StoreReply<O> | undefined), error: same ? state.error : undefined, loading: same ? state.loading : enabled, refetch };
}
