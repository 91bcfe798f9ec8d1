import { ApiError, createApiClient, type Failure, type Reply, type SendOptions } from '@shop/contract/client/api-client';
import type { Operation, OpInput } from '@shop/contract/operation';
import { loading } from './loading.js';
import { loginWithRedirect, navigate } from './navigation.js';
import { askToSetPayPassword } from './pay-password-gate.js';
import { session } from './session.js';
import { toast } from './toast.js';

export { ApiError, type Reply };

interface CallOptions extends SendOptions {
  /** Do not show the '加载中...' overlay. */
  background?: boolean;
  /** Do not toast a business refusal (the caller shows it). HTTP errors still toast. */
  quiet?: boolean;
  /** Toast nothing but the session's end: the screen shows the failure itself (a query's page state). */
  silent?: boolean;
}

/**
 * The agent app's calls: the shared client (`@shop/contract/client/api-client`) with the `accessToken` header, the
 * '加载中...' overlay and the error handling of spec 1 §8. Resolves with the envelope's fields on SUCCESS, throws
 * ApiError otherwise.
 */
const client = createApiClient<CallOptions>({
  platId: () => session.get().platId,
  token: () => session.get().token,
  tokenHeader: 'accessToken',
  timeoutMs: 15_000,
  busy: (opts) => {
    if (opts.background) return undefined;
    loading.start();
    return () => loading.stop();
  },
  fail: (failure, { opts, token }) => agentFailure(failure, opts, token),
});

export const call = client.call;

/** A multipart call (uploads): the files as parts named 0, 1, ... next to `platId` and `in`. */
export function upload<O extends Operation>(op: O, files: File[], opts: CallOptions = {}): Promise<Reply<O>> {
  return client.upload(op, files, {} as OpInput<O>, { timeoutMs: 60_000, ...opts });
}

function agentFailure(failure: Failure, opts: CallOptions, token: string | null | undefined): ApiError {
  const say = (text: string, duration?: number) => {
    if (!opts.silent) toast(text, duration);
  };
  if (failure.kind === 'timeout' || failure.kind === 'offline') {
    // Tell the two apart truthfully: no answer within the time limit, or no connection at all.
    // spec 1 §8 「加载超时」 for no answer in time; 「网络已断开」 (not the spec's 加载超时) when there is no connection (ADR 0029).
    const err = failure.kind === 'timeout' ? new ApiError('TIMEOUT', '加载超时', 0) : new ApiError('OFFLINE', '网络已断开', 0);
    say(err.message, 3000);
    return err;
  }
  const { status } = failure;
  if (status === 401) {
    session.clear();
    navigate(loginWithRedirect(), { replace: true });
    return new ApiError('UNAUTHENTICATED', '请先登录', 401);
  }
  if (status === 403) {
    toast('登录过期，请重新登录', 2000, { keep: true });
    const target = loginWithRedirect();
    session.expire();
    setTimeout(() => navigate(target, { replace: true }), 1000);
    return new ApiError('SESSION_EXPIRED', '登录过期，请重新登录', 403);
  }
  if (status === 404) {
    say('网络请求不存在');
    return new ApiError('NOT_FOUND', '网络请求不存在', 404);
  }
  if (failure.kind !== 'refused') {
    // spec 1 §8: other HTTP errors toast 「服务器请求异常」, also on a data screen that shows its own retry (ADR 0029).
    toast('服务器请求异常');
    return new ApiError('SERVER_ERROR', '服务器请求异常', status);
  }
  const { env } = failure;
  const err = new ApiError(String(env.errorType), env.msg || '操作失败', status);
  if (!token || !SESSION_REFUSALS.includes(env.errorType)) {
    if (!opts.quiet) say(err.message);
  } else if (env.errorType === 'PAY_PASSWORD_NOT_SET') {
    // ADR 0024: no money leaves without a payment password: set one first, then come back here.
    const current = session.get().userInfo;
    if (current) session.set({ userInfo: { ...current, payPassword: false } });
    void askToSetPayPassword();
  } else {
    toast(env.msg, 2000, { keep: true });
    if (env.errorType === 'PASSWORD_CHANGE_REQUIRED') {
      // ADR 0024: a one-time password's session may only set a new password.
      session.set({ mustChangePassword: true });
      navigate('/edidPass', { replace: true });
    } else if (session.get().token === token) {
      // spec 1 §4 / ADR 0026: a full deposit refund (ACCOUNT_DISABLED) ended this session: '您已退保 系统自动退出', then
      // /login. The message is said whichever of the screen's calls answers first (another may have cleared the session
      // already, without it); the session is cleared and the move made once.
      session.clear();
      navigate('/login', { replace: true });
    }
  }
  return err;
}

/** Refusals that end or hold the agent's session, handled here whatever the caller asked (only with a token sent). */
const SESSION_REFUSALS: readonly string[] = ['ACCOUNT_DISABLED', 'PASSWORD_CHANGE_REQUIRED', 'PAY_PASSWORD_NOT_SET'];
