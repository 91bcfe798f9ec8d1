import type { Insertable, Selectable } from 'kysely';
import type { NetworkIncomeTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export type IncomeRow = Selectable<NetworkIncomeTable>;

export async function releaseDays(db: Executor, platId: string): Promise<number> {
  const r = await db.selectFrom('income_settings').select('release_days').where('plat_id', '=', platId).executeTakeFirst();
  return r?.release_days ?? 7;
}

export async function recruitReward(db: Executor, gradeId: number): Promise<number> {
  const r = await db.selectFrom('grade_income_rules').select('recruit_reward').where('grade_id', '=', gradeId).executeTakeFirst();
  return Number(r?.recruit_reward ?? 0);
}

/** Claims a source (an order, a first top-up) for accrual: true for the one transaction that may accrue it. */
export async function claimSource(trx: Trx, kind: string, id: number, platId: string, at: string): Promise<boolean> {
  const r = await trx
    .insertInto('income_sources')
    .values({ source_kind: kind, source_id: id, plat_id: platId, created_at: at })
    .onConflict((oc) => oc.columns(['source_kind', 'source_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertIncome(trx: Trx, row: Insertable<NetworkIncomeTable>) {
  await trx.insertInto('network_incomes').values(row).execute();
}

/**
 * Paid ordinary orders (order_type 1) not yet accrued, oldest first. Reads the order module's table: the accrual
 * sweep is the one place that turns a paid order into income, whatever paid it (ADR 0017).
 */
export function unaccruedPaidOrders(db: Executor, limit: number) {
  return db
    .selectFrom('orders as o')
    .select(['o.id', 'o.plat_id', 'o.order_code', 'o.create_agent_id'])
    .where('o.pay_state', '=', 1)
    .where('o.order_type', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('income_sources as s').select('s.source_id').where('s.source_kind', '=', 'order').whereRef('s.source_id', '=', 'o.id'))),
    )
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/**
 * The paid lines of an order, without activity (welfare, seckill) lines: a free gift line (isFirstGift, price 0) earns
 * nothing and is no paid line's floor (ADR 0027).
 */
export function incomeLines(db: Executor, orderId: number) {
  return db
    .selectFrom('order_lines')
    .select(['id', 'single_prod_id', 'buy_num', 'prod_deal_price'])
    .where('order_id', '=', orderId)
    .where('activity_item_id', 'is', null)
    .where('is_first_gift', '=', 0)
    .where('prod_deal_price', '>', 0)
    .orderBy('id')
    .execute();
}

/** The agent, its grade and its inviter: one step up the chain. */
export function chainStep(db: Executor, agentId: number) {
  return db.selectFrom('agents').select(['id', 'grade_id', 'inviter_id', 'is_active']).where('id', '=', agentId).executeTakeFirst();
}

export async function gradePrices(db: Executor, gradeId: number, singleProdIds: readonly number[]) {
  if (singleProdIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('grade_prices')
    .select(['single_prod_id', 'final_price'])
    .where('grade_id', '=', gradeId)
    .where('single_prod_id', 'in', singleProdIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.single_prod_id), Number(r.final_price)]));
}

/** Frozen income rows after `afterId`, oldest first: the job pages through all of them by id. */
export function frozenIncomes(db: Executor, afterId: number, limit: number) {
  return db.selectFrom('network_incomes').selectAll().where('state', '=', 0).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export function orderStates(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('orders').select(['id', 'circulation_state', 'receipt_date']).where('id', 'in', orderIds).execute();
}

/**
 * Compare-and-set frozen → released / voided: true for the one caller that settles it. The amount read is part of the
 * guard: a refund that cancelled part of the row meanwhile (ADR 0034) makes this settle wait for the next run.
 */
export async function settleIncome(trx: Trx, id: number, to: 1 | 2, at: string, amount: number): Promise<boolean> {
  const r = await trx.updateTable('network_incomes').set({ state: to, settled_at: at }).where('id', '=', id).where('state', '=', 0).where('amount', '=', amount).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** ADR 0034: the income rows an order earned that are frozen or released (not voided), by id. */
export function incomesOfOrder(db: Executor, orderId: number) {
  return db.selectFrom('network_incomes').selectAll().where('source_kind', '=', 'order').where('source_id', '=', orderId).where('state', 'in', [0, 1]).orderBy('id').execute();
}

/**
 * ADR 0034: cancels `x` of a frozen row (compare-and-set on the amount read); a row left at zero is voided. False when
 * the row moved meanwhile (released by the job, or another refund).
 */
export async function cancelFrozen(trx: Trx, r: Pick<IncomeRow, 'id' | 'amount'>, x: number, at: string): Promise<boolean> {
  const left = Number(r.amount) - x;
  const res = await trx
    .updateTable('network_incomes')
    .set((eb) => ({ amount: left, cancelled_amount: eb('cancelled_amount', '+', x), ...(left === 0 ? { state: 2, settled_at: at } : {}) }))
    .where('id', '=', Number(r.id))
    .where('state', '=', 0)
    .where('amount', '=', Number(r.amount))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** ADR 0034: records `x` more clawed back of a released row (compare-and-set on the claw-back read). */
export async function addClawed(trx: Trx, r: Pick<IncomeRow, 'id' | 'clawed_amount'>, x: number): Promise<boolean> {
  const res = await trx
    .updateTable('network_incomes')
    .set({ clawed_amount: Number(r.clawed_amount) + x })
    .where('id', '=', Number(r.id))
    .where('state', '=', 1)
    .where('clawed_amount', '=', Number(r.clawed_amount))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** ADR 0034: a claw-back the total score could not cover. */
export async function insertDebt(trx: Trx, row: { plat_id: string; agent_id: number; amount: number; source_code: string; created_at: string }) {
  await trx.insertInto('income_debts').values(row).execute();
}

/** The agent's debts not yet paid, oldest first. */
export function openDebts(db: Executor, agentId: number) {
  return db.selectFrom('income_debts').selectAll().where('agent_id', '=', agentId).whereRef('paid', '<', 'amount').orderBy('id').execute();
}

/** Pays `x` of a debt (compare-and-set on what was paid). */
export async function payDebt(trx: Trx, d: { id: number; paid: number }, x: number): Promise<boolean> {
  const res = await trx.updateTable('income_debts').set({ paid: Number(d.paid) + x }).where('id', '=', Number(d.id)).where('paid', '=', Number(d.paid)).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** What the agent still owes, fen (shown on the refund and in the console). */
export async function debtOf(db: Executor, agentId: number): Promise<number> {
  const rows = await openDebts(db, agentId);
  return rows.reduce((s, d) => s + Number(d.amount) - Number(d.paid), 0);
}

/** ADR 0038: the income rows of a source of another kind (a VD order's retail income), frozen or released, by id. */
export function incomesOfSource(db: Executor, kind: string, sourceId: number) {
  return db.selectFrom('network_incomes').selectAll().where('source_kind', '=', kind).where('source_id', '=', sourceId).where('state', 'in', [0, 1]).orderBy('id').execute();
}

/** ADR 0038: a frozen row's release date (a VD order received: receipt + the release days); the release job does the rest. */
export async function setReleaseAt(trx: Executor, kind: string, sourceId: number, releaseAt: string) {
  await trx.updateTable('network_incomes').set({ release_at: releaseAt }).where('source_kind', '=', kind).where('source_id', '=', sourceId).where('state', '=', 0).execute();
}
