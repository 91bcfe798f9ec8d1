import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportPayoutBatch, importPayoutResults, PAYOUT_BATCH_HEADERS, reviewWithdrawal, saveAccount, saveAgentWithdrawCashApply } from '@shop/contract';
import { useTestApp, type TestApp } from './helpers/app.js';
import { agentRow, freshAgent } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/** ADR 0030: withdrawals paid in a batch — the bank batch-payment file out, the bank's result file in. */
const t = useTestApp();

/** A fresh agent with 1000.00 total score, a collection account, and withdrawals of the given yuan amounts. */
async function withdrawer(amounts: string[]) {
  const a = await freshAgent(t, { status: 1, incomeFen: 100_000 });
  const acc = await t.call(saveAccount, { bankDicId: 1, subBankName: '深圳南山支行', accountName: '王芳', accountNumber: '6217000011112222333' }, { token: a.token });
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

async function upload(t: TestApp, staffToken: string, data: Buffer | string, name: string) {
  const form = new FormData();
  form.set('platId', t.config.platId);
  form.set('in', '{}');
  form.set('0', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: importPayoutResults.path,
    headers: { 'content-type': request.headers.get('content-type')!, staffToken },
    payload: Buffer.from(await request.arrayBuffer()),
    remoteAddress: t.ip,
  });
  return res.json();
}

/** The bank's result file as a real XLSX. */
async function resultXlsx(rows: (string | number)[][], header = ['提现单号', '状态', '银行流水号', '失败原因', '金额']) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('回单');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readXlsx(base64: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const withdrawal = (id: number) => t.db.kysely.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const audits = (id: number) =>
  t.db.kysely.selectFrom('audit_logs').selectAll().where('target_kind', '=', 'withdrawal').where('target_id', '=', id).execute();

describe('batch payout (ADR 0030)', () => {
  it('exports the selected 待打款 withdrawals as the bank sheet: account, name, bank, branch, arrival in yuan, purpose, code', async () => {
    const a = await withdrawer(['100', '300']);
    const staff = await staffLoginAs(t, 'caiwu');
    const r = await staffCall(t, exportPayoutBatch, { ids: a.ids }, { staffToken: staff });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    expect(r.body.obj.rows).toBe(2);
    const rows = await readXlsx(r.body.obj.base64);
    expect(rows[0]).toEqual([...PAYOUT_BATCH_HEADERS]);
    // arrival = amount − fee (0.6 %): 100.00 − 0.60, 300.00 − 1.80
    expect(rows.slice(1)).toEqual([
      [a.codes[0], '6217000011112222333', '王芳', '中国工商银行', '深圳南山支行', 99.4, `代理商提现 ${a.codes[0]}`],
      [a.codes[1], '6217000011112222333', '王芳', '中国工商银行', '深圳南山支行', 298.2, `代理商提现 ${a.codes[1]}`],
    ]);
  });

  it('refuses a selection with a decided withdrawal (it would be paid twice), and the warehouse altogether', async () => {
    const a = await withdrawer(['100', '200']);
    const staff = await staffLoginAs(t, 'caiwu');
    await staffCall(t, reviewWithdrawal, { id: a.ids[0], approve: true, payoutReference: 'B-1' }, { staffToken: staff });
    const r = await staffCall(t, exportPayoutBatch, { ids: a.ids }, { staffToken: staff });
    expect(r.body.msg).toBe('所选提现单中有已处理的，请刷新后重新选择');
    expect((await staffCall(t, exportPayoutBatch, { ids: [] }, { staffToken: staff })).body.msg).toBe('请选择要打款的提现单');
    const warehouse = await staffLoginAs(t, 'cangku');
    expect((await staffCall(t, exportPayoutBatch, { ids: [a.ids[1]] }, { staffToken: warehouse })).body.errorType).not.toBe('SUCCESS');
    const denied = await upload(t, warehouse, await resultXlsx([[a.codes[1]!, '成功', 'X', '', '']]), 'r.xlsx');
    expect(denied.errorType).not.toBe('SUCCESS');
    expect((await withdrawal(a.ids[1]!)).check_state).toBe(0);
  });

  it('imports the result row by row: paid, rejected with the money back, mismatch, unknown, duplicate; twice changes nothing', async () => {
    const a = await withdrawer(['100', '200', '300']);
    const staff = await staffLoginAs(t, 'caiwu');
    const before = await agentRow(t, a.agentId);
    expect(before.lave_income).toBe(100_000 - 60_000);
    const file = await resultXlsx([
      [a.codes[0]!, '成功', 'BANK-0001', '', 99.4],
      [a.codes[1]!, '失败', '', '户名不符', '198.80'],
      [a.codes[2]!, '成功', 'BANK-0003', '', '300.00'],
      ['TX9999999999', '成功', 'BANK-9', '', ''],
      [a.codes[0]!, '成功', 'BANK-0001', '', ''],
    ]);
    const first = await upload(t, staff, file, 'result.xlsx');
    expect(first.errorType).toBe('SUCCESS');
    expect(first.objs.map((o: { row: number; result: string }) => [o.row, o.result])).toEqual([
      [2, 'paid'],
      [3, 'rejected'],
      [4, 'mismatch'],
      [5, 'notFound'],
      [6, 'duplicate'],
    ]);
    expect(first.objs[2].msg).toBe('金额不符：文件为300.00元，应打款298.20元，未改动');
    expect(first.obj).toEqual({ rows: 5, paid: 1, rejected: 1, unchanged: 3 });

    const [w0, w1, w2] = await Promise.all(a.ids.map(withdrawal));
    const caiwu = await t.db.kysely.selectFrom('staff').select('id').where('username', '=', 'caiwu').executeTakeFirstOrThrow();
    expect(w0).toMatchObject({ check_state: 1, payout_reference: 'BANK-0001', checked_by: Number(caiwu.id) });
    expect(w1).toMatchObject({ check_state: 2, check_remark: '银行打款失败：户名不符', checked_by: Number(caiwu.id) });
    expect(w2).toMatchObject({ check_state: 0, checked_by: null });
    // the rejected 200.00 (fee included) is back in the total score; 100.00 paid, 300.00 still withdrawing
    const after = await agentRow(t, a.agentId);
    expect(after.lave_income).toBe(before.lave_income + 20_000);
    expect(after.apply_income).toBe(30_000);
    expect((await audits(a.ids[0]!)).map((x) => x.operation)).toEqual(['importPayoutResults']);
    expect((await audits(a.ids[1]!)).map((x) => x.operation)).toEqual(['importPayoutResults']);

    const second = await upload(t, staff, file, 'result.xlsx');
    expect(second.objs.map((o: { result: string }) => o.result)).toEqual(['unchanged', 'unchanged', 'mismatch', 'notFound', 'duplicate']);
    expect(second.obj).toMatchObject({ paid: 0, rejected: 0 });
    expect(await agentRow(t, a.agentId)).toMatchObject({ lave_income: after.lave_income, apply_income: after.apply_income });
    expect(await audits(a.ids[0]!)).toHaveLength(1);
  });

  it('reads a CSV result and refuses a row without a reference or with an unknown status', async () => {
    const a = await withdrawer(['100', '100', '100']);
    const staff = await staffLoginAs(t, 'caiwu');
    const csv = `银行流水号,提现单号,状态\nR-1,${a.codes[0]},成功\n,${a.codes[1]},成功\nR-3,${a.codes[2]},处理中\n`;
    const r = await upload(t, staff, csv, 'result.csv');
    expect(r.objs.map((o: { result: string; msg: string }) => [o.result, o.msg])).toEqual([
      ['paid', '已打款'],
      ['referenceMissing', '缺少银行流水号，未改动'],
      ['badStatus', '状态应为“成功”或“失败”，未改动'],
    ]);
    expect((await withdrawal(a.ids[0]!)).payout_reference).toBe('R-1');
    expect((await withdrawal(a.ids[1]!)).check_state).toBe(0);
  });

  it('refuses a file without the needed headers and changes nothing', async () => {
    const a = await withdrawer(['100']);
    const staff = await staffLoginAs(t, 'caiwu');
    const r = await upload(t, staff, await resultXlsx([[a.codes[0]!, '成功']], ['单号', '结果']), 'r.xlsx');
    expect(r.msg).toBe('表头应包含：提现单号、状态、银行流水号（可选：失败原因、金额）');
    expect((await upload(t, staff, 'x', 'r.pdf')).msg).toBe('请上传CSV或XLSX格式的银行回单文件');
    expect((await withdrawal(a.ids[0]!)).check_state).toBe(0);
  });

  it('an import racing a single review decides each withdrawal once (compare-and-set), the ledger equal to its records', async () => {
    const a = await withdrawer(['100', '100', '100', '100']);
    const staff = await staffLoginAs(t, 'caiwu');
    const admin = await staffLoginAs(t, 'admin');
    const file = await resultXlsx(a.codes.map((c) => [c, '失败', '', '账户冻结', '']));
    const [imported, ...singles] = await Promise.all([
      upload(t, staff, file, 'r.xlsx'),
      ...a.ids.map((id) => staffCall(t, reviewWithdrawal, { id, approve: true, payoutReference: `S-${id}` }, { staffToken: admin })),
    ]);
    const rows = await Promise.all(a.ids.map(withdrawal));
    a.ids.forEach((id, i) => {
      const single = singles[i]!.body.errorType === 'SUCCESS';
      const byImport = imported.objs[i].result === 'rejected';
      // exactly one of the two decided it, and the row says whose decision stands
      expect(single !== byImport, `withdrawal ${id}`).toBe(true);
      expect(rows[i]!.check_state).toBe(single ? 1 : 2);
      if (!byImport) expect(imported.objs[i].result).toBe('unchanged');
    });
    for (const id of a.ids) expect(await audits(id)).toHaveLength(1);
    const rejected = rows.filter((w) => w.check_state === 2).length;
    const paid = rows.filter((w) => w.check_state === 1).length;
    const agent = await agentRow(t, a.agentId);
    expect(agent.apply_income).toBe(0);
    expect(agent.lave_income).toBe(100_000 - paid * 10_000);
    expect(rejected + paid).toBe(4);
  });
});
