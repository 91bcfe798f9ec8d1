import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginOut } from '@shop/contract/session';
import { call } from './api.js';
import { classifyError } from './query.js';
import { setNavigator } from './navigation.js';
import { session } from './session.js';

const toastText = () => document.querySelector('.app-toast')?.textContent ?? null;

// ADR 0029: the spec's 「加载超时」 and 「服务器请求异常」, and 「网络已断开」 kept for no connection.
describe('request failure messages', () => {
  beforeEach(() => {
    setNavigator(() => undefined);
    session.set({ platId: 'plat-demo', token: 'tok-1', userInfo: null, openId: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('a 5xx on a data screen (a silent query with its own retry) still toasts 服务器请求异常', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('bad gateway', { status: 502 })));
    const err = await call(loginOut, {}, { background: true, silent: true }).catch((e: unknown) => e);
    expect(toastText()).toBe('服务器请求异常');
    expect(classifyError(err)).toEqual({ kind: 'server', message: '服务器错误' });
  });

  it('no answer in time reads 加载超时 on the screen; no connection reads 网络已断开', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))));
    const slow = call(loginOut, {}, { background: true, silent: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(classifyError(await slow).message).toBe('加载超时');
    vi.useRealTimers();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(classifyError(await call(loginOut, {}, { background: true, silent: true }).catch((e: unknown) => e)).message).toBe('网络已断开');
  });
});
