import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginOut } from '@shop/contract/session';
import { ApiError, call } from './api.js';
import { classifyError, createQueryClient, isTransient } from './query.js';

const reply = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** What the api client throws for a given way of failing, classified. */
async function failureOf(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const err = await call(loginOut, {}, { silent: true }).catch((e: unknown) => e);
  return classifyError(err);
}

describe('error classification (say truthfully why a screen could not load)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('no connection reads 网络已断开', async () => {
    expect(await failureOf(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))).toEqual({ kind: 'offline', message: '网络已断开' });
  });

  it('no answer within the time limit reads 加载超时', async () => {
    vi.useFakeTimers();
    const hang = vi.fn((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    const failure = failureOf(hang);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await failure).toEqual({ kind: 'timeout', message: '加载超时' });
  });

  it.each([500, 502, 404])('HTTP %i reads 服务器错误, never a business answer', async (status) => {
    expect(await failureOf(reply(status, {}))).toEqual({ kind: 'server', message: '服务器错误' });
  });

  it("a refusal is the server's own answer", async () => {
    const refused = reply(200, { errorType: 'ORDER_NOT_FOUND', errorTypeBoolean: false, msg: '订单不存在' });
    expect(await failureOf(refused)).toEqual({ kind: 'refused', message: '订单不存在' });
  });

  it('anything else is 加载失败', () => {
    expect(classifyError(new Error('boom'))).toEqual({ kind: 'unknown', message: '加载失败' });
  });
});

describe('query client retries', () => {
  const retry = createQueryClient().getDefaultOptions().queries!.retry as (n: number, err: Error) => boolean;

  it('tries once more after a lost connection or a timeout', () => {
    expect(retry(0, new ApiError('OFFLINE', '网络已断开', 0))).toBe(true);
    expect(retry(0, new ApiError('TIMEOUT', '加载超时', 0))).toBe(true);
    expect(retry(1, new ApiError('OFFLINE', '网络已断开', 0))).toBe(false);
  });

  it('never retries a refusal or a server error', () => {
    expect(retry(0, new ApiError('ORDER_NOT_FOUND', '订单不存在', 200))).toBe(false);
    expect(retry(0, new ApiError('SERVER_ERROR', '服务器请求异常', 500))).toBe(false);
    expect(isTransient(new Error('x'))).toBe(false);
  });
});
