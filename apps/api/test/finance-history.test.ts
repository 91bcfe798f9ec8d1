import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { chinaTimeText, exportMoneyHistory, MONEY_QUEUES, MONEY_TABS, reviewOfflinePayment, reviewWithdrawal, saveAccount, saveAgentWithdrawCashApply, selectMoneyHistory } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { orderInState, staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY } from './helpers/time.js';

/** ADR 0030: every money item before and after its decision — tabs, filters, paging, export. */
const t = useTestApp();

async function withdrawer(amounts: string[]) {
  const a = await freshAgent(t, { status: 1, incomeFen: 100_000 });
  const acc = await t.call(saveAccount, { bankDicId: 1, subBankName: '福田支行', accountName: '李雷', accountNumber: '6222000011119999' }, { token: a.token });
  expect(acc.body.errorType).toBe('SUCCESS');
  const ids: number[] = [];
  const codes: string[] = [];
  for (const bondMoney of amounts) {
    const r = await t.call(saveAgentWithdrawCashApply, { bondMoney, accountId: acc.body.obj.id, payPassword: '123456' }, { token: a.token });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    ids.push(Number(r.body.obj.id));
    codes.push(String(r.body.obj.withdrawCode));
  }
  return { ...a, ids, codes };
}

const history = (staffToken: string, input: Record<string, unknown>) => staffCall(t, selectMoneyHistory, input, { staffToken });
const codesOf = (r: { body: { objs: { code: string }[] } }) => r.body.objs.map((o) => o.code);
const today = () => chinaTimeText(t.clock.now()).slice(0, 10);

async function readXlsx(base64: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('money history (ADR 0030)', () => {
  it('withdrawals: 待打款 / 已打款 / 已驳回 with who decided, when, why and the payout reference', async () => {
    const a = await withdrawer(['100', '200', '300']);
    t.clock.advance(DAY);
    const staff = await staffLoginAs(t, 'caiwu');
    await staffCall(t, reviewWithdrawal, { id: a.ids[0], approve: true, payoutReference: 'PAY-778' }, { staffToken: staff });
    await staffCall(t, reviewWithdrawal, { id: a.ids[1], approve: false, reason: '账户名不符' }, { staffToken: staff });
    const mine = { queue: 'withdrawal', keyword: a.phone };

    const pending = await history(staff, { ...mine, tab: 'pending' });
    expect(pending.body.errorType, pending.text).toBe('SUCCESS');
    expect(codesOf(pending)).toEqual([a.codes[2]]);
    expect(pending.body.objs[0]).toMatchObject({
      amount: '300.00',
      fee: '1.80',
      arrival: '298.20',
      stateText: '待打款',
      agentName: expect.stringContaining('测试'),
      agentPhone: a.phone,
      agentAccount: { name: '李雷', number: '6222000011119999', bank: '中国工商银行 福田支行' },
      platformAccount: null,
      decidedAt: null,
      decidedBy: '',
    });

    const paid = await history(staff, { ...mine, tab: 'approved' });
    expect(paid.body.objs).toEqual([
      expect.objectContaining({ code: a.codes[0], stateText: '已打款', decidedBy: '财务专员', payoutReference: 'PAY-778', decidedAt: chinaTimeText(t.clock.now()) }),
    ]);
    const rejected = await history(staff, { ...mine, tab: 'rejected' });
    expect(rejected.body.objs).toEqual([expect.objectContaining({ code: a.codes[1], stateText: '已驳回', decidedBy: '财务专员', reason: '账户名不符' })]);
    expect(rejected.body.obj.total).toBe(1);
  });

  it('filters by amount range (yuan in, fen compared), code, submitted or decided date, and pages on the server', async () => {
    const a = await withdrawer(['100', '200', '300', '400']);
    const submittedDay = today();
    t.clock.advance(2 * DAY);
    const staff = await staffLoginAs(t, 'caiwu');
    for (const id of a.ids) await staffCall(t, reviewWithdrawal, { id, approve: true, payoutReference: `R${id}` }, { staffToken: staff });
    const decidedDay = today();
    const mine = { queue: 'withdrawal', tab: 'approved', keyword: a.phone };

    expect(codesOf(await history(staff, { ...mine, minAmount: '200', maxAmount: '300.00' })).sort()).toEqual([a.codes[1], a.codes[2]].sort());
    expect(codesOf(await history(staff, { ...mine, minAmount: '300.01' }))).toEqual([a.codes[3]]);
    expect(codesOf(await history(staff, { ...mine, code: a.codes[2]!.toLowerCase() }))).toEqual([a.codes[2]]);
    expect(codesOf(await history(staff, { ...mine, dateKind: 'submitted', from: submittedDay, to: submittedDay }))).toHaveLength(4);
    expect(codesOf(await history(staff, { ...mine, dateKind: 'decided', from: submittedDay, to: submittedDay }))).toHaveLength(0);
    expect(codesOf(await history(staff, { ...mine, dateKind: 'decided', from: decidedDay }))).toHaveLength(4);

    const page1 = await history(staff, { ...mine, phonePage: { pageSize: 3, pageNum: 1 } });
    const page2 = await history(staff, { ...mine, phonePage: { pageSize: 3, pageNum: 2 } });
    expect(page1.body.obj.total).toBe(4);
    expect(page1.body.obj.phonePage.pageTotal).toBe(2);
    expect([...codesOf(page1), ...codesOf(page2)].sort()).toEqual([...a.codes].sort());
  });

  it('refuses bad filters in Chinese and answers nothing', async () => {
    const staff = await staffLoginAs(t, 'caiwu');
    expect((await history(staff, { queue: 'withdrawal', tab: 'pending', minAmount: '5', maxAmount: '1' })).body.msg).toBe('最高金额不能低于最低金额');
    expect((await history(staff, { queue: 'withdrawal', tab: 'pending', minAmount: '1.234' })).body.msg).toBe('请输入正确的金额（元，最多两位小数）');
    expect((await history(staff, { queue: 'withdrawal', tab: 'pending', from: '2026-02-30' })).body.msg).toBe('日期格式应为YYYY-MM-DD');
    expect((await history(staff, { queue: 'withdrawal', tab: 'pending', from: '2026-11-20', to: '2026-11-01' })).body.msg).toBe('结束日期不能早于开始日期');
    expect((await history(staff, { queue: 'nope', tab: 'pending' })).body.msg).toBe('请选择审核类型');
  });

  it('offline order payments: the voucher, the payer\'s and our receiving account, and who approved it', async () => {
    const staff = await staffLoginAs(t, 'caiwu');
    const o = await orderInState(t, 2, { receipt: true });
    const pending = await history(staff, { queue: 'offline', tab: 'pending', code: o.orderCode });
    expect(pending.body.objs).toEqual([
      expect.objectContaining({
        code: o.orderCode,
        payType: 1,
        agentAccount: { name: '张明', number: '6222020000000000', bank: '' },
        platformAccount: { name: '健康优选（深圳）有限公司', number: '4000023409200156789', bank: '中国工商银行' },
        voucherImgUrl: expect.stringContaining('/api/common/upload/'),
      }),
    ]);
    const r = await staffCall(t, reviewOfflinePayment, { orderId: o.orderId, approve: true }, { staffToken: staff });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    expect(codesOf(await history(staff, { queue: 'offline', tab: 'pending', code: o.orderCode }))).toEqual([]);
    const approved = await history(staff, { queue: 'offline', tab: 'approved', code: o.orderCode });
    expect(approved.body.objs).toEqual([expect.objectContaining({ code: o.orderCode, stateText: '已通过', decidedBy: '财务专员' })]);
  });

  it('every queue answers every tab (top-ups, deposits, deposit refunds included)', async () => {
    const staff = await staffLoginAs(t, 'caiwu');
    for (const queue of MONEY_QUEUES) {
      for (const tab of MONEY_TABS) {
        const r = await history(staff, { queue, tab, keyword: '张', minAmount: '0.01', dateKind: 'decided', from: '2026-01-01', to: '2026-12-31' });
        expect(r.body.errorType, `${queue} ${tab}: ${r.text}`).toBe('SUCCESS');
        const ex = await staffCall(t, exportMoneyHistory, { queue, tab, code: 'NONE' }, { staffToken: staff });
        expect(ex.body.errorType, `${queue} ${tab}: ${ex.text}`).toBe('SUCCESS');
      }
    }
  });

  it('exports the filtered rows with decided-by, decided-at, reason and payout reference', async () => {
    const a = await withdrawer(['100', '200']);
    const staff = await staffLoginAs(t, 'caiwu');
    await staffCall(t, reviewWithdrawal, { id: a.ids[0], approve: false, reason: '重复申请' }, { staffToken: staff });
    const r = await staffCall(t, exportMoneyHistory, { queue: 'withdrawal', tab: 'rejected', keyword: a.phone }, { staffToken: staff });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    expect(r.body.obj.rows).toBe(1);
    const rows = await readXlsx(r.body.obj.base64);
    const header = rows[0] as string[];
    const row = Object.fromEntries(header.map((h, i) => [h, rows[1]![i]]));
    expect(header).toEqual(expect.arrayContaining(['审核人', '审核时间', '驳回原因', '打款流水号', '代理商收款账户']));
    expect(row).toMatchObject({ 单号: a.codes[0], '金额（元）': 100, '手续费（元）': 0.6, '应打款（元）': 99.4, 状态: '已驳回', 审核人: '财务专员', 驳回原因: '重复申请', 手机号: a.phone });
    expect(String(row['审核时间'])).toBe(chinaTimeText(t.clock.now()));
  });

  it('is finance and admin work: the warehouse is refused', async () => {
    const warehouse = await staffLoginAs(t, 'cangku');
    expect((await history(warehouse, { queue: 'withdrawal', tab: 'pending' })).body.errorType).not.toBe('SUCCESS');
    expect((await staffCall(t, exportMoneyHistory, { queue: 'withdrawal', tab: 'pending' }, { staffToken: warehouse })).body.errorType).not.toBe('SUCCESS');
    const admin = await staffLoginAs(t, 'admin');
    expect((await history(admin, { queue: 'withdrawal', tab: 'pending' })).body.errorType).toBe('SUCCESS');
  });
});
