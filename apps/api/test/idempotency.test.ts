import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adjustAgentBalance,
  errorCatalogue,
  freezeStore,
  IDEMPOTENCY_MESSAGES,
  INCOME_CHANGE,
  orderPayment,
  payBondManage,
  payBondManageByWxPayBefore,
  saveAgentWithdrawCashApply,
  saveAgentWithdrawOut,
  saveOrderInfo,
  submitApplicationsForPersonal,
  thawAgentStoreFrozenRecord,
} from '@shop/contract';
import { iso } from '../src/lib/clock.js';
import { moveBalance } from '../src/modules/ledger/ledger.repository.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { useTestApp } from './helpers/app.js';
import { addAddress, addProduct, ledgerHolds, stockOf } from './helpers/shop-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

// ADR 0023: an idempotency key is stored with a fingerprint of the request (the Stripe rule).
const t = useTestApp();
const REUSED = errorCatalogue.IDEMPOTENCY_KEY_REUSED;
const PAY = '123456';

const row = (id: number) => t.db.kysely.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const income = async (id: number) => Number((await row(id)).lave_income);
const store = async (id: number) => Number((await row(id)).last_store);
const transfersFrom = (id: number) => t.db.kysely.selectFrom('transfers').selectAll().where('from_agent_id', '=', id).execute();

/** A sender with a payment password and 100.00 of total score, moved in through the ledger (a change record). */
async function sender() {
  const a = await newAgent(t, { payPassword: PAY });
  await t.db.kysely.transaction().execute((trx) =>
    moveBalance(trx, { platId: t.config.platId, agentId: a.id, account: 'totalScore', amount: 10_000, changeState: INCOME_CHANGE.manualAdd, orderCode: null, remark: '测试', at: iso(t.clock.now()) }),
  );
  return a;
}

const transfer = (token: string, to: { phone: string }, yuan: string, key: string | undefined, payPassword = PAY) =>
  t.call(saveAgentWithdrawOut, { toAgentPhone: to.phone, rechargeMoney: yuan, transferType: 1, payPassword, idempotencyKey: key }, { token });

describe('transfer with an idempotency key', () => {
  it('the review case: key K to X for 1, then key K to Y for 2, is refused and moves nothing more', async () => {
    const [a, x, y] = [await sender(), await newAgent(t), await newAgent(t)];
    const first = await transfer(a.token, x, '1', 'K');
    expect(first.body).toMatchObject({ errorType: 'SUCCESS', msg: '转款成功' });
    const second = await transfer(a.token, y, '2', 'K');
    expect(second.body).toMatchObject({ errorType: 'IDEMPOTENCY_KEY_REUSED', msg: '该请求编号已用于另一笔提交，请刷新页面后重试' });
    expect([await income(a.id), await income(x.id), await income(y.id)]).toEqual([9_900, 100, 0]);
    expect(await transfersFrom(a.id)).toHaveLength(1);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('the same key with the same content answers the first record and moves nothing twice', async () => {
    const [a, x] = [await sender(), await newAgent(t)];
    const first = await transfer(a.token, x, '3', 'same');
    const again = await transfer(a.token, x, '3', 'same');
    expect(again.body).toMatchObject({ errorType: 'SUCCESS', msg: '转款成功' });
    expect(again.body.obj).toEqual(first.body.obj);
    expect([await income(a.id), await income(x.id)]).toEqual([9_700, 300]);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('10 submissions with one key at once: one transfer, all answer it', async () => {
    const [a, x] = [await sender(), await newAgent(t)];
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 10 }, () => transfer(a.token, x, '5', key)));
    expect(replies.map((r) => r.body.errorType)).toEqual(Array(10).fill('SUCCESS'));
    expect(new Set(replies.map((r) => r.body.obj.id)).size).toBe(1);
    expect([await income(a.id), await income(x.id)]).toEqual([9_500, 500]);
    expect(await transfersFrom(a.id)).toHaveLength(1);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('a refused attempt (wrong payment password) keeps no key: the same key then goes through once', async () => {
    const [a, x] = [await sender(), await newAgent(t)];
    const wrong = await transfer(a.token, x, '1', 'retry', '654321');
    expect(wrong.body.errorType).not.toBe('SUCCESS');
    expect(await income(a.id)).toBe(10_000);
    const right = await transfer(a.token, x, '1', 'retry');
    expect(right.body).toMatchObject({ errorType: 'SUCCESS' });
    expect([await income(a.id), await income(x.id)]).toEqual([9_900, 100]);
    const kept = await t.db.kysely.selectFrom('idempotency_keys').selectAll().where('actor_id', '=', a.id).execute();
    expect(kept).toHaveLength(1);
    // Never the payment password, not even hashed: the fingerprint is of the content only.
    expect(JSON.stringify(kept)).not.toContain(PAY);
  });

  it('one key of one agent does not bind another agent', async () => {
    const [a, b, x] = [await sender(), await sender(), await newAgent(t)];
    expect((await transfer(a.token, x, '1', 'shared')).body.errorType).toBe('SUCCESS');
    expect((await transfer(b.token, x, '2', 'shared')).body.errorType).toBe('SUCCESS');
    expect([await income(a.id), await income(b.id), await income(x.id)]).toEqual([9_900, 9_800, 300]);
  });

  it('a missing key is refused by the contract, with the Chinese message, and moves nothing', async () => {
    const [a, x] = [await sender(), await newAgent(t)];
    const reply = await transfer(a.token, x, '1', undefined);
    expect(reply.body.msg).toBe(IDEMPOTENCY_MESSAGES.required);
    expect((await transfer(a.token, x, '1', '   ')).body.msg).toBe(IDEMPOTENCY_MESSAGES.required);
    expect([await income(a.id), await income(x.id)]).toEqual([10_000, 0]);
  });

  it.each([
    { op: saveOrderInfo, payload: { orderType: 1, payType: 2, addressId: 1, orderProductDetailBos: [{ singleProdId: 1, buyNum: 1 }] } },
    { op: orderPayment, payload: { id: 1, payType: 6 } },
    { op: saveAgentWithdrawCashApply, payload: { bondMoney: '100', accountId: 1 } },
    { op: payBondManage, payload: { bondMoney: '1', payType: 3 } },
    { op: payBondManageByWxPayBefore, payload: { bondMoney: '1', payType: 2 } },
    { op: submitApplicationsForPersonal, payload: { rechargeMoney: '1', payType: 3 } },
  ])('$op.name without a key is refused by its schema', async ({ op, payload }) => {
    const a = await sender();
    const reply = await t.call(op, { ...payload, idempotencyKey: undefined }, { token: a.token });
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', msg: IDEMPOTENCY_MESSAGES.required });
    expect(await income(a.id)).toBe(10_000);
  });

  it('a missing key on thawing the frozen goods fund is refused', async () => {
    const a = await newAgent(t);
    expect((await t.call(thawAgentStoreFrozenRecord, { idempotencyKey: undefined }, { token: a.token })).body.msg).toBe(IDEMPOTENCY_MESSAGES.required);
  });
});

describe('placing an order with an idempotency key', () => {
  it('the same key with other lines is refused; the stock is taken once', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const addressId = await addAddress(t, token);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const body = { orderType: 1, payType: 1, addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 2 }], idempotencyKey: 'order-1' };
    const first = await t.call(saveOrderInfo, body, { token });
    expect(first.body.errorType).toBe('SUCCESS');
    const again = await t.call(saveOrderInfo, body, { token });
    expect(again.body.obj).toEqual(first.body.obj);
    const other = await t.call(saveOrderInfo, { ...body, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 3 }] }, { token });
    expect(other.body).toMatchObject({ errorType: 'IDEMPOTENCY_KEY_REUSED', msg: REUSED });
    expect(await stockOf(t, p.singleProdId)).toBe(8);
    expect(await ledgerHolds(t)).toBe(true);
  });
});

describe('staff writes that move money carry a key', () => {
  it('adjustAgentBalance retried with one key applies once; the same key with another amount is refused', async () => {
    const staff = await staffLoginAs(t, 'caiwu');
    const a = await newAgent(t);
    const body = { agentId: a.id, account: 'store', amount: '12.34', reason: '补发货款', idempotencyKey: 'adj-1' };
    const first = await staffCall(t, adjustAgentBalance, body, { staffToken: staff });
    expect(first.body).toMatchObject({ errorType: 'SUCCESS', obj: { balanceBefore: '0.00', balanceAfter: '12.34' } });
    const again = await staffCall(t, adjustAgentBalance, body, { staffToken: staff });
    expect(again.body.obj).toEqual(first.body.obj);
    const other = await staffCall(t, adjustAgentBalance, { ...body, amount: '20' }, { staffToken: staff });
    expect(other.body).toMatchObject({ errorType: 'IDEMPOTENCY_KEY_REUSED', msg: REUSED });
    expect(await store(a.id)).toBe(1_234);
    const audits = await t.db.kysely.selectFrom('audit_logs').select('id').where('operation', '=', 'adjustAgentBalance').where('target_id', '=', a.id).execute();
    expect(audits).toHaveLength(1);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('adjustAgentBalance: 10 retries at once apply once', async () => {
    const staff = await staffLoginAs(t, 'caiwu');
    const a = await newAgent(t);
    const body = { agentId: a.id, account: 'store', amount: '1', reason: '补发', idempotencyKey: randomUUID() };
    const replies = await Promise.all(Array.from({ length: 10 }, () => staffCall(t, adjustAgentBalance, body, { staffToken: staff })));
    expect(replies.map((r) => r.body.errorType)).toEqual(Array(10).fill('SUCCESS'));
    expect(await store(a.id)).toBe(100);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('freezeStore retried with one key freezes once; the same key with another amount is refused', async () => {
    const staff = await staffLoginAs(t, 'caiwu');
    const a = await newAgent(t);
    await staffCall(t, adjustAgentBalance, { agentId: a.id, account: 'store', amount: '100', reason: '备用' }, { staffToken: staff });
    const body = { agentPhone: a.phone, frozenMoney: '10', releaseDate: '2099-01-01', remark: '风控', idempotencyKey: 'frz-1' };
    const first = await staffCall(t, freezeStore, body, { staffToken: staff });
    expect(first.body).toMatchObject({ errorType: 'SUCCESS', msg: '冻结成功' });
    const again = await staffCall(t, freezeStore, body, { staffToken: staff });
    expect(again.body.obj).toEqual(first.body.obj);
    const other = await staffCall(t, freezeStore, { ...body, frozenMoney: '20' }, { staffToken: staff });
    expect(other.body).toMatchObject({ errorType: 'IDEMPOTENCY_KEY_REUSED', msg: REUSED });
    const r = await row(a.id);
    expect([Number(r.last_store), Number(r.frozen_store)]).toEqual([9_000, 1_000]);
    expect(await t.db.kysely.selectFrom('frozen_records').select('id').where('agent_id', '=', a.id).execute()).toHaveLength(1);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('a staff submission without a key is refused', async () => {
    const staff = await staffLoginAs(t, 'caiwu');
    const a = await newAgent(t);
    const adjust = await staffCall(t, adjustAgentBalance, { agentId: a.id, account: 'store', amount: '1', reason: 'r', idempotencyKey: undefined }, { staffToken: staff });
    expect(adjust.body.msg).toBe(IDEMPOTENCY_MESSAGES.required);
    const freeze = await staffCall(t, freezeStore, { agentPhone: a.phone, frozenMoney: '1', releaseDate: '2099-01-01', idempotencyKey: undefined }, { staffToken: staff });
    expect(freeze.body.msg).toBe(IDEMPOTENCY_MESSAGES.required);
    expect(await store(a.id)).toBe(0);
  });
});
