import { QueryClient, useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { Operation, OpInput } from '@shop/contract/operation';
import { ApiError, call, type Reply } from './api.js';
import { session } from './session.js';
import { claimOpening } from './opening-answers.js';

/** Why a request failed, as the user should be told (offline / timeout / server error told apart). */
export type FailureKind = 'offline' | 'timeout' | 'server' | 'refused' | 'session' | 'unknown';

export interface Failure {
  kind: FailureKind;
  /** What the screen says: the fixed text for a failed request, the server's own message for a refusal. */
  message: string;
}

const FIXED: Record<Exclude<FailureKind, 'refused' | 'session'>, string> = {
  offline: '网络已断开',
  timeout: '加载超时',
  server: '服务器错误',
  unknown: '加载失败',
};

export function classifyError(err: unknown): Failure {
  if (!(err instanceof ApiError)) return { kind: 'unknown', message: FIXED.unknown };
  switch (err.code) {
    case 'OFFLINE':
      return { kind: 'offline', message: FIXED.offline };
    case 'TIMEOUT':
      return { kind: 'timeout', message: FIXED.timeout };
    case 'SERVER_ERROR':
    case 'NOT_FOUND': // an HTTP 404 is a missing endpoint, not a missing record
      return { kind: 'server', message: FIXED.server };
    case 'UNAUTHENTICATED':
    case 'SESSION_EXPIRED':
      return { kind: 'session', message: err.message };
  }
  // An envelope with an errorType other than SUCCESS: the server looked and said no; its message is the answer.
  return { kind: 'refused', message: err.message || '操作失败' };
}

/** A request failure that may pass by itself (no answer, no connection); a refusal or a server error will not. */
export const isTransient = (err: unknown): boolean => {
  const { kind } = classifyError(err);
  return kind === 'offline' || kind === 'timeout';
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Revisiting a screen within half a minute shows what it had without asking again; a mutation invalidates.
        staleTime: 30_000,
        // One more try after a lost connection or a timeout; a refusal or a server error is the answer.
        retry: (failures, err) => failures < 1 && isTransient(err),
        retryDelay: 1000,
        // 'always': an offline device gets the offline error (and its retry button) instead of a paused skeleton.
        networkMode: 'always',
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
// Cached answers belong to the agent who asked: logout forgets them all.
session.onReset(() => queryClient.clear());

/** The cache key of an operation's answer: its path, then the payload. Invalidate by `[op.path]` for all payloads. */
export const opKey = <O extends Operation>(op: O, input?: OpInput<O>): QueryKey => (input === undefined ? [op.path] : [op.path, input]);

type OpQueryOptions<O extends Operation> = Omit<UseQueryOptions<Reply<O>, Error>, 'queryKey' | 'queryFn'>;

/**
 * The one loader: `call(op, input)` through the query cache. Loads in the background (skeletons, not the overlay)
 * and toasts nothing: the screen shows the failure with <PageState>.
 */
export function useOp<O extends Operation>(op: O, input: OpInput<O>, options: OpQueryOptions<O> = {}) {
  return useQuery<Reply<O>, Error>({
    queryKey: opKey(op, input),
    // The entry may have asked already, while the screen's code loaded (app/opening-data.ts): that answer, once.
    queryFn: ({ signal }) => claimOpening<Reply<O>>(op, input) ?? call(op, input, { background: true, silent: true, signal }),
    ...options,
  });
}

interface OpMutationOptions {
  /** Operations whose cached answers are out of date once this one succeeds. */
  invalidates?: Operation[];
  /** Do not show the blocking overlay (the default shows it: a submission, e.g. a money action). */
  background?: boolean;
  /** Do not toast a business refusal; the caller shows it. */
  quiet?: boolean;
}

/** A submission through `call`: the overlay while it runs, the api client's toasts, then the named caches refreshed. */
export function useOpMutation<O extends Operation>(op: O, { invalidates = [], background, quiet }: OpMutationOptions = {}) {
  const client = useQueryClient();
  return useMutation<Reply<O>, Error, OpInput<O>>({
    mutationFn: (input) => call(op, input, { background, quiet }),
    onSettled: (_data, err) => {
      // A refusal also means the screen is out of date (the order moved on meanwhile); a lost request does not tell.
      if (err && isTransient(err)) return;
      return Promise.all(invalidates.map((o) => client.invalidateQueries({ queryKey: [o.path] })));
    },
  });
}
