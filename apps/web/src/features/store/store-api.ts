import type * as z from 'zod/mini';
import type { Envelope } from '@shop/contract/envelope';
import type { Operation, OpInput } from '@shop/contract/operation';
import { loading } from '../../lib/loading.js';
import { DEFAULT_PLAT_ID } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { consumer } from './store-session.js';

export type StoreReply<O extends Operation> = z.output<O['output']> & { msg: string };

/** Why a store call failed: the server's refusal (its Chinese message), or the request itself. */
export class StoreError extends Error {
  constructor(
    readonly kind: 'refused' | 'session' | 'offline' | 'timeout' | 'server',
    message: string,
    readonly code = '',
  ) {
    super(message);
  }
}

interface Options {
  /** Show the '加载中...' overlay (a submission); reads load in the background. */
  blocking?: boolean;
  /** Toast a refusal (a submission); a screen's read shows its own failure with 重试. */
  say?: boolean;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 15_000;
/** The consumer's session ended or never began (ADR 0038: the store is opened from the agent's link inside WeChat). */
export const SESSION_TEXT = '请在微信中打开店铺链接后再下单';

/**
 * The store's api client: the shop's wire (POST, form body `platId` + `in`, the envelope), the consumer's token in
 * `consumerToken`, and none of the agent app's moves to /login. Resolves with the envelope on SUCCESS.
 */
export async function storeCall<O extends Operation>(op: O, payload: OpInput<O>, opts: Options = {}): Promise<StoreReply<O>> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const { token } = consumer.get();
  if (token) headers.consumerToken = token;
  const body = new URLSearchParams({ platId: DEFAULT_PLAT_ID, in: JSON.stringify(payload ?? {}) });
  const fail = (err: StoreError): never => {
    if (opts.say) toast(err.message);
    throw err;
  };
  if (opts.blocking) loading.start();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    const signal = opts.signal ? AbortSignal.any([timeout.signal, opts.signal]) : timeout.signal;
    res = await fetch(op.path, { method: 'POST', body, headers, signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    return fail(timeout.signal.aborted ? new StoreError('timeout', '加载超时') : new StoreError('offline', '网络已断开'));
  } finally {
    clearTimeout(timer);
    if (opts.blocking) loading.stop();
  }
  if (res.status === 401 || res.status === 403) {
    consumer.clear();
    return fail(new StoreError('session', SESSION_TEXT, 'UNAUTHENTICATED'));
  }
  let env: Envelope;
  try {
    if (!res.ok) throw new Error(String(res.status));
    env = (await res.json()) as Envelope;
  } catch {
    return fail(new StoreError('server', '服务器请求异常'));
  }
  if (env.errorType !== 'SUCCESS' && env.errorTypeBoolean !== true) {
    if (env.errorType === 'UNAUTHENTICATED' || env.errorType === 'SESSION_EXPIRED') consumer.clear();
    return fail(new StoreError('refused', env.msg || '操作失败', String(env.errorType)));
  }
  return env as unknown as StoreReply<O>;
}

/** The message a screen shows for a failed read. */
export const failureText = (err: unknown) => (err instanceof StoreError ? err.message : '加载失败');
