import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  exportCashReport,
  exportLedgerRecords,
  exportAgentStatement,
  exportIncomeReport,
  fenToYuan,
  INCOME_CHANGE,
  reviewWithdrawal,
  saveAccount,
  saveAgentWithdrawCashApply,
  selectAgentStatement,
  selectCashReport,
  selectCashToday,
  selectIncomeReport,
  selectLedgerRecords,
  selectLiabilities,
  STORE_CHANGE,
  BOND_CHANGE,
} from '@shop/contract';
import { chinaDate } from '../src/lib/clock.js';
import { moveBalance, type Account } from '../src/modules/ledger/ledger.repository.js';
import { useTestApp, type TestApp } from './helpers/app.js';
import { freshAgent, FRESH_PAY_PASSWORD } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY } from './helpers/time.js';

/**
 * ADR 0031: the platform ledger and the reports. A small world of this file's own agents on a day no
 * other record falls on (the injected clock moves 40 days past the seed): a withdrawal submitted by the agent and paid
 * by finance, a WeChat top-up, an offline deposit, network income earned, released and left frozen, a WeChat refund.
 * Every report's figures are compared with sums recomputed here from the ledger's records.
 */
const t = useTestApp();

const ACCOUNT = { bank: '中国工商银行', name: '健康优选（深圳）有限公司', number: '4000023409200156789' };

async function move(app: TestApp, agentId: number, account: Account, amount: number, changeState: number, orderCode: string, remark: string) {
  await app.db.kysely.transaction().execute(async (trx) => {
    const at = app.clock.now().toISOString();
    if ((await moveBalance(trx, { platId: app.config.platId, agentId, account, amount, changeState, orderCode, remark, at })) === null) throw new Error('move refused');
  });
}

/** The records of the file's agents, read straight from the table (what every figure is checked against). */
async function records(app: TestApp, agentIds: number[]) {
  return app.db.kysely.selectFrom('account_changes').selectAll().where('agent_id', 'in', agentIds).orderBy('id').execute();
}
const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + Number(r.amount), 0);

let world: {
  day: string;
  a: Awaited<ReturnType<typeof freshAgent>>;
  b: Awaited<ReturnType<typeof freshAgent>>;
  withdrawCode: string;
  finance: string;
};

beforeAll(async () => {
  t.clock.advance(40 * DAY);
  const day = chinaDate(t.clock.now());
  const a = await freshAgent(t, { status: 1, incomeFen: 200_000 });
  const b = await freshAgent(t, { status: 1 });
  const k = t.db.kysely;
  const plat = t.config.platId;
  const now = () => t.clock.now().toISOString();

  // A withdraws 1000.00 (fee 6.00) through the shop; finance pays it (the real flows).
  const acc = await t.call(saveAccount, { bankDicId: 1, bankDicName: '中国银行', subBankName: '深圳分行', accountName: a.phone, accountNumber: '6217000011112222' }, { token: a.token });
  expect(acc.body.errorType).toBe('SUCCESS');
  const w = await t.call(saveAgentWithdrawCashApply, { bondMoney: '1000', accountId: acc.body.obj.id, payPassword: FRESH_PAY_PASSWORD, serviceCharge: '6.00' }, { token: a.token });
  expect(w.body.errorType, w.text).toBe('SUCCESS');
  const finance = await staffLoginAs(t, 'caiwu');
  const paid = await staffCall(t, reviewWithdrawal, { id: w.body.obj.id, approve: true, payoutReference: 'BANK-F2-1' }, { staffToken: finance });
  expect(paid.body.errorType, paid.text).toBe('SUCCESS');
  const withdrawCode = (await k.selectFrom('withdrawals').select('withdraw_code').where('id', '=', w.body.obj.id).executeTakeFirstOrThrow()).withdraw_code;

  // A's WeChat top-up of 500.00 (the payment row and its goods-fund credit, code 12), and a late payment refunded.
  await k
    .insertInto('wechat_payments')
    .values({ plat_id: plat, subject_kind: 'recharge', subject_id: 900001, agent_id: a.agentId, out_trade_no: `F2R${a.agentId}`, amount: 50_000, state: 1, transaction_id: `TX-F2-${a.agentId}`, created_at: now(), expires_at: now(), paid_at: now() })
    .execute();
  await move(t, a.agentId, 'store', 50_000, STORE_CHANGE.recharge, `RC-F2-${a.agentId}`, '微信充值');
  const late = await k
    .insertInto('wechat_payments')
    .values({ plat_id: plat, subject_kind: 'order', subject_id: 900002, agent_id: a.agentId, out_trade_no: `F2O${a.agentId}`, amount: 12_345, state: 4, transaction_id: `TX-F2O-${a.agentId}`, created_at: now(), expires_at: now(), paid_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('refunds')
    .values({ plat_id: plat, subject_kind: 'order', subject_id: 900002, payment_id: Number(late.id), amount: 12_345, state: 1, out_refund_no: `RF-F2-${a.agentId}`, created_at: now(), succeeded_at: now() })
    .execute();

  // B pays a 300.00 deposit offline into the platform's account; finance approved it (code 1 on the deposit).
  await k
    .insertInto('bond_pays')
    .values({ plat_id: plat, agent_id: b.agentId, bond_code: `BD-F2-${b.agentId}`, bond_money: 30_000, pay_type: 1, check_state: 1, created_at: now(), checked_at: now(), account_id: null, receive_bank_name: ACCOUNT.bank, receive_account_name: ACCOUNT.name, receive_account_number: ACCOUNT.number, pay_serial: null, paid_at: now() })
    .execute();
  await move(t, b.agentId, 'bond', 30_000, BOND_CHANGE.paid, `BD-F2-${b.agentId}`, '缴纳合规金');

  // B earns 50.00 price difference (released into the 总分) and 20.00 recruitment (still frozen).
  await move(t, b.agentId, 'award', 5_000, INCOME_CHANGE.salesIncome, `OR-F2-${b.agentId}`, '销售收益（冻结）');
  await move(t, b.agentId, 'award', -5_000, INCOME_CHANGE.salesIncome, `OR-F2-${b.agentId}`, '收益解冻');
  await move(t, b.agentId, 'totalScore', 5_000, INCOME_CHANGE.salesIncome, `OR-F2-${b.agentId}`, '销售收益');
  await move(t, b.agentId, 'award', 2_000, INCOME_CHANGE.recruitmentIncome, `RC-F2-${b.agentId}`, '招募收益（冻结）');

  world = { day, a, b, withdrawCode, finance };
});

describe('资金流水 (ADR 0031)', () => {
  it('lists every record of the agent with the change names, and filters by change name, code and date', async () => {
    const { a, finance, withdrawCode, day } = world;
    const all = await staffCall(t, selectLedgerRecords, { keyword: a.phone, phonePage: { pageSize: 50, pageNum: 1 } }, { staffToken: finance });
    expect(all.body.errorType, all.text).toBe('SUCCESS');
    const mine = await records(t, [a.agentId]);
    expect(all.body.obj.total).toBe(mine.length);
    // Newest first; every row says its change by name.
    expect(all.body.objs.map((r: any) => r.id)).toEqual(mine.map((r) => Number(r.id)).reverse());
    expect(all.body.objs.every((r: any) => r.changeName && !/^\d+$/.test(r.changeName))).toBe(true);

    const fee = await staffCall(t, selectLedgerRecords, { keyword: a.phone, changeName: '提现手续费' }, { staffToken: finance });
    const feeRecords = mine.filter((r) => r.account === 'income' && r.change_state === INCOME_CHANGE.fee);
    expect(fee.body.objs.map((r: any) => [r.accountName, r.changeName, r.amount])).toEqual(feeRecords.map((r) => ['总分', '提现手续费', fenToYuan(Number(r.amount))]));

    const byCode = await staffCall(t, selectLedgerRecords, { code: withdrawCode }, { staffToken: finance });
    expect(byCode.body.obj.total).toBe(mine.filter((r) => r.order_code === withdrawCode).length);
    expect(new Set(byCode.body.objs.map((r: any) => r.account))).toEqual(new Set(['totalScore', 'apply']));

    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    const before = await staffCall(t, selectLedgerRecords, { keyword: a.phone, to: dayBefore }, { staffToken: finance });
    expect(before.body.obj.total).toBe(0);
    const onDay = await staffCall(t, selectLedgerRecords, { keyword: a.phone, from: day, to: day, account: 'store' }, { staffToken: finance });
    expect(onDay.body.objs.map((r: any) => r.amount)).toEqual(mine.filter((r) => r.account === 'store').map((r) => fenToYuan(Number(r.amount))).reverse());
  });

  it('refuses an unknown change name and the warehouse role, in Chinese', async () => {
    const bad = await staffCall(t, selectLedgerRecords, { changeName: '221' }, { staffToken: world.finance });
    expect(bad.body.msg).toBe('没有这个变动类型，请从列表中选择');
    const warehouse = await staffLoginAs(t, 'cangku');
    for (const op of [selectLedgerRecords, selectCashReport, selectCashToday, selectLiabilities]) {
      expect((await staffCall(t, op, { from: world.day, to: world.day, month: '2026-12' }, { staffToken: warehouse })).body).toMatchObject({ errorType: 'FORBIDDEN', msg: '无权执行此操作' });
    }
  });

  it('exports the filtered records as XLSX with the names, not the codes', async () => {
    const r = await staffCall(t, exportLedgerRecords, { keyword: world.a.phone, changeName: '提现手续费' }, { staffToken: world.finance });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(r.body.obj.base64, 'base64') as any);
    const sheet = book.getWorksheet('资金流水')!;
    expect(sheet.getRow(1).getCell(5).value).toBe('变动类型');
    expect(sheet.getRow(2).getCell(5).value).toBe('提现手续费');
    expect(sheet.getRow(2).getCell(6).value).toBe(-6);
  });
});

describe('daily cash report (ADR 0031)', () => {
  it('sums the day: WeChat by subject, offline by account, withdrawals, refunds, fees and the deposits held', async () => {
    const { day, a, b, withdrawCode, finance } = world;
    const r = await staffCall(t, selectCashReport, { from: day, to: day }, { staffToken: finance });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    const d = r.body.objs[0];
    const mine = await records(t, [a.agentId, b.agentId]);
    const recharge = mine.filter((x) => x.account === 'store' && x.change_state === STORE_CHANGE.recharge);
    expect(d.wechatIn).toEqual({ order: '123.45', recharge: fenToYuan(sum(recharge)), upgrade: '0.00', bond: '0.00', store_order: '0.00' });
    const deposits = mine.filter((x) => x.account === 'bond' && x.change_state === BOND_CHANGE.paid);
    expect(d.offlineIn.bond).toBe(fenToYuan(sum(deposits)));
    expect(d.offlineByAccount).toEqual([{ account: `${ACCOUNT.bank} ${ACCOUNT.name} ${ACCOUNT.number}`, amount: fenToYuan(sum(deposits)) }]);
    // Paid out = what left the withdrawing balance minus the fee kept; the fee is the 总分's fee record.
    const applyPaid = -sum(mine.filter((x) => x.account === 'apply' && x.order_code === withdrawCode && Number(x.amount) < 0));
    const fee = -sum(mine.filter((x) => x.account === 'income' && x.change_state === INCOME_CHANGE.fee));
    expect(d.feesKept).toBe(fenToYuan(fee));
    expect(d.withdrawalsPaid).toBe(fenToYuan(applyPaid - fee));
    expect(d.refundsWechat).toBe('123.45');
    expect(d.moneyIn).toBe(fenToYuan(12_345 + sum(recharge) + sum(deposits)));
    expect(d.moneyOut).toBe(fenToYuan(applyPaid - fee + 12_345));
    // Deposits held at the day's end: every deposit record of the platform up to then.
    const allBond = await t.db.kysely.selectFrom('account_changes').select('amount').where('account', '=', 'bond').execute();
    expect(d.depositsHeld).toBe(fenToYuan(sum(allBond)));
    expect(r.body.obj.total.moneyIn).toBe(d.moneyIn);
  });

  it('a range has one row per China day, the totals add up, and the dashboard shows today', async () => {
    const { day, finance } = world;
    const from = new Date(Date.parse(`${day}T00:00:00Z`) - 2 * DAY).toISOString().slice(0, 10);
    const r = await staffCall(t, selectCashReport, { from, to: day }, { staffToken: finance });
    expect(r.body.objs.map((x: any) => x.day)).toHaveLength(3);
    const fen = (y: string) => Math.round(Number(y) * 100);
    expect(fenToYuan(r.body.objs.reduce((s: number, x: any) => s + fen(x.moneyIn), 0))).toBe(r.body.obj.total.moneyIn);
    expect(r.body.objs[0].moneyIn).toBe('0.00');
    const today = await staffCall(t, selectCashToday, {}, { staffToken: finance });
    expect(today.body.obj).toMatchObject({ day, moneyIn: r.body.objs[2].moneyIn, moneyOut: r.body.objs[2].moneyOut, feesKept: r.body.objs[2].feesKept });
  });

  it('refuses an inverted or too long range and exports the report', async () => {
    const { finance, day } = world;
    expect((await staffCall(t, selectCashReport, { from: day, to: '2026-01-01' }, { staffToken: finance })).body.msg).toBe('开始日期不能晚于结束日期，请重新选择');
    expect((await staffCall(t, selectCashReport, { from: '2026-01-01', to: day }, { staffToken: finance })).body.msg).toBe('日期范围不能超过92天，请缩短后重试');
    expect((await staffCall(t, selectCashReport, { from: '2026-02-30', to: day }, { staffToken: finance })).body.msg).toBe('日期格式有误，请按 年-月-日 选择');
    const x = await staffCall(t, exportCashReport, { from: day, to: day }, { staffToken: finance });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(x.body.obj.base64, 'base64') as any);
    const sheet = book.getWorksheet('资金日报')!;
    expect(sheet.getRow(2).getCell(1).value).toBe(day);
    expect(sheet.getRow(3).getCell(1).value).toBe('合计');
  });
});

describe('liabilities (ADR 0031)', () => {
  it('equal the agents’ balances and the records’ sums, and name an agent whose balance drifts', async () => {
    const { a, finance } = world;
    const r = await staffCall(t, selectLiabilities, {}, { staffToken: finance });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    expect(r.body.obj).toMatchObject({ consistent: true, verdict: '一致' });
    const k = t.db.kysely;
    const agents = await k.selectFrom('agents').selectAll().where('plat_id', '=', t.config.platId).execute();
    const all = await k.selectFrom('account_changes').select(['account', 'amount']).where('plat_id', '=', t.config.platId).execute();
    const column = { store: 'last_store', totalScore: 'lave_income', frozen: 'frozen_store', apply: 'apply_income', bond: 'bond_money', award: 'frozen_award' } as const;
    // The 总分's records are stored under the legacy account 'income' (db/tables/ledger.ts).
    const stored = (account: string) => (account === 'totalScore' ? 'income' : account);
    for (const row of r.body.objs) {
      const col = column[row.account as keyof typeof column];
      expect(row.balances).toBe(fenToYuan(agents.reduce((s, x) => s + Number(x[col]), 0)));
      expect(row.records).toBe(fenToYuan(sum(all.filter((x) => x.account === stored(row.account)))));
    }
    // A balance changed without its record is named (and put back: the ledger invariant checks after each test).
    await k.updateTable('agents').set({ last_store: Number((await k.selectFrom('agents').select('last_store').where('id', '=', a.agentId).executeTakeFirstOrThrow()).last_store) + 1 }).where('id', '=', a.agentId).execute();
    try {
      const off = await staffCall(t, selectLiabilities, {}, { staffToken: finance });
      expect(off.body.obj.consistent).toBe(false);
      expect(off.body.obj.verdict).toBe('货款相差0.01元（1个代理商不一致）');
      expect(off.body.objs.find((x: any) => x.account === 'store').agents).toEqual([{ agentId: a.agentId, agentName: expect.any(String), phone: a.phone, balance: expect.any(String), records: expect.any(String) }]);
    } finally {
      await k.updateTable('agents').set({ last_store: sum((await records(t, [a.agentId])).filter((x) => x.account === 'store')) }).where('id', '=', a.agentId).execute();
    }
  });
});

describe('monthly network income (ADR 0031)', () => {
  it('earned by kind, released, still frozen and clawed back, equal to the records', async () => {
    const { b, day, finance } = world;
    const month = day.slice(0, 7);
    const r = await staffCall(t, selectIncomeReport, { month }, { staffToken: finance });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    const row = r.body.objs.find((x: any) => x.agentId === b.agentId);
    const mine = (await records(t, [b.agentId])).filter((x) => x.account === 'award');
    const plus = (code: number) => sum(mine.filter((x) => x.change_state === code && Number(x.amount) > 0));
    const minus = (code: number) => -sum(mine.filter((x) => x.change_state === code && Number(x.amount) < 0));
    expect(row).toEqual({
      agentId: b.agentId,
      agentName: expect.any(String),
      phone: b.phone,
      earnedSales: fenToYuan(plus(INCOME_CHANGE.salesIncome)),
      earnedRecruitment: fenToYuan(plus(INCOME_CHANGE.recruitmentIncome)),
      earnedRetail: fenToYuan(plus(INCOME_CHANGE.retailIncome)),
      released: fenToYuan(minus(INCOME_CHANGE.salesIncome) + minus(INCOME_CHANGE.recruitmentIncome)),
      voided: '0.00',
      frozenAtEnd: fenToYuan(sum(mine)),
      clawedBack: '0.00',
    });
    expect((await staffCall(t, selectIncomeReport, { month: '2026-13' }, { staffToken: finance })).body.msg).toBe('月份格式有误，请按 年-月 选择');
    const x = await staffCall(t, exportIncomeReport, { month }, { staffToken: finance });
    expect(x.body.obj.rows).toBe(r.body.objs.length);
  });
});

describe('per-agent statement (ADR 0031)', () => {
  it('opening + movements = closing for each account, and the closing is the balance now', async () => {
    const { a, day, finance } = world;
    const r = await staffCall(t, selectAgentStatement, { agentId: a.agentId, from: day, to: day }, { staffToken: finance });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    const agent = await t.db.kysely.selectFrom('agents').selectAll().where('id', '=', a.agentId).executeTakeFirstOrThrow();
    const now = { store: agent.last_store, totalScore: agent.lave_income, frozen: agent.frozen_store, apply: agent.apply_income, bond: agent.bond_money, award: agent.frozen_award, integral: agent.lave_integral } as Record<string, number>;
    const fen = (y: string, account: string) => (account === 'integral' ? Number(y) : Math.round(Number(y) * 100));
    for (const acc of r.body.objs) {
      const moved = acc.movements.reduce((s: number, m: any) => s + fen(m.amount, acc.account), 0);
      expect(fen(acc.opening, acc.account) + moved).toBe(fen(acc.closing, acc.account));
      expect(fen(acc.closing, acc.account)).toBe(Number(now[acc.account]));
    }
    const income = r.body.objs.find((x: any) => x.account === 'totalScore');
    expect(income.opening).toBe('0.00');
    expect(income.movements.map((m: any) => m.changeName)).toEqual(['手动增加', '提现支出', '提现手续费']);
    // The day after: nothing moved, opening = closing = the balance.
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    const later = await staffCall(t, selectAgentStatement, { agentId: a.agentId, from: next, to: next }, { staffToken: finance });
    expect(later.body.objs.find((x: any) => x.account === 'totalScore')).toMatchObject({ opening: fenToYuan(agent.lave_income), closing: fenToYuan(agent.lave_income), movements: [] });
    const x = await staffCall(t, exportAgentStatement, { agentId: a.agentId, from: day, to: day }, { staffToken: finance });
    expect(x.body.errorType, x.text).toBe('SUCCESS');
    expect((await staffCall(t, selectAgentStatement, { agentId: 99_999_999, from: day, to: day }, { staffToken: finance })).body.msg).toBe('代理商不存在，请重新选择');
  });
});
