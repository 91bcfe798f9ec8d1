import { ApiError, createApiClient, type Failure, type Reply } from '@shop/contract/client/api-client';
import type { Operation, OpInput } from '@shop/contract/operation';
import { staffSession } from './session.js';

export { ApiError, type Reply };

/** Where the console sends the member when the session is gone; set by the router. */
let onSessionEnd: (reason: string) => void = () => undefined;
export const whenSessionEnds = (fn: (reason: string) => void) => {
  onSessionEnd = fn;
};

const PLAT_ID = 'plat-demo';

export const platId = () => staffSession.get()?.staff.platId ?? PLAT_ID;

/** The console's calls: the shared client with header `staffToken`; failures become ApiError, no toast (screens say them). */
const client = createApiClient({
  platId,
  token: () => staffSession.get()?.token,
  tokenHeader: 'staffToken',
  timeoutMs: 30_000,
  fail: (failure, { op }) => staffFailure(failure, op),
});

/** A staff call: the legacy form body (`platId` + `in`), header `staffToken`, the envelope decoded (ApiError otherwise). */
export function call<O extends Operation>(op: O, payload: OpInput<O>): Promise<Reply<O>> {
  return client.call(op, payload);
}

/** A multipart staff call: files as parts 0, 1, ... beside `platId` and `in`. */
export function upload<O extends Operation>(op: O, files: File[], payload: OpInput<O>): Promise<Reply<O>> {
  return client.upload(op, files, payload);
}

const serverError = (status: number) => new ApiError('SERVER_ERROR', '服务器请求异常，请稍后重试', status);

async function staffFailure(failure: Failure, op: Operation): Promise<ApiError> {
  switch (failure.kind) {
    case 'timeout':
      return new ApiError('TIMEOUT', '请求超时，请重试', 0);
    case 'offline':
      return new ApiError('OFFLINE', '网络已断开，请检查网络后重试', 0);
    case 'refused':
      return new ApiError(String(failure.env.errorType), failure.env.msg || '操作失败', failure.status);
    case 'status': {
      // A wrong sign-in answers 401 too: only a staff operation's 401 ends the session.
      if (failure.status === 401 && op.auth === 'staff') return endSession('UNAUTHENTICATED', '请先登录', 401);
      if (failure.status === 403) return endSession('SESSION_EXPIRED', '登录已过期，请重新登录', 403);
      const env = await failure.envelope();
      if (env?.errorType) return new ApiError(String(env.errorType), env.msg || '操作失败', failure.status);
      return env && failure.status === 404 ? new ApiError('NOT_FOUND', '网络请求不存在', 404) : serverError(failure.status);
    }
  }
}

function endSession(code: string, message: string, status: number): ApiError {
  staffSession.set(null);
  onSessionEnd(message);
  return new ApiError(code, message, status);
}
