import type * as z from 'zod/mini';
import { isSuccess, type Envelope } from '@shop/contract/envelope';
import type { Operation, OpInput } from '@shop/contract/operation';
import { loading } from './loading.js';
import { loginWithRedirect, navigate } from './navigation.js';
import { askToSetPayPassword } from './pay-password-gate.js';
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
  /** Toast nothing but the session's end: the screen shows the failure itself (a query's page state). */
  silent?: boolean;
  /** Cancels the request (a query that is no longer wanted). */
  signal?: AbortSignal;
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

  const say = (text: string, duration?: number) => {
    if (!opts.silent) toast(text, duration);
  };
  if (!opts.background) loading.start();
  let res: Response;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('加载超时', 'TimeoutError')), opts.timeoutMs ?? TIMEOUT_MS);
  try {
    const signal = opts.signal ? AbortSignal.any([timeout.signal, opts.signal]) : timeout.signal;
    res = await fetch(op.path, { method: 'POST', body, headers, signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    // Tell the two apart truthfully: no answer within the time limit, or no connection at all.
    // spec 1 §8 「加载超时」 for no answer in time; 「网络已断开」 (not the spec's 加载超时) when there is no connection (ADR 0029).
    const failure = timeout.signal.aborted ? new ApiError('TIMEOUT', '加载超时', 0) : new ApiError('OFFLINE', '网络已断开', 0);
    say(failure.message, 3000);
    throw failure;
  } finally {
    clearTimeout(timer);
    if (!opts.background) loading.stop();
  }
  if (res.status === 401) {
    session.clear();
    navigate(loginWithRedirect(), { replace: true });
    throw new ApiError('UNAUTHENTICATED', '请先登录', 401);
  }
  if (res.status === 403) {
    toast('登录过期，请重新登录', 2000, { keep: true });
    const target = loginWithRedirect();
    session.expire();
    setTimeout(() => navigate(target, { replace: true }), 1000);
    throw new ApiError('SESSION_EXPIRED', '登录过期，请重新登录', 403);
  }
  if (res.status === 404) {
    say('网络请求不存在');
    throw new ApiError('NOT_FOUND', '网络请求不存在', 404);
  }
  let env: Envelope;
  try {
    if (!res.ok) throw new Error(String(res.status));
    env = (await res.json()) as Envelope;
  } catch {
    // spec 1 §8: other HTTP errors toast 「服务器请求异常」, also on a data screen that shows its own retry (ADR 0029).
    toast('服务器请求异常');
    throw new ApiError('SERVER_ERROR', '服务器请求异常', res.status);
  }
  if (env.errorType === 'ACCOUNT_DISABLED' && token) {
    // spec 1 §4 / ADR 0026: a full deposit refund ended this session: '您已退保 系统自动退出', then /login. The message is
    // said whichever of the screen's calls answers first (another may have cleared the session already, without it);
    // the session is cleared and the move made once.
    toast(env.msg, 2000, { keep: true });
    if (session.get().token === token) {
      session.clear();
      navigate('/login', { replace: true });
    }
    throw new ApiError('ACCOUNT_DISABLED', env.msg, res.status);
  }
  if (env.errorType === 'PASSWORD_CHANGE_REQUIRED' && token) {
    // ADR 0024: a one-time password's session may only set a new password.
    toast(env.msg, 2000, { keep: true });
    session.set({ mustChangePassword: true });
    navigate('/edidPass', { replace: true });
    throw new ApiError('PASSWORD_CHANGE_REQUIRED', env.msg, res.status);
  }
  if (env.errorType === 'PAY_PASSWORD_NOT_SET' && token) {
    // ADR 0024: no money leaves without a payment password: set one first, then come back here.
    const current = session.get().userInfo;
    if (current) session.set({ userInfo: { ...current, payPassword: false } });
    void askToSetPayPassword();
    throw new ApiError('PAY_PASSWORD_NOT_SET', env.msg, res.status);
  }
  if (!isSuccess(env)) {
    if (!opts.quiet) say(env.msg || '操作失败');
    throw new ApiError(String(env.errorType), env.msg || '操作失败', res.status);
  }
  return env as unknown as Reply<O>;
}
