import type * as z from 'zod/mini';
import { isSuccess, type Envelope } from '@shop/contract/envelope';
import type { Operation, OpInput } from '@shop/contract/operation';
import { staffSession } from './session.js';

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

/** Where the console sends the member when the session is gone; set by the router. */
let onSessionEnd: (reason: string) => void = () => undefined;
export const whenSessionEnds = (fn: (reason: string) => void) => {
  onSessionEnd = fn;
};

const TIMEOUT_MS = 30_000;
const PLAT_ID = 'plat-demo';

export const platId = () => staffSession.get()?.staff.platId ?? PLAT_ID;

/** A staff call: the legacy form body (`platId` + `in`), header `staffToken`, the envelope decoded (ApiError otherwise). */
export function call<O extends Operation>(op: O, payload: OpInput<O>): Promise<Reply<O>> {
  const body = new URLSearchParams({ platId: platId(), in: JSON.stringify(payload ?? {}) });
  return send(op, body, { 'content-type': 'application/x-www-form-urlencoded' });
}

/** A multipart staff call: files as parts 0, 1, ... beside `platId` and `in`. */
export function upload<O extends Operation>(op: O, files: File[], payload: OpInput<O>): Promise<Reply<O>> {
  const form = new FormData();
  form.set('platId', platId());
  form.set('in', JSON.stringify(payload ?? {}));
  files.forEach((file, i) => form.set(String(i), file, file.name));
  return send(op, form, {});
}

async function fetchOp(op: Operation, body: BodyInit, headers: Record<string, string>): Promise<Response> {
  const token = staffSession.get()?.token;
  if (token) headers.staffToken = token;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(op.path, { method: 'POST', body, headers, signal: timeout });
  } catch {
    throw timeout.aborted ? new ApiError('TIMEOUT', '请求超时，请重试', 0) : new ApiError('OFFLINE', '网络已断开，请检查网络后重试', 0);
  }
  if (res.status === 401 && op.auth === 'staff') {
    staffSession.set(null);
    onSessionEnd('请先登录');
    throw new ApiError('UNAUTHENTICATED', '请先登录', 401);
  }
  if (res.status === 403) {
    staffSession.set(null);
    onSessionEnd('登录已过期，请重新登录');
    throw new ApiError('SESSION_EXPIRED', '登录已过期，请重新登录', 403);
  }
  return res;
}

async function decode<O extends Operation>(res: Response): Promise<Reply<O>> {
  let env: Envelope;
  try {
    env = (await res.json()) as Envelope;
  } catch {
    throw new ApiError('SERVER_ERROR', '服务器请求异常，请稍后重试', res.status);
  }
  if (res.status === 404 && !env?.errorType) throw new ApiError('NOT_FOUND', '网络请求不存在', 404);
  if (!isSuccess(env)) throw new ApiError(String(env.errorType), env.msg || '操作失败', res.status);
  return env as unknown as Reply<O>;
}

async function send<O extends Operation>(op: O, body: BodyInit, headers: Record<string, string>): Promise<Reply<O>> {
  return decode<O>(await fetchOp(op, body, headers));
}
