import type { Insertable, Selectable } from 'kysely';
import type { ReconcileDiffTable, ReconcileKind } from '../../db/schema.js';
import type { Executor } from '../../db/types.js';
import { PAYMENT_STATE, REFUND_STATE } from './wechat-payment.repository.js';

export type ReconcileDiffRow = Selectable<ReconcileDiffTable>;
/** reconcile_diffs.state */
export const DIFF_STATE = { open: 0, resolved: 1 } as const;

/** Payments we credited (paid, or paid late and refunded) between two instants. */
export function creditedBetween(db: Executor, platId: string, from: string, to: string) {
  return db
    .selectFrom('wechat_payments')
    .selectAll()
    .where('plat_id', '=', platId)
    .where('state', 'in', [PAYMENT_STATE.paid, PAYMENT_STATE.late])
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .execute();
}

/** Refunds that succeeded on our side between two instants. */
export function refundedBetween(db: Executor, platId: string, from: string, to: string) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('plat_id', '=', platId)
    .where('state', '=', REFUND_STATE.succeeded)
    .where('succeeded_at', '>=', from)
    .where('succeeded_at', '<', to)
    .execute();
}

/** Adds a difference once per (day, out_trade_no, out_refund_no, kind); answers whether it was new. */
export async function addDiff(db: Executor, row: Insertable<ReconcileDiffTable>): Promise<boolean> {
  const res = await db
    .insertInto('reconcile_diffs')
    .values(row)
    .onConflict((oc) => oc.columns(['plat_id', 'bill_date', 'out_trade_no', 'out_refund_no', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findRun(db: Executor, platId: string, billDate: string) {
  return db.selectFrom('reconcile_runs').selectAll().where('plat_id', '=', platId).where('bill_date', '=', billDate).executeTakeFirst();
}

/** Records that a day was matched (the first run inserts, a later run updates its counts). */
export async function saveRun(db: Executor, r: { platId: string; billDate: string; tradeRows: number; refundRows: number; added: number; by: string; at: string }) {
  const res = await db
    .updateTable('reconcile_runs')
    .set((eb) => ({ trade_rows: r.tradeRows, refund_rows: r.refundRows, diffs_added: eb('diffs_added', '+', r.added), run_by: r.by, updated_at: r.at }))
    .where('plat_id', '=', r.platId)
    .where('bill_date', '=', r.billDate)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return;
  await db
    .insertInto('reconcile_runs')
    .values({ plat_id: r.platId, bill_date: r.billDate, trade_rows: r.tradeRows, refund_rows: r.refundRows, diffs_added: r.added, run_by: r.by, created_at: r.at, updated_at: r.at })
    .onConflict((oc) => oc.columns(['plat_id', 'bill_date']).doNothing())
    .execute();
}

export function findDiff(db: Executor, platId: string, id: number) {
  return db.selectFrom('reconcile_diffs').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

/** Compare-and-set: an open difference is resolved once. */
export async function resolveDiff(db: Executor, id: number, patch: { resolution: string; reason: string; resolved_by: string; resolved_at: string }) {
  const res = await db.updateTable('reconcile_diffs').set({ ...patch, state: DIFF_STATE.resolved }).where('id', '=', id).where('state', '=', DIFF_STATE.open).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export interface DiffFilter {
  state?: number;
  kind?: ReconcileKind;
  billDate?: string;
}

function filtered(db: Executor, platId: string, f: DiffFilter) {
  let q = db.selectFrom('reconcile_diffs as d').where('d.plat_id', '=', platId);
  if (f.state !== undefined) q = q.where('d.state', '=', f.state);
  if (f.kind) q = q.where('d.kind', '=', f.kind);
  if (f.billDate) q = q.where('d.bill_date', '=', f.billDate);
  return q;
}

/** The queue's page with the agent and what the payment paid for (left joins: WeChat may know a payment we do not). */
export async function searchDiffs(db: Executor, platId: string, f: DiffFilter, page: number, size: number) {
  const rows = await filtered(db, platId, f)
    .leftJoin('agents as a', 'a.id', 'd.agent_id')
    .leftJoin('wechat_payments as p', 'p.id', 'd.payment_id')
    .selectAll('d')
    .select(['a.agent_name', 'a.phone', 'p.subject_kind', 'p.subject_id'])
    .orderBy('d.bill_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const { n } = await filtered(db, platId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}
