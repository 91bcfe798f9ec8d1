import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newLogin, loginOut } from '@shop/contract/session';
import { call, ApiError } from './api.js';
import { setNavigator } from './navigation.js';
import { session } from './session.js';

const user = { suAccount: '13800000001', agentName: '张明' } as never;
const toastText = () => document.querySelector('.app-toast')?.textContent ?? null;
const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('api client (spec 1 §7, §8)', () => {
  const navigations: string[] = [];
  beforeEach(() => {
    navigations.length = 0;
    setNavigator((to) => navigations.push(to));
    session.set({ platId: 'plat-demo', token: 'tok-1', userInfo: user, openId: 'oid-1' });
    window.history.replaceState(null, '', '/orders?tabIndex=1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('posts the legacy form body with platId, in and the accessToken header, and answers the envelope', async () => {
    const fetchMock = respond(200, { errorType: 'SUCCESS', errorTypeBoolean: true, msg: '登录成功', obj: { a: 1 }, accessToken: 'x' });
    vi.stubGlobal('fetch', fetchMock);
    const reply = await call(newLogin, { suAccount: '13800000001', suPassword: 'demo1234' });
    expect(reply.accessToken).toBe('x');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/home/newLogin.do');
    const body = new URLSearchParams(init.body as URLSearchParams);
    expect(body.get('platId')).toBe('plat-demo');
    expect(JSON.parse(body.get('in')!)).toEqual({ suAccount: '13800000001', suPassword: 'demo1234' });
    expect((init.headers as Record<string, string>).accessToken).toBe('tok-1');
  });

  it('toasts a business refusal and rejects with its code', async () => {
    vi.stubGlobal('fetch', respond(200, { errorType: 'LOGIN_FAILED', errorTypeBoolean: false, msg: '账号或密码错误' }));
    await expect(call(loginOut, {})).rejects.toMatchObject({ code: 'LOGIN_FAILED', message: '账号或密码错误' });
    expect(toastText()).toBe('账号或密码错误');
  });

  it('on 401 clears the session and replaces the route with login carrying the redirect', async () => {
    vi.stubGlobal('fetch', respond(401, {}));
    await expect(call(loginOut, {})).rejects.toBeInstanceOf(ApiError);
    expect(session.get().token).toBeNull();
    expect(session.get().openId).toBe('oid-1');
    expect(navigations).toEqual(['/login?redirect=%2Forders%3FtabIndex%3D1']);
  });

  it('a session a full deposit refund ended (ACCOUNT_DISABLED) says 您已退保 系统自动退出, clears the session and goes to /login', async () => {
    vi.stubGlobal('fetch', respond(200, { errorType: 'ACCOUNT_DISABLED', errorTypeBoolean: false, msg: '您已退保 系统自动退出' }));
    await expect(call(loginOut, {}, { quiet: true })).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect(toastText()).toBe('您已退保 系统自动退出');
    expect(session.get().token).toBeNull();
    expect(session.get().userInfo).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it('on 403 toasts the expiry, clears the session and goes to login after one second', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', respond(403, {}));
    await expect(call(loginOut, {})).rejects.toMatchObject({ status: 403 });
    expect(toastText()).toBe('登录过期，请重新登录');
    expect(session.get().userInfo).toBeNull();
    expect(navigations).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(navigations).toEqual(['/login?redirect=%2Forders%3FtabIndex%3D1']);
  });

  it.each([
    [404, '网络请求不存在'],
    [500, '服务器请求异常'],
    [502, '服务器请求异常'],
  ])('HTTP %i toasts %s', async (status, text) => {
    vi.stubGlobal('fetch', respond(status, {}));
    await expect(call(loginOut, {})).rejects.toBeInstanceOf(ApiError);
    expect(toastText()).toBe(text);
  });

  it('a request without a connection says 网络已断开, not a timeout', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(call(loginOut, {})).rejects.toMatchObject({ code: 'OFFLINE', message: '网络已断开' });
    expect(toastText()).toBe('网络已断开');
  });

  it('a request that gets no answer in time says 加载超时', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    ));
    const answer = expect(call(loginOut, {})).rejects.toMatchObject({ code: 'TIMEOUT', message: '加载超时' });
    await vi.advanceTimersByTimeAsync(15_000);
    await answer;
    expect(toastText()).toBe('加载超时');
  });

  it('a silent call (a screen that shows its own error) toasts no refusal (a 5xx still toasts: api-messages.test.ts)', async () => {
    vi.stubGlobal('fetch', respond(200, { errorType: 'NOTICE_NOT_FOUND', errorTypeBoolean: false, msg: '公告不存在' }));
    await expect(call(loginOut, {}, { silent: true })).rejects.toMatchObject({ code: 'NOTICE_NOT_FOUND' });
    expect(toastText()).toBeNull();
  });
});
