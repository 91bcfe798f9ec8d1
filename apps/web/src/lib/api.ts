import type * as z from 'zod/mini';
import { isSuccess, type Envelope } from '@shop/contract/envelope';
import type { Operation, OpInput } from '@shop/contract/operation';
import { loading } from './loading.js';
import { loginWithRedirect, navigate } from './navigation.js';
import { session } from './session.js';
import { toast } from './toast.js';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type Reply<O extends Operation> = z.output<O['output']> & { msg: string };

interface CallOptions {
  /** Do not show the '加载中...' overlay. */
  background?: boolean;
  /** Do not toast a business refusal (the caller shows it). HTTP errors still toast. */
  quiet?: boolean;
}

const TIMEOUT_MS = 15_000;

/**
 * The one api client: POST with the legacy form body (`platId` + `in`), `accessToken` header, envelope decoding,
 * and the error handling of spec 1 §8. Resolves with the envelope's fields on SUCCESS, throws ApiError otherwise.
 */
export async function call<O extends Operation>(op: O, payload: OpInput<O>, opts: CallOptions = {}): Promise<Reply<O>> {
  const { platId } = session.get();
  const body = new URLSearchParams({ platId, in: JSON.stringify(payload ?? {}) });
  return send(op, body, { 'content-type': 'application/x-www-form-urlencoded' }, opts);
}

/** A multipart call (uploads): the files as parts named 0, 1, ... next to `platId` and `in`. */
export async function upload<O extends Operation>(op: O, files: File[], opts: CallOptions = {}): Promise<Reply<O>> {
  const form = new FormData();
  form.set('platId', session.get().platId);
  form.set('in', '{}');
  files.forEach((file, i) => form.set(String(i), file, file.name));
  return send(op, form, {}, { ...opts, timeoutMs: 60_000 });
}

async function send<O extends Operation>(
  op: O,
  body: BodyInit,
  headers: Record<string, string>,
  opts: CallOptions & { timeoutMs?: number },
): Promise<Reply<O>> {
  const { token } = session.get();
  if (token) headers.accessToken = token;

  if (!opts.background) loading.start();
  let res: Response;
  try {
    res = await fetch(op.path, { method: 'POST', body, headers, signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS) });
  } catch {
    toast('加载超时', 3000);
    throw new ApiError('NETWORK', '加载超时', 0);
  } finally {
    if (!opts.background) loading.stop();
  }
  if (res.status === 401) {
    session.clear();
    navigate(loginWithRedirect(), { replace: true });
    throw new ApiError('UNAUTHENTICATED', '请先登录', 401);
  }
  if (res.status === 403) {
    toast('登录过期，请重新登录');
    const target = loginWithRedirect();
    session.clear();
    setTimeout(() => navigate(target, { replace: true }), 1000);
    throw new ApiError('SESSION_EXPIRED', '登录过期，请重新登录', 403);
  }
  if (res.status === 404) {
    toast('网络请求不存在');
    throw new ApiError('NOT_FOUND', '网络请求不存在', 404);
  }
  let env: Envelope;
  try {
    if (!res.ok) throw new Error(String(res.status));
    env = (await res.json()) as Envelope;
  } catch {
    toast('服务器请求异常');
    throw new ApiError('SERVER_ERROR', '服务器请求异常', res.status);
  }
  if (!isSuccess(env)) {
    if (!opts.quiet) toast(env.msg || '操作失败');
    throw new ApiError(String(env.errorType), env.msg || '操作失败', res.status);
  }
  return env as unknown as Reply<O>;
}
