import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportAuditLog, reviewWithdrawal, saveAccount, saveAgentWithdrawCashApply, selectAuditLog, type Operation } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { orderInState, staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/**
 * ADR 0033: the audit trail reads as a person would write it: the operation in Chinese, the target by its code, who by
 * name, states in words, details as labelled fields (never JSON), and the filtered rows export as XLSX. Runs on
 * SQLite and PostgreSQL (TEST_DB).
 */
const t = useTestApp();
const as = async (who: 'admin' | 'caiwu' | 'cangku', op: Operation, payload: unknown) => staffCall(t, op, payload, { staffToken: await staffLoginAs(t, who) });

/** A withdrawal of a fresh agent, paid by finance under a bank reference. */
async function paidWithdrawal(reference: string) {
  const a = await freshAgent(t, { status: 1, incomeFen: 100_000 });
  const acc = await t.call(saveAccount, { bankDicId: 1, bankDicName: '中国银行', subBankName: '深圳分行', accountName: '王芳', accountNumber: '6217000011112222' }, { token: a.token });
  expect(acc.body.errorType).toBe('SUCCESS');
  const account = await t.db.kysely.selectFrom('collection_accounts').select('id').where('agent_id', '=', a.agentId).executeTakeFirstOrThrow();
  const w = await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '200', accountId: Number(account.id) }, { token: a.token });
  expect(w.body.errorType).toBe('SUCCESS');
  const id = Number(w.body.obj.id);
  const paid = await as('caiwu', reviewWithdrawal, { id, approve: true, payoutReference: reference });
  expect(paid.body.errorType).toBe('SUCCESS');
  const row = await t.db.kysely.selectFrom('withdrawals').select('withdraw_code').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, code: row.withdraw_code, agent: a };
}

const noJson = (rows: { fields: { label: string; value: string }[]; beforeText: string; afterText: string }[]) => {
  for (const r of rows) {
    expect(r.beforeText + r.afterText).not.toMatch(/[{}"]/);
    for (const f of r.fields) expect(`${f.label}${f.value}`).not.toMatch(/[{}"]/);
  }
};

describe('the readable audit trail', () => {
  it('a paid withdrawal reads 提现审核, its code, the clerk by name, 待打款 → 已打款 and the bank reference as a field', async () => {
    const w = await paidWithdrawal('BANK-READ-1');
    const caiwu = await t.db.kysely.selectFrom('staff').select(['id', 'display_name']).where('username', '=', 'caiwu').executeTakeFirstOrThrow();
    const reply = await as('caiwu', selectAuditLog, { targetKind: 'withdrawal', targetId: w.id });
    expect(reply.body.objs).toHaveLength(1);
    const row = reply.body.objs[0];
    expect(row).toMatchObject({
      operation: 'reviewWithdrawal',
      operationName: '提现审核',
      targetKindName: '提现',
      targetLabel: w.code,
      staffName: 'caiwu',
      staffDisplayName: caiwu.display_name,
      beforeText: '待打款',
      afterText: '已打款',
      amountText: '¥200.00',
    });
    expect(row.fields).toEqual([{ label: '打款流水号', value: 'BANK-READ-1' }]);
    // The code is kept with the record when written: a later rename of the target cannot change what was acted on.
    const stored = await t.db.kysely.selectFrom('audit_logs').select('target_label').where('target_kind', '=', 'withdrawal').where('target_id', '=', w.id).executeTakeFirstOrThrow();
    expect(stored.target_label).toBe(w.code);
  });

  it('records written before the labels are resolved when read: an order by its number, a banner change field by field', async () => {
    const order = await orderInState(t, 2, { receipt: true });
    const code = (await t.db.kysely.selectFrom('orders').select('order_code').where('id', '=', order.orderId).executeTakeFirstOrThrow()).order_code;
    const staff = await t.db.kysely.selectFrom('staff').select(['id', 'plat_id']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    const base = { plat_id: staff.plat_id, staff_id: Number(staff.id), staff_name: 'admin', role: 'admin', ip: '10.0.0.1', created_at: t.clock.now().toISOString(), agent_id: null, amount: 0, reason: '' };
    await t.db.kysely
      .insertInto('audit_logs')
      .values([
        { ...base, operation: 'closeOrderByStaff', target_kind: 'order', target_id: order.orderId, before_state: '1', after_state: '6', reason: '旧记录', detail: code },
        {
          ...base,
          operation: 'saveBanner',
          target_kind: 'banner',
          target_id: 987_654,
          before_state: JSON.stringify({ sort: 1, enabled: 1, link_url: '' }),
          after_state: JSON.stringify({ sort: 2, enabled: 1, link_url: '' }),
          detail: '修改轮播图',
        },
      ])
      .execute();
    const closed = await as('admin', selectAuditLog, { targetKind: 'order', targetId: order.orderId });
    expect(closed.body.objs[0]).toMatchObject({ operationName: '关闭订单', targetLabel: code, beforeText: '待付款', afterText: '已关闭' });
    expect(closed.body.objs[0].fields).toEqual([{ label: '订单编号', value: code }]);
    const banner = await as('admin', selectAuditLog, { targetKind: 'banner', targetId: 987_654 });
    const row = banner.body.objs[0];
    expect(row).toMatchObject({ operationName: '保存轮播图', targetKindName: '轮播图', targetLabel: '轮播图 987654' });
    // Only what changed, as 「旧 → 新」, then the detail.
    expect(row.fields).toEqual([
      { label: '排序', value: '1 → 2' },
      { label: '说明', value: '修改轮播图' },
    ]);
    noJson([...closed.body.objs, row]);
  });

  it('exports the filtered rows as XLSX with the same words; roles without the trail are refused', async () => {
    const w = await paidWithdrawal('BANK-XLSX-1');
    const reply = await as('caiwu', exportAuditLog, { targetKind: 'withdrawal', targetId: w.id });
    expect(reply.body.errorType).toBe('SUCCESS');
    expect(reply.body.obj).toMatchObject({ rows: 1, fileName: expect.stringMatching(/^操作日志-\d{14}\.xlsx$/) });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(reply.body.obj.base64, 'base64') as never);
    const sheet = book.getWorksheet('操作日志')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['时间', '操作人', '角色', '操作', '对象类型', '对象', '代理商', '数额', '变更前', '变更后', '原因', '明细', 'IP']);
    expect(sheet.rowCount).toBe(2);
    const cells = Object.fromEntries(header.map((h, i) => [h as string, sheet.getRow(2).getCell(i + 1).text]));
    expect(cells).toMatchObject({ 角色: '财务', 操作: '提现审核', 对象类型: '提现', 对象: w.code, 数额: '¥200.00', 变更前: '待打款', 变更后: '已打款', 明细: '打款流水号：BANK-XLSX-1' });
    expect(cells['操作人']).toContain('caiwu');

    // The export follows the filter: another withdrawal's row is not in it.
    const other = await paidWithdrawal('BANK-XLSX-2');
    const again = await as('admin', exportAuditLog, { targetKind: 'withdrawal', targetId: other.id });
    expect(again.body.obj.rows).toBe(1);

    const refused = await as('cangku', exportAuditLog, { targetKind: 'withdrawal' });
    expect(refused.body).toMatchObject({ errorType: 'FORBIDDEN', msg: '无权执行此操作' });
  });
});
