import { fenToYuan, PAYOUT_ROW_RESULTS as R, STAFF_FUNDS_MESSAGES, yuanToFen, type PayoutImportRow, type PayoutRowResult } from '@shop/contract';
import type { Deps } from '../deps.js';
import { AppError } from '../lib/errors.js';
import { withdrawalRepo } from '../modules/funds/funds.queries.js';
import type { PayoutFileRow } from '../modules/staff/payout-file.js';
import type { StaffActor } from '../modules/staff/staff.queries.js';
import type { WithdrawFlow } from './withdraw.js';

const PAID = new Set(['成功', '已成功', '交易成功', '支付成功', '成功入账', 'success', 's']);
const FAILED = new Set(['失败', '交易失败', '支付失败', '退票', 'fail', 'failed', 'f']);

/**
 * The bank's result file of a batch payout (ADR 0030). Each row goes through the single review of the withdrawal flow
 * (compare-and-set 待打款 → 已打款 / 已驳回, the ledger's give-back on a rejection, the audit as importPayoutResults),
 * one withdrawal at a time, so a bad row fails alone and the answer says row by row what happened. A withdrawal
 * already decided (by an earlier import of the same file, or a colleague's single review) is left as it is.
 */
export function createPayoutImport(deps: Deps, withdraw: WithdrawFlow) {
  const k = deps.db.kysely;
  return {
    async importResults(actor: StaffActor, rows: PayoutFileRow[]) {
      const seen = new Set<string>();
      const out: PayoutImportRow[] = [];
      const tell = (r: PayoutFileRow, result: PayoutRowResult, msg: string = R[result]) => out.push({ row: r.row, code: r.code, result, msg });
      for (const r of rows) {
        if (seen.has(r.code) && r.code) {
          tell(r, 'duplicate');
          continue;
        }
        seen.add(r.code);
        const w = r.code ? await withdrawalRepo.findByCode(k, actor.platId, r.code) : undefined;
        if (!w) {
          tell(r, 'notFound', r.code ? R.notFound : '请填写提现单号');
          continue;
        }
        if (Number(w.check_state) !== 0) {
          tell(r, 'unchanged');
          continue;
        }
        const status = r.status.replace(/\s/g, '').toLowerCase();
        const approve = PAID.has(status) ? true : FAILED.has(status) ? false : null;
        if (approve === null) {
          tell(r, 'badStatus');
          continue;
        }
        const arrival = Number(w.amount) - Number(w.fee);
        if (r.amount !== '') {
          let fen: number | null;
          try {
            fen = yuanToFen(r.amount.replace(/[,，¥￥\s]/g, ''));
          } catch {
            fen = null;
          }
          if (fen !== arrival) {
            tell(r, 'mismatch', `金额不符：文件为${r.amount}元，应打款${fenToYuan(arrival)}元，未改动`);
            continue;
          }
        }
        if (approve && !r.reference) {
          tell(r, 'referenceMissing');
          continue;
        }
        const reason = approve ? '' : `银行打款失败${r.reason ? `：${r.reason}` : ''}`.slice(0, 200);
        try {
          await withdraw.review(actor, { id: Number(w.id), approve, reason, payoutReference: r.reference.slice(0, 64) }, 'importPayoutResults');
          tell(r, approve ? 'paid' : 'rejected');
        } catch (e) {
          // a colleague's single review (or a parallel import) decided it between our read and our update
          if (e instanceof AppError && e.message === STAFF_FUNDS_MESSAGES.stateChanged) tell(r, 'unchanged');
          else throw e;
        }
      }
      const count = (x: PayoutRowResult) => out.filter((o) => o.result === x).length;
      const paid = count('paid');
      const rejected = count('rejected');
      return { objs: out, obj: { rows: out.length, paid, rejected, unchanged: out.length - paid - rejected }, msg: `导入完成：已打款${paid}笔，已驳回${rejected}笔，未改动${out.length - paid - rejected}笔` };
    },
  };
}
export type PayoutImport = ReturnType<typeof createPayoutImport>;
