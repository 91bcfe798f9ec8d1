import { describe, expect, it } from 'vitest';
import { wxGetOpenId } from '@shop/contract';
import { OfficialWechatProvider } from '../src/providers/wechat/official-wechat.js';
import { makeApp, useTestApp } from './helpers/app.js';

const t = useTestApp();
const PASSWORD = 'demo1234';
const STATE = 'a1B2c3D4e5F6g7H8';
const PAGE = 'http://localhost/settlement?from=cart';

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: t.ip });
const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');

/** The app's start: our page and its state to the authorize redirect. */
const authorize = (redirectUri: string, state = STATE) =>
  get(`/api/wx/authorize?redirect_uri=${encodeURIComponent(redirectUri)}&state=${encodeURIComponent(state)}`);

/** The whole round trip as the browser makes it: app → sandbox authorize page → back to our page with code and state. */
async function roundTrip(page = PAGE) {
  const toWechat = await authorize(page);
  expect(toWechat.statusCode).toBe(302);
  const back = await get(location(toWechat));
  expect(back.statusCode).toBe(302);
  return new URL(location(back));
}

describe('OAuth snsapi_base redirect (reference §2.4)', () => {
  it('sends the browser to the sandbox authorize step with appid, redirect_uri, response_type=code, scope=snsapi_base, state', async () => {
    const res = await authorize(PAGE);
    expect(res.statusCode).toBe(302);
    expect(location(res)).toBe(
      `/dev/wechat/authorize?appid=${t.config.wechatAppId}&redirect_uri=${encodeURIComponent(PAGE)}&response_type=code&scope=snsapi_base&state=${STATE}`,
    );
  });

  it('the official provider points at open.weixin.qq.com with #wechat_redirect', () => {
    const official = new OfficialWechatProvider('wx123', 'secret');
    expect(official.authorizeUrl('https://shop.example.com/home?a=1', STATE)).toBe(
      `https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx123&redirect_uri=${encodeURIComponent('https://shop.example.com/home?a=1')}&response_type=code&scope=snsapi_base&state=${STATE}#wechat_redirect`,
    );
  });

  it('the sandbox comes back to the page with a code and the unchanged state; the code gives an openId once', async () => {
    const back = await roundTrip();
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost/settlement');
    expect(back.searchParams.get('from')).toBe('cart');
    expect(back.searchParams.get('state')).toBe(STATE);
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^sbx_[0-9a-f]{32}$/);

    const first = await t.call(wxGetOpenId, { code });
    expect(first.body.errorType).toBe('SUCCESS');
    expect(first.body.obj.openId).toMatch(/^sandbox_[0-9a-f]{24}$/);
    // reference §2.4: a code is single-use, as WeChat's is.
    const again = await t.call(wxGetOpenId, { code });
    expect(again.body.errorTypeBoolean).toBe(false);
    expect(again.body.obj).toBeNull();
  });

  it('refuses a sandbox code that it never issued or that is older than 5 minutes', async () => {
    expect((await t.call(wxGetOpenId, { code: 'sbx_00000000000000000000000000000000' })).body.errorTypeBoolean).toBe(false);
    const back = await roundTrip();
    const realNow = Date.now;
    Date.now = () => realNow() + 5 * 60_000 + 1;
    try {
      expect((await t.call(wxGetOpenId, { code: back.searchParams.get('code')! })).body.errorTypeBoolean).toBe(false);
    } finally {
      Date.now = realNow;
    }
  });

  it('with a session, the exchange binds the openId to the agent (a remembered login inside WeChat)', async () => {
    const { token } = await t.login('13800000002', PASSWORD);
    const agentId = await t.agentIdOf('13800000002');
    const openIdOf = async () =>
      (await t.db.kysely.selectFrom('agents').select('open_id').where('id', '=', agentId).executeTakeFirstOrThrow()).open_id;
    expect(await openIdOf()).toBeNull();
    const back = await roundTrip();
    const reply = await t.call(wxGetOpenId, { code: back.searchParams.get('code')! }, { token });
    expect(reply.body.errorType).toBe('SUCCESS');
    expect(await openIdOf()).toBe(reply.body.obj.openId);
  });

  it.each([
    ['another origin', 'https://evil.example.com/settlement', STATE],
    ['a look-alike host', 'http://localhost.evil.example.com/', STATE],
    ['a script URL', 'javascript:alert(1)', STATE],
    ['a short state', PAGE, 'abc'],
    ['a state with other characters', PAGE, 'a1B2c3D4e5F6g7H8<script>'],
  ])('refuses %s with 400 and redirects nowhere', async (_name, page, state) => {
    const res = await authorize(page, state);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('the sandbox authorize step checks appid, response_type and scope, and our origin', async () => {
    const q = (o: Record<string, string>) =>
      new URLSearchParams({ appid: t.config.wechatAppId, redirect_uri: PAGE, response_type: 'code', scope: 'snsapi_base', state: STATE, ...o });
    expect((await get(`/dev/wechat/authorize?${q({})}`)).statusCode).toBe(302);
    const bads: Record<string, string>[] = [{ appid: 'wx-other' }, { scope: 'snsapi_userinfo' }, { response_type: 'token' }, { redirect_uri: 'https://evil.example.com/' }];
    for (const bad of bads) {
      const res = await get(`/dev/wechat/authorize?${q(bad)}`);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('production has no sandbox authorize step (even if it were built with the sandbox provider)', async () => {
    const prod = await makeApp({ env: { NODE_ENV: 'production' } });
    try {
      const q = new URLSearchParams({ appid: prod.config.wechatAppId, redirect_uri: PAGE, response_type: 'code', scope: 'snsapi_base', state: STATE });
      const res = await prod.app.inject({ method: 'GET', url: `/dev/wechat/authorize?${q}` });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
