import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type Failure } from '../src/client/api-client.js';
import { loginOut, newLogin } from '../src/session.js';
import { uploadImgFile } from '../src/upload.js';

const envelope = (errorType: string, msg: string, extra: object = {}) =>
  JSON.stringify({ errorType, errorTypeBoolean: errorType === 'SUCCESS', msg, subMsg: '', obj: null, objs: [], ...extra });
const answer = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));

/** A client as an app sets it up, recording each failure it is handed and each loading overlay. */
function setUp(token: string | null = 'tok-1') {
  const failures: Failure[] = [];
  const overlay: string[] = [];
  const client = createApiClient<{ signal?: AbortSignal; timeoutMs?: number; blocking?: boolean }>({
    base: '',
    platId: () => 'plat-demo',
    token: () => token,
    tokenHeader: 'accessToken',
    timeoutMs: 15_000,
    busy: (opts) => {
      if (!opts.blocking) return undefined;
      overlay.push('start');
      return () => overlay.push('stop');
    },
    fail: (failure) => {
      failures.push(failure);
      return new Error(failure.kind);
    },
  });
  return { client, failures, overlay };
}

describe('the shared api client of the shop and the console (the legacy wire)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('posts platId and the payload as `in`, the token in the app\'s header, and resolves with the envelope', async () => {
    const fetchMock = answer(200, envelope('SUCCESS', '登录成功', { accessToken: 'new' }));
    vi.stubGlobal('fetch', fetchMock);
    const { client, overlay } = setUp();
    const reply = await client.call(newLogin, { suAccount: '13800000001', suPassword: 'demo1234' }, { blocking: true });
    expect(reply).toMatchObject({ msg: '登录成功', accessToken: 'new' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/home/newLogin.do');
    expect(init.method).toBe('POST');
    const body = new URLSearchParams(init.body as URLSearchParams);
    expect(body.get('platId')).toBe('plat-demo');
    expect(JSON.parse(body.get('in')!)).toEqual({ suAccount: '13800000001', suPassword: 'demo1234' });
    expect(init.headers).toMatchObject({ accessToken: 'tok-1', 'content-type': 'application/x-www-form-urlencoded' });
    expect(overlay).toEqual(['start', 'stop']);
  });

  it('sends no token header when signed out', async () => {
    const fetchMock = answer(200, envelope('SUCCESS', '操作成功'));
    vi.stubGlobal('fetch', fetchMock);
    await setUp(null).client.call(loginOut, {});
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('accessToken');
  });

  it('uploads the files as parts 0, 1 beside platId and in', async () => {
    const fetchMock = answer(200, envelope('SUCCESS', '上传成功'));
    vi.stubGlobal('fetch', fetchMock);
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })];
    await setUp().client.upload(uploadImgFile, files, {});
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const form = init.body as FormData;
    expect(form.get('platId')).toBe('plat-demo');
    expect(form.get('in')).toBe('{}');
    expect((form.get('0') as File).name).toBe('a.png');
    expect((form.get('1') as File).name).toBe('b.png');
  });

  it('hands a refusal to the app with its code and message; the overlay still closes', async () => {
    vi.stubGlobal('fetch', answer(200, envelope('LOGIN_FAILED', '账号或密码错误')));
    const { client, failures, overlay } = setUp();
    await expect(client.call(loginOut, {}, { blocking: true })).rejects.toThrow('refused');
    expect(failures[0]).toMatchObject({ kind: 'refused', status: 200, env: { errorType: 'LOGIN_FAILED', msg: '账号或密码错误' } });
    expect(overlay).toEqual(['start', 'stop']);
  });

  it('an answer outside 2xx is a status failure whose envelope is read when asked; so is a 2xx body that is no envelope', async () => {
    vi.stubGlobal('fetch', answer(404, envelope('NOT_FOUND', '网络请求不存在')));
    const { client, failures } = setUp();
    await expect(client.call(loginOut, {})).rejects.toThrow('status');
    const status = failures[0] as Extract<Failure, { kind: 'status' }>;
    expect(status.status).toBe(404);
    expect(await status.envelope()).toMatchObject({ errorType: 'NOT_FOUND' });

    vi.stubGlobal('fetch', answer(502, '<html>bad gateway</html>'));
    await expect(client.call(loginOut, {})).rejects.toThrow('status');
    expect(await (failures[1] as Extract<Failure, { kind: 'status' }>).envelope()).toBeNull();

    vi.stubGlobal('fetch', answer(200, 'not json'));
    await expect(client.call(loginOut, {})).rejects.toThrow('status');
    expect(failures[2]).toMatchObject({ kind: 'status', status: 200 });
    expect(await (failures[2] as Extract<Failure, { kind: 'status' }>).envelope()).toBeNull();
  });

  it('tells no answer in time (timeout) from no connection (offline), and gives a cancelled call its AbortError', async () => {
    const { client, failures } = setUp();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(client.call(loginOut, {})).rejects.toThrow('offline');

    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    ));
    const slow = expect(client.call(loginOut, {}, { timeoutMs: 5_000 })).rejects.toThrow('timeout');
    await vi.advanceTimersByTimeAsync(5_000);
    await slow;

    const cancel = new AbortController();
    const cancelled = client.call(loginOut, {}, { signal: cancel.signal }).catch((e: unknown) => e);
    cancel.abort();
    expect(await cancelled).toMatchObject({ name: 'AbortError' });
    expect(failures.map((f) => f.kind)).toEqual(['offline', 'timeout']);
  });
});
