import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  agentInformationRefresh,
  editPasswordBySuId,
  editPayPassword,
  newLogin,
  orderPayment,
  payBondManage,
  resetAgentPassword,
  saveAccount,
  saveAgentWithdrawCashApply,
  saveAgentWithdrawOut,
  saveOrderInfo,
  selectMyAccoutInfo,
  sendSMSCode,
  staffLogin,
} from '@shop/contract';
import { moveBalance } from '../src/modules/ledger/ledger.repository.js';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { addAddress, addProduct, ledgerHolds } from './helpers/shop-fixture.js';
import { STAFF_PASSWORD, staffCall } from './helpers/staff-fixture.js';
import { SECOND } from './helpers/time.js';

// ADR 0024: staff resets without takeover, a payment password before any money leaves, a lockout that counts failures.
const t = useTestApp();

let kefu: Promise<string> | null = null;
const kefuToken = () =>
  (kefu ??= staffCall(t, staffLogin, { username: 'kefu', password: STAFF_PASSWORD }).then((r) => {
    if (r.body.errorType !== 'SUCCESS') throw new Error(`staff login kefu: ${r.text}`);
    return r.body.staffToken as string;
  }));

/** The newest SMS to a phone as the local provider keeps it (GET /dev/sms-outbox). */
async function outbox(phone: string) {
  const res = await t.app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${phone}` });
  return res.statusCode === 200 ? (res.json() as { purpose?: string; password?: string; code?: string }) : null;
}

const agentRow = (id: number) => t.db.kysely.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const balancesOf = async (id: number) => {
  const r = await agentRow(id);
  return { store: Number(r.last_store), income: Number(r.lave_income), points: Number(r.lave_integral), bond: Number(r.bond_money), apply: Number(r.apply_income) };
};

async function credit(agentId: number, account: 'store' | 'totalScore' | 'integral', amount: number) {
  await t.db.kysely.transaction().execute((trx) =>
    moveBalance(trx, { platId: t.config.platId, agentId, account, amount, changeState: 11, orderCode: null, remark: '测试', at: t.clock.now().toISOString() }),
  );
}

describe('staff password reset (resetAgentPassword, ADR 0024)', () => {
  it('sends a one-time password by SMS only, ends the sessions, and the next login must set a new password first', async () => {
    const a = await newAgent(t);
    const staffToken = await kefuToken();
    // Staff can no longer choose the password: a password field is not part of the operation.
    const reset = await staffCall(t, resetAgentPassword, { agentId: a.id, password: 'Secret99', reason: '本人来电忘记密码' }, { staffToken });
    expect(reset.body).toMatchObject({ errorType: 'SUCCESS', obj: { agentId: a.id, phone: `${a.phone.slice(0, 3)}****${a.phone.slice(7)}` } });
    const sms = await outbox(a.phone);
    expect(sms?.purpose).toBe('one_time_password');
    const otp = sms!.password!;
    expect(otp).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(reset.text).not.toContain(otp);
    expect(await t.login(a.phone, 'Secret99').catch(() => 'refused')).toBe('refused');

    // Old sessions and the old password end at the reset.
    expect((await t.call(selectMyAccoutInfo, {}, { token: a.token })).status).toBe(401);
    expect((await t.call(newLogin, { suAccount: a.phone, suPassword: 'demo1234' })).body.errorType).toBe('LOGIN_FAILED');
    const audits = await t.db.kysely.selectFrom('audit_logs').selectAll().where('operation', '=', 'resetAgentPassword').where('target_id', '=', a.id).execute();
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(otp);

    // The one-time login succeeds, says a new password is due, and allows nothing else.
    const login = await t.call(newLogin, { suAccount: a.phone, suPassword: otp });
    expect(login.body).toMatchObject({ errorType: 'SUCCESS', mustChangePassword: true });
    const token = login.body.accessToken as string;
    const refused = await t.call(selectMyAccoutInfo, {}, { token });
    expect(refused.body).toMatchObject({ errorType: 'PASSWORD_CHANGE_REQUIRED', msg: '请先设置新的登录密码' });
    const transfer = await t.call(saveAgentWithdrawOut, { toAgentPhone: '13800000004', rechargeMoney: '1', transferType: 1, payPassword: '123456', idempotencyKey: randomUUID() }, { token });
    expect(transfer.body.errorType).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await t.call(agentInformationRefresh, {}, { token })).body.obj.agentId).toBe(a.id);

    // Setting the new password (the current one is the one-time password) ends that session too.
    const changed = await t.call(editPasswordBySuId, { suPassword: otp, newPassword: 'mine2026' }, { token });
    expect(changed.body.errorType).toBe('SUCCESS');
    expect((await t.call(selectMyAccoutInfo, {}, { token })).status).toBe(401);
    expect((await t.call(newLogin, { suAccount: a.phone, suPassword: otp })).body.errorType).toBe('LOGIN_FAILED');
    const again = await t.call(newLogin, { suAccount: a.phone, suPassword: 'mine2026' });
    expect(again.body).toMatchObject({ errorType: 'SUCCESS', mustChangePassword: false });
    expect((await t.call(selectMyAccoutInfo, {}, { token: again.body.accessToken as string })).body.errorType).toBe('SUCCESS');
  });
});

describe('no money leaves without a payment password (ADR 0024)', () => {
  it('refuses deposit from total score, withdrawal, transfer, total-score checkout and order payment from the goods fund or total score; nothing moves', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 1, needBond: 1, incomeFen: 500_000, payPassword: null });
    await credit(a.agentId, 'store', 100_000);
    const before = await balancesOf(a.agentId);
    const notSet = { errorType: 'PAY_PASSWORD_NOT_SET', msg: '请先设置支付密码' };

    // Deposit from total score (while it is due), before buying opens.
    expect((await t.call(payBondManage, { bondMoney: '1000.00', payType: 3, payPassword: '123456', idempotencyKey: randomUUID() }, { token: a.token })).body).toMatchObject(notSet);
    await t.db.kysely.updateTable('agents').set({ is_need_bond_status: 0 }).where('id', '=', a.agentId).execute();

    const acc = await t.call(saveAccount, { bankDicId: 1, bankDicName: '中国银行', subBankName: '深圳分行', accountName: '王芳', accountNumber: '6217000011113333' }, { token: a.token });
    expect(acc.body.errorType).toBe('SUCCESS');
    const accountId = Number((await t.db.kysely.selectFrom('collection_accounts').select('id').where('agent_id', '=', a.agentId).executeTakeFirstOrThrow()).id);
    expect((await t.call(saveAgentWithdrawCashApply, { bondMoney: '100', accountId, payPassword: '123456', idempotencyKey: randomUUID() }, { token: a.token })).body).toMatchObject(notSet);
    expect((await t.call(saveAgentWithdrawOut, { toAgentPhone: '13800000004', rechargeMoney: '10', transferType: 1, payPassword: '123456', idempotencyKey: randomUUID() }, { token: a.token })).body).toMatchObject(notSet);

    const addressId = await addAddress(t, a.token);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    // Total score at placement: refused before the order exists.
    const byIncome = await t.call(saveOrderInfo, { orderType: 1, payType: 3, addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }], payPassword: '123456', idempotencyKey: randomUUID() }, { token: a.token });
    expect(byIncome.body).toMatchObject(notSet);
    const placed = await t.call(saveOrderInfo, { orderType: 1, payType: 1, addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }], idempotencyKey: randomUUID() }, { token: a.token });
    expect(placed.body.errorType).toBe('SUCCESS');
    expect((await t.call(orderPayment, { id: placed.body.obj.id, payType: 1, payPassword: '123456', idempotencyKey: randomUUID() }, { token: a.token })).body).toMatchObject(notSet);
    expect((await t.call(orderPayment, { id: placed.body.obj.id, payType: 7, payPassword: '123456', idempotencyKey: randomUUID() }, { token: a.token })).body).toMatchObject(notSet);

    expect(await balancesOf(a.agentId)).toEqual(before);
    const order = await t.db.kysely.selectFrom('orders').select('circulation_state').where('id', '=', placed.body.obj.id).executeTakeFirstOrThrow();
    expect(Number(order.circulation_state)).toBe(1);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('sets the first payment password only with the SMS code sent to the agent’s own phone', async () => {
    const a = await newAgent(t);
    expect((await t.call(editPayPassword, { newPayPassword: '246810' }, { token: a.token })).body.errorType).not.toBe('SUCCESS');
    expect((await agentRow(a.id)).pay_password_hash).toBeNull();
    t.clock.advance(61 * SECOND);
    expect((await t.call(sendSMSCode, { funcType: 6, suPhone: a.phone }, { token: a.token })).body.errorType).toBe('SUCCESS');
    const code = (await outbox(a.phone))!.code!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await t.call(editPayPassword, { suPhone: a.phone, smsCode: wrong, newPayPassword: '246810' }, { token: a.token })).body.msg).toBe('验证码输入不正确');
    const set = await t.call(editPayPassword, { suPhone: a.phone, smsCode: code, newPayPassword: '246810' }, { token: a.token });
    expect(set.body).toMatchObject({ errorType: 'SUCCESS', obj: { payPassword: true } });
    expect((await agentRow(a.id)).pay_password_hash).not.toBeNull();
  });
});

describe('the payment-password lockout counts failures only (ADR 0024)', () => {
  const transfer = (token: string, payPassword: string) =>
    t.call(saveAgentWithdrawOut, { toAgentPhone: '13800000004', rechargeMoney: '1', transferType: 1, payPassword, idempotencyKey: randomUUID() }, { token });

  it('80 transfers with the right password in parallel: none is locked, all go through', async () => {
    const a = await newAgent(t, { payPassword: '135790' });
    await credit(a.id, 'totalScore', 10_000);
    const replies = await Promise.all(Array.from({ length: 80 }, () => transfer(a.token, '135790')));
    expect(replies.filter((r) => r.body.errorType === 'PAY_PASSWORD_LOCKED')).toHaveLength(0);
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(80);
    expect((await balancesOf(a.id)).income).toBe(10_000 - 80 * 100);
    expect(await ledgerHolds(t)).toBe(true);
  }, 60_000);

  it('5 wrong passwords lock, the right one is then refused; 4 wrong and the right one start again from zero', async () => {
    const a = await newAgent(t, { payPassword: '135790' });
    await credit(a.id, 'totalScore', 10_000);
    for (let i = 1; i <= 4; i++) expect((await transfer(a.token, '000000')).body.msg).toBe(`密码错误，还可输入${5 - i}次`);
    expect((await transfer(a.token, '135790')).body.errorType).toBe('SUCCESS');
    for (let i = 1; i <= 4; i++) expect((await transfer(a.token, '000000')).body.msg).toBe(`密码错误，还可输入${5 - i}次`);
    expect((await transfer(a.token, '000000')).body.errorType).toBe('PAY_PASSWORD_LOCKED');
    expect((await transfer(a.token, '135790')).body.errorType).toBe('PAY_PASSWORD_LOCKED');
    expect((await balancesOf(a.id)).income).toBe(10_000 - 100);
  });

  it('30 wrong passwords in parallel: 5 are checked in all, the rest are locked, and so is the right one after', async () => {
    const a = await newAgent(t, { payPassword: '135790' });
    await credit(a.id, 'totalScore', 10_000);
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => transfer(a.token, String(100_000 + i))));
    const kinds = replies.map((r) => r.body.errorType);
    expect(kinds.filter((k) => k === 'PAY_PASSWORD_WRONG')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'PAY_PASSWORD_LOCKED')).toHaveLength(26);
    const row = await t.db.kysely.selectFrom('attempts').selectAll().where('key', '=', `paypw:${a.id}`).executeTakeFirstOrThrow();
    expect([Number(row.count), Number(row.pending)]).toEqual([5, 0]);
    expect((await transfer(a.token, '135790')).body.errorType).toBe('PAY_PASSWORD_LOCKED');
    expect((await balancesOf(a.id)).income).toBe(10_000);
  }, 60_000);
});
