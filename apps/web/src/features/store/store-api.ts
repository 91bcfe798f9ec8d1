import { createApiClient, type Failure, type Reply, type SendOptions } from '@shop/contract/client/api-client';
import type { Operation, OpInput } from '@shop/contract/operation';
import { loading } from '../../lib/loading.js';
import { DEFAULT_PLAT_ID } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { consumer } from './store-session.js';

export type StoreReply<O extends Operation> = Reply<O>;

/** Why a store call failed: the server's refusal (its Chinese message), or the request itself. */
export class StoreError extends Error {
  // Declared, then assigned in the constructor: no class-field or defineProperty helper on the store's first screen.
  declare readonly kind: 'refused' | 'session' | 'offline' | 'timeout' | 'server';
  declare readonly code: string;

  constructor(kind: StoreError['kind'], message: string, code = '') {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

interface Options extends SendOptions {
  /** Show the '加载中...' overlay (a submission); reads load in the background. */
  blocking?: boolean;
  /** Toast a refusal (a submission); a screen's read shows its own failure with 重试. */
  say?: boolean;
}

/** The consumer's session ended or never began (ADR 0038: the store is opened from the agent's link inside WeChat). */
export const SESSION_TEXT = '请在微信中打开店铺链接后再下单';

/**
 * The store's calls: the shared client (`@shop/contract/client/api-client`) with the consumer's token in
 * `consumerToken`, and none of the agent app's moves to /login. Resolves with the envelope on SUCCESS.
 */
const client = createApiClient<Options>({
  platId: () => DEFAULT_PLAT_ID,
  token: () => consumer.get().token,
  tokenHeader: 'consumerToken',
  timeoutMs: 15_000,
  busy: (opts) => {
    if (!opts.blocking) return undefined;
    loading.start();
    return () => loading.stop();
  },
  fail: (failure, { opts }) => {
    const err = storeFailure(failure);
    if (opts.say) toast(err.message);
    return err;
  },
});

export function storeCall<O extends Operation>(op: O, payload: OpInput<O>, opts: Options = {}): Promise<StoreReply<O>> {
  return client.call(op, payload, opts);
}

function storeFailure(failure: Failure): StoreError {
  switch (failure.kind) {
    case 'timeout':
      return new StoreError('timeout', '加载超时');
    case 'offline':
      return new StoreError('offline', '网络已断开');
    case 'status':
      if (failure.status !== 401 && failure.status !== 403) return new StoreError('server', '服务器请求异常');
      consumer.clear();
      return new StoreError('session', SESSION_TEXT, 'UNAUTHENTICATED');
    case 'refused':
      if (failure.env.errorType === 'UNAUTHENTICATED' || failure.env.errorType === 'SESSION_EXPIRED') consumer.clear();
      return new StoreError('refused', failure.env.msg || '操作失败', String(failure.env.errorType));
  }
}

/** The message a screen shows for a failed read. */
export const failureText = (err: unknown) => (err instanceof StoreError ? err.message : '加载失败');
