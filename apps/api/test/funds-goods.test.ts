import { describe, expect, it } from 'vitest';
import {
  baseOfflinePayInfoById,
  deleteAccount,
  freezeStore,
  paymentPageOfPersonalInit,
  saveAccount,
  selAgentApiAccountInfo,
  selAgentStoreFrozenRecord,
  selectBaseOfflinePayAccountBoList,
  selectBillOfGoods,
  setDefaultAccount,
  thawAgentStoreFrozenRecord,
  updateAccount,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { releaseIncome } from '../src/jobs/release-income.js';
import { addProduct } from './helpers/shop-fixture.js';

const t = useTestApp();

describe('frozen goods fund', () => {
  it('shows 800.00 frozen of which 500.00 may be thawed now; thawing moves it once (14)', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const frozen = await t.call(selAgentStoreFrozenRecord, {}, { token });
    expect(frozen.body.obj).toEqual({ frozenMoney: '800.00', thawMoney: '500.00' });
    const before = await t.call(paymentPageOfPersonalInit, {}, { token });
    const replies = await Promise.all(Array.from({ length: 5 }, () => t.call(thawAgentStoreFrozenRecord, {}, { token })));
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.filter((r) => r.body.msg === '暂无可解冻金额')).toHaveLength(4);
    const after = await t.call(paymentPageOfPersonalInit, {}, { token });
    expect(after.body.obj).toEqual({ lastStore: (Number(before.body.obj.lastStore) + 500).toFixed(2), frozenStore: '300.00' });
    const bill = await t.call(selectBillOfGoods, { changeType: 1 }, { token });
    expect(bill.body.obj.agentStoreChangeRecordlist[0]).toMatchObject({ changeState: 14, changeMoney: '500.00' });
  });

  it('staff freeze part of a goods fund until a date (audited); a refused freeze changes nothing', async () => {
    const staff = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, freezeStore, { agentPhone: '13800000002', frozenMoney: '10', releaseDate: '2027-01-01' }, { staffToken: staff })).body.msg).toBe('货款余额不足');
    expect((await staffCall(t, freezeStore, { agentPhone: '13800000001', frozenMoney: '10', releaseDate: '2020-01-01' }, { staffToken: staff })).body.msg).toBe('解冻日期须晚于今天');
    expect((await staffCall(t, freezeStore, { agentPhone: '13800000001', releaseDate: '2027-01-01' }, { staffToken: staff })).body.msg).toBe('请输入冻结金额');
    const ok = await staffCall(t, freezeStore, { agentPhone: '13800000001', frozenMoney: '100', releaseDate: '2027-01-01', remark: '风控' }, { staffToken: staff });
    expect(ok.body.errorType).toBe('SUCCESS');
    const audit = await t.db.kysely.selectFrom('audit_logs').selectAll().where('operation', '=', 'freezeStore').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_name: 'caiwu', amount: 10_000, reason: '风控', detail: 'releaseDate=2027-01-01' });
  });
});

describe('collection accounts (spec 3 §5 Collection account)', () => {
  it.each([
    [{}, '请选择开户银行'],
    [{ bankDicId: 1 }, '请输入开户支行'],
    [{ bankDicId: 1, subBankName: '支'.repeat(21) }, '开户支行不能超过20个字'],
    [{ bankDicId: 1, subBankName: '支行' }, '请输入持卡人姓名'],
    [{ bankDicId: 1, subBankName: '支行', accountName: '名'.repeat(21) }, '持卡人姓名不能超过20个字'],
    [{ bankDicId: 1, subBankName: '支行', accountName: '李华' }, '请输入银行卡号'],
    [{ bankDicId: 1, subBankName: '支行', accountName: '李华', accountNumber: '1'.repeat(21) }, '银行卡号最多20位'],
    [{ bankDicId: 1, subBankName: '支行', accountName: '李华', accountNumber: '6222abc' }, '银行卡号只能是数字'],
    [{ bankDicId: 999, subBankName: '支行', accountName: '李华', accountNumber: '6222' }, '开户银行不存在'],
  ])('refuses %j', async (payload, message) => {
    const { token } = await t.login('13800000002', 'demo1234');
    expect((await t.call(saveAccount, payload, { token })).body.msg).toBe(message);
  });

  it('adds, edits, sets the default, deletes; another agent sees none of it', async () => {
    const { token } = await t.login('13800000002', 'demo1234');
    const first = await t.call(saveAccount, { bankDicId: 1, subBankName: '朝阳支行', accountName: '李华', accountNumber: '6222000000000001' }, { token });
    expect(first.body).toMatchObject({ msg: '操作成功', obj: { isDefault: 1, bankDicName: '中国工商银行' } });
    const second = await t.call(saveAccount, { bankDicId: 2, subBankName: '海淀支行', accountName: '李华', accountNumber: '6222000000000002' }, { token });
    expect(second.body.obj.isDefault).toBe(0);
    await t.call(setDefaultAccount, { id: second.body.obj.id }, { token });
    const list = await t.call(selectBaseOfflinePayAccountBoList, {}, { token });
    expect(list.body.objs.map((a: any) => [a.id, a.isDefault])).toEqual([[second.body.obj.id, 1], [first.body.obj.id, 0]]);
    // The list keeps its order (newest first) when the default moves back to the older account.
    await t.call(setDefaultAccount, { id: first.body.obj.id }, { token });
    const again = await t.call(selectBaseOfflinePayAccountBoList, {}, { token });
    expect(again.body.objs.map((a: any) => [a.id, a.isDefault])).toEqual([[second.body.obj.id, 0], [first.body.obj.id, 1]]);
    const edited = await t.call(updateAccount, { id: first.body.obj.id, bankDicId: 3, subBankName: '西城支行', accountName: '李华', accountNumber: '6222000000000003' }, { token });
    expect(edited.body.obj).toMatchObject({ subBankName: '西城支行', bankDicName: '中国农业银行' });

    const other = await t.login('13800000004', 'demo1234');
    expect((await t.call(baseOfflinePayInfoById, { id: first.body.obj.id }, { token: other.token })).body.msg).toBe('收款账户不存在');
    expect((await t.call(deleteAccount, { id: first.body.obj.id }, { token: other.token })).body.msg).toBe('收款账户不存在');
    expect((await t.call(selectBaseOfflinePayAccountBoList, {}, { token: other.token })).body.objs.some((a: any) => a.id === first.body.obj.id)).toBe(false);
    expect((await t.call(deleteAccount, { id: first.body.obj.id }, { token })).body.msg).toBe('删除成功');
    expect((await t.call(selectBaseOfflinePayAccountBoList, {}, { token })).body.objs).toHaveLength(1);
  });
});

describe('income from the network (ADR 0017)', () => {
  it('a paid order of a lower agent earns the upper agent the price difference, frozen, released once after receipt + 7 days', async () => {
    const k = t.db.kysely;
    const buyer = await t.agentIdOf('13800000004');
    const upper = await t.agentIdOf('13800000001');
    const p = await addProduct(t, { stock: 10, finalPrice: 10_000 });
    const upperGrade = (await k.selectFrom('agents').select('grade_id').where('id', '=', upper).executeTakeFirstOrThrow()).grade_id;
    await k.updateTable('grade_prices').set({ final_price: 8_000 }).where('single_prod_id', '=', p.singleProdId).where('grade_id', '=', upperGrade).execute();
    const now = t.clock.now().toISOString();
    const { id: orderId } = await k
      .insertInto('orders')
      .values({
        plat_id: t.config.platId, order_code: 'NI0001', order_type: 1, pay_type: 1, circulation_state: 5, pay_state: 1, close_state: 0, total_money: 30_000, post_money: 0,
        all_money: 30_000, actual_money: 30_000, point_balance_money: 0, balance_point: 0, prod_all_point: 0, actual_point: 0, gift_point: 0, is_up_send_post: 0,
        up_agent_id: null, seckill_id: null, is_first_gift: 0, order_note: '', create_agent_id: buyer, create_agent_name: '赵强', create_agent_tel: '13800000004',
        create_agent_code: 'DL', apg_id: null, apg_code: null, apg_sys_code: null, receiver_name: '', receiver_phone: '', receiver_nation: '', receiver_province: '',
        receiver_city: '', receiver_county: '', receive_county_id: '', receiver_post_code: '', receiver_address: '', idempotency_key: null, created_at: now,
        pay_date: now, close_date: null, close_reason: null, send_date: null, receipt_date: now, pay_serial: null, pay_deadline: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k.insertInto('order_lines').values({
      order_id: Number(orderId), prod_id: p.prodId, single_prod_id: p.singleProdId, activity_item_id: null, prod_name: '测试商品', spec_disp_str: '', img_url: '',
      weight: 0, buy_num: 3, prod_old_price: 10_000, prod_price: 10_000, prod_deal_price: 10_000, prod_all_money: 30_000, prod_point: 0, total_point: 0,
      point_balance_money: 0, balance_point: 0, is_first_gift: 0,
    }).execute();
    const { token } = await t.login('13800000001', 'demo1234');
    const before = Number((await t.call(selAgentApiAccountInfo, {}, { token })).body.obj.laveIncome);

    await Promise.all([releaseIncome(t, t.clock.now()), releaseIncome(t, t.clock.now()), releaseIncome(t, t.clock.now())]);
    const frozen = await t.call(selAgentApiAccountInfo, {}, { token });
    expect(frozen.body.obj.allFrozenAwardMoney).toBe('60.00');
    expect(Number(frozen.body.obj.laveIncome)).toBe(before);

    const later = new Date(t.clock.now().getTime() + 8 * 86_400_000);
    await Promise.all(Array.from({ length: 5 }, () => releaseIncome(t, later)));
    const released = await t.call(selAgentApiAccountInfo, {}, { token });
    expect(released.body.obj.allFrozenAwardMoney).toBe('0.00');
    expect(Number(released.body.obj.laveIncome)).toBeCloseTo(before + 60, 2);
    const rows = await k.selectFrom('account_changes').select(['account', 'change_state', 'amount']).where('order_code', '=', 'NI0001').where('agent_id', '=', upper).execute();
    expect(rows.filter((r) => r.account === 'income')).toEqual([{ account: 'income', change_state: 17, amount: 6_000 }]);
  });
});
