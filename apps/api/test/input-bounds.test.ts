import { afterEach, describe, expect, it } from 'vitest';
import {
  adjustAgentBalance,
  improvePersonalInformation,
  saveAgentWithdrawCashApply,
  saveProductSpec,
  selectLatestApp,
  selImChatHistory,
  staffLogin,
  submitApplicationsForPersonal,
  WIRE_MESSAGES,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { staffCall, STAFF_PASSWORD } from './helpers/staff-fixture.js';
import { agentSocket, isEvent, listening, staffSocket, type ChatSocket } from './chat-socket.js';

const t = useTestApp();
const page = { pageNum: 1, pageSize: 10 };
const CJK = /[\u4e00-\u9fff]/;

const open: ChatSocket[] = [];
const keep = (s: ChatSocket) => (open.push(s), s);
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const staffToken = async (username: string) => {
  const reply = await staffCall(t, staffLogin, { username, password: STAFF_PASSWORD });
  if (reply.body?.errorType !== 'SUCCESS') throw new Error(`staff login ${username}: ${reply.text}`);
  return reply.body.staffToken as string;
};

/** `[[[ ... ]]]` nested n deep, built without recursion. */
function deepArray(n: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < n; i++) v = [v];
  return v;
}

/** The JSON text of `[[[ ... ]]]` n deep (JSON.stringify itself runs out of stack on it). */
const deepText = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** A call whose `in` is the given JSON text, as a form body or inside a JSON body. */
async function rawCall(path: string, inText: string, kind: 'form' | 'json', token?: string) {
  const payload =
    kind === 'form'
      ? `platId=${t.config.platId}&in=${encodeURIComponent(inText)}`
      : `{"platId":${JSON.stringify(t.config.platId)},"in":${inText}}`;
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: t.ip,
    headers: { 'content-type': kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json', ...(token ? { accessToken: token } : {}) },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('input bounds of `in` (ADR 0002): refused in Chinese, never a server error', () => {
  it('refuses an array nested 10,000 deep, in a form body and in a JSON body', async () => {
    const me = await newAgent(t);
    const text = `{"phonePage":{"pageNum":1,"pageSize":10},"noticeName":${deepText(10_000)}}`;
    for (const kind of ['form', 'json'] as const) {
      const r = await rawCall(selectLatestApp.path, text, kind, me.token);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ errorType: 'VALIDATION', msg: WIRE_MESSAGES.tooDeep });
      // Before any login check: an anonymous caller gets the same refusal, not a server error.
      expect((await rawCall(selectLatestApp.path, text, kind)).body.msg).toBe(WIRE_MESSAGES.tooDeep);
    }
  });

  it('refuses 100,000 keys, and 100,000 items of a list', async () => {
    const me = await newAgent(t);
    const wide: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) wide[i.toString(36)] = 0;
    const keys = await t.callJson(selectLatestApp, { platId: t.config.platId, in: wide }, { token: me.token });
    expect(keys.status).toBe(200);
    expect(keys.body).toMatchObject({ errorType: 'VALIDATION', msg: WIRE_MESSAGES.tooLarge });
    const items = await t.callJson(selectLatestApp, { platId: t.config.platId, in: { phonePage: page, x: new Array(100_000).fill(0) } }, { token: me.token });
    expect(items.body).toMatchObject({ errorType: 'VALIDATION', msg: WIRE_MESSAGES.tooLarge });
  });

  it('lets ordinary inputs through: 20 levels deep and a list of 10,000 (a code assignment)', async () => {
    const me = await newAgent(t);
    const ok = await t.call(selectLatestApp, { phonePage: page, extra: deepArray(20), codes: new Array(10_000).fill('c') }, { token: me.token });
    expect(ok.body.errorType).toBe('SUCCESS');
  });

  it('refuses a NUL in a key or a nested text', async () => {
    const me = await newAgent(t);
    expect((await t.call(selectLatestApp, { phonePage: page, noticeName: 'a\u0000b' }, { token: me.token })).body.msg).toBe(WIRE_MESSAGES.nul);
    expect((await t.call(selectLatestApp, { phonePage: page, ['k\u0000']: 1 }, { token: me.token })).body.msg).toBe(WIRE_MESSAGES.nul);
  });
});

describe('chat socket frames get the same checks (ADR 0002)', () => {
  it('refuses a NUL in an agent message and in a staff reply, stores neither, and keeps the socket open', async () => {
    const base = await listening(t.app);
    const staff = keep(await staffSocket(base, await staffToken('admin')));
    const agent = await newAgent(t);
    const a = keep(await agentSocket(base, agent.id, agent.token));
    const hello = await a.next(isEvent('sayHello'));

    a.send({ type: 'message', clientMsgId: 'n-1', msgType: 0, content: '你好\u0000' });
    expect(await a.next(isEvent('error'))).toMatchObject({ msg: WIRE_MESSAGES.nul, clientMsgId: 'n-1' });
    staff.send({ type: 'reply', chatId: hello.data.chatId, clientMsgId: 's-1', msgType: 0, content: '收到\u0000' });
    expect(await staff.next(isEvent('error'))).toMatchObject({ msg: WIRE_MESSAGES.nul });
    a.send({ type: 'message', clientMsgId: 'd-1', msgType: 0, content: deepArray(100) });
    expect(await a.next(isEvent('error'))).toMatchObject({ msg: WIRE_MESSAGES.tooDeep });

    // The sockets still work, and only the clean message is stored.
    a.send({ type: 'message', clientMsgId: 'n-2', msgType: 0, content: '你好' });
    expect((await a.next(isEvent('ack'))).clientMsgId).toBe('n-2');
    const history = await t.call(selImChatHistory, {}, { token: agent.token });
    expect(history.body.objs.map((m: { clientMsgId: string }) => m.clientMsgId)).toEqual(['n-2']);
  });
});

describe('refusals are Chinese (review 1.8)', () => {
  it('an idempotency key of 65 characters', async () => {
    const me = await newAgent(t);
    const r = await t.call(saveAgentWithdrawCashApply, { bondMoney: '1', accountId: 1, idempotencyKey: 'k'.repeat(65) }, { token: me.token });
    expect(r.body.errorType).toBe('VALIDATION');
    expect(r.body.msg).toMatch(CJK);
    expect(r.body.msg).not.toMatch(/[A-Za-z]/);
  });

  it('accountId "x" on submitApplicationsForPersonal', async () => {
    const me = await newAgent(t);
    const r = await t.call(submitApplicationsForPersonal, { payType: 3, rechargeMoney: '100', accountId: 'x', idempotencyKey: 'k-acc' }, { token: me.token });
    expect(r.body).toMatchObject({ errorType: 'VALIDATION', msg: '收款账户格式不正确' });
  });

  it('a head image link of 301 characters', async () => {
    const me = await newAgent(t);
    const r = await t.call(improvePersonalInformation, { agentName: '张三', phone: '13900000000', headImgUrl: `/api/${'a'.repeat(296)}` }, { token: me.token });
    expect(r.body).toMatchObject({ errorType: 'VALIDATION', msg: '头像地址不能超过300个字符' });
  });
});

describe('staff amounts are as strict as the agents\' (review 1.6)', () => {
  const BAD = [' - 5', '5.', '1e3', '0x10', '5.001', '--5', '5 5'];

  it.each(BAD)('adjustAgentBalance refuses %j on goods fund and points, and nothing changes', async (amount) => {
    const admin = await staffToken('admin');
    const a = await newAgent(t);
    const before = await t.db.kysely.selectFrom('agents').select(['last_store', 'lave_integral']).where('id', '=', a.id).executeTakeFirstOrThrow();
    for (const account of ['store', 'income', 'integral']) {
      const r = await staffCall(t, adjustAgentBalance, { agentId: a.id, account, amount, reason: '测试', idempotencyKey: `k-${account}-${amount}` }, { staffToken: admin });
      expect(r.body.errorType).toBe('VALIDATION');
      expect(r.body.msg).toMatch(account === 'integral' ? /^积分须为整数/ : /^请输入正确的金额/);
    }
    expect(await t.db.kysely.selectFrom('agents').select(['last_store', 'lave_integral']).where('id', '=', a.id).executeTakeFirstOrThrow()).toEqual(before);
    const records = await t.db.kysely.selectFrom('account_changes').select('id').where('agent_id', '=', a.id).execute();
    expect(records).toEqual([]);
  });

  it('a negative amount only where it is allowed: an adjustment takes -5, a price does not', async () => {
    const admin = await staffToken('admin');
    const a = await newAgent(t);
    await staffCall(t, adjustAgentBalance, { agentId: a.id, account: 'store', amount: '10', reason: '测试', idempotencyKey: 'k-up' }, { staffToken: admin });
    const down = await staffCall(t, adjustAgentBalance, { agentId: a.id, account: 'store', amount: '-5', reason: '测试', idempotencyKey: 'k-down' }, { staffToken: admin });
    expect(down.body).toMatchObject({ errorType: 'SUCCESS', obj: { balanceAfter: '5.00' } });
    const spec = { prodId: 1, specName: '规格', retailPrice: '-5', gradePrices: [{ gradeId: 1, price: '8' }], weight: 100 };
    for (const retailPrice of ['-5', ...BAD]) {
      const r = await staffCall(t, saveProductSpec, { ...spec, retailPrice }, { staffToken: admin });
      expect(r.body).toMatchObject({ errorType: 'VALIDATION', msg: '请输入正确的零售价（大于0，最多两位小数）' });
    }
  });
});
