import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenStore } from '../src/modules/notification/notification-sender.js';
import { OfficialTemplateProvider } from '../src/providers/wechat-template/official-template.js';
import { useTestApp } from './helpers/app.js';

const t = useTestApp();

/** A fake api.weixin.qq.com: cgi-bin/token hands out tok-1, tok-2, …; template/send answers what the test queues. */
let server: Server;
let base = '';
const seen: { path: string; token?: string; body?: any }[] = [];
let tokens = 0;
let answers: { errcode: number; errmsg: string; msgid?: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/cgi-bin/token') {
        tokens += 1;
        seen.push({ path: url.pathname, body: Object.fromEntries(url.searchParams) });
        return res.end(JSON.stringify({ access_token: `tok-${tokens}`, expires_in: 7200 }));
      }
      if (url.pathname === '/cgi-bin/message/template/send') {
        seen.push({ path: url.pathname, token: url.searchParams.get('access_token') ?? '', body: JSON.parse(raw) });
        return res.end(JSON.stringify(answers.shift() ?? { errcode: 0, errmsg: 'ok', msgid: 200228332 }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const request = (eventKey: string) => ({ eventKey, openId: 'o_agent', templateId: 'TPL_1', url: 'https://shop.example/totalTxRecord?tab=1', data: { first: '提现已打款', keyword1: '100.00元' } });

describe('the official template adapter against a fake WeChat (ADR 0037)', () => {
  it('gets a token once, shares it through the database, sends; 40001 refreshes once and sends again; 43004 is final', async () => {
    const appId = `wx_${Date.now()}`;
    const store = tokenStore(t.db.kysely);
    const now = () => t.clock.now();
    const a = new OfficialTemplateProvider({ appId, appSecret: 'secret', base, now });
    const b = new OfficialTemplateProvider({ appId, appSecret: 'secret', base, now });
    seen.length = 0;
    const before = tokens;

    // Two processes at once: one refreshes (compare-and-set on the row), the other waits for its token.
    const [r1, r2] = await Promise.all([a.send(request('k1'), store), b.send(request('k2'), store)]);
    expect(r1).toEqual({ ok: true, msgId: '200228332' });
    expect(r2.ok).toBe(true);
    expect(tokens - before).toBe(1);
    const tokenCall = seen.find((s) => s.path === '/cgi-bin/token')!;
    expect(tokenCall.body).toEqual({ grant_type: 'client_credential', appid: appId, secret: 'secret' });
    const sends = seen.filter((s) => s.path === '/cgi-bin/message/template/send');
    expect(sends.map((s) => s.token)).toEqual([`tok-${before + 1}`, `tok-${before + 1}`]);
    expect(sends[0]!.body).toEqual({ touser: 'o_agent', template_id: 'TPL_1', url: 'https://shop.example/totalTxRecord?tab=1', data: { first: { value: '提现已打款' }, keyword1: { value: '100.00元' } } });
    const row = await t.db.kysely.selectFrom('wechat_access_tokens').selectAll().where('app_id', '=', appId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ token: `tok-${before + 1}`, refresh_until: null });
    expect(Date.parse(row.expires_at) - t.clock.now().getTime()).toBe(7200 * 1000);

    // The token was replaced elsewhere: 40001, one refresh, the same message sent again with the new token.
    seen.length = 0;
    answers = [{ errcode: 40001, errmsg: 'invalid credential' }];
    expect(await a.send(request('k3'), store)).toEqual({ ok: true, msgId: '200228332' });
    expect(seen.map((s) => s.path)).toEqual(['/cgi-bin/message/template/send', '/cgi-bin/token', '/cgi-bin/message/template/send']);
    expect(seen[2]!.token).toBe(`tok-${before + 2}`);
    // The other process reads the new token from the database: no refresh of its own.
    seen.length = 0;
    expect((await b.send(request('k4'), store)).ok).toBe(true);
    expect(seen.map((s) => s.token)).toEqual([`tok-${before + 2}`]);

    // 42001 twice (refreshed and still refused): retried later, not in a loop.
    answers = [{ errcode: 42001, errmsg: 'access_token expired' }, { errcode: 42001, errmsg: 'access_token expired' }];
    expect(await a.send(request('k5'), store)).toMatchObject({ ok: false, retry: true, code: '42001' });
    // 43004: the agent unsubscribed; never retried.
    answers = [{ errcode: 43004, errmsg: 'require subscribe' }];
    expect(await a.send(request('k6'), store)).toMatchObject({ ok: false, retry: false, code: '43004' });
    // Anything else (a WeChat system error): retried with back-off.
    answers = [{ errcode: -1, errmsg: 'system error' }];
    expect(await a.send(request('k7'), store)).toMatchObject({ ok: false, retry: true, code: '-1' });

    // An expired token (clock past expiry minus five minutes) is refreshed before sending.
    t.clock.advance(7200 * 1000 - 4 * 60_000);
    seen.length = 0;
    expect((await a.send(request('k8'), store)).ok).toBe(true);
    expect(seen.map((s) => s.path)).toEqual(['/cgi-bin/token', '/cgi-bin/message/template/send']);
  });
});
