import type { Insertable, Selectable, Updateable } from 'kysely';
import type { StoreOrderLineTable, StoreOrderTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

/** The agents' stores, their prices and VD orders (ADR 0038). Reads of agents, grades and the catalog are joins only. */

export type StoreOrderRow = Selectable<StoreOrderTable>;
export type StoreOrderLineRow = Selectable<StoreOrderLineTable>;

// ------------------------------------------------------------ switches and stores

export function agentForStore(db: Executor, agentId: number) {
  return db
    .selectFrom('agents as a')
    .leftJoin('grades as g', 'g.id', 'a.grade_id')
    .leftJoin('store_grade_switches as sw', (j) => j.onRef('sw.grade_id', '=', 'a.grade_id').onRef('sw.plat_id', '=', 'a.plat_id'))
    .leftJoin('stores as s', 's.agent_id', 'a.id')
    .select([
      'a.id', 'a.plat_id', 'a.agent_name', 'a.grade_id', 'a.is_active', 'g.grade_name', 'sw.enabled as grade_enabled',
      's.id as store_id', 's.enabled_override', 's.store_name', 's.store_img_url', 's.greeting',
    ])
    .where('a.id', '=', agentId)
    .executeTakeFirst();
}

export async function ensureStore(db: Executor, platId: string, agentId: number, at: string) {
  await db
    .insertInto('stores')
    .values({ plat_id: platId, agent_id: agentId, enabled_override: null, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('agent_id').doNothing())
    .execute();
  return db.selectFrom('stores').selectAll().where('agent_id', '=', agentId).executeTakeFirstOrThrow();
}

export function storeById(db: Executor, id: number) {
  return db
    .selectFrom('stores as s')
    .innerJoin('agents as a', 'a.id', 's.agent_id')
    .leftJoin('store_grade_switches as sw', (j) => j.onRef('sw.grade_id', '=', 'a.grade_id').onRef('sw.plat_id', '=', 'a.plat_id'))
    .select(['s.id', 's.plat_id', 's.agent_id', 's.enabled_override', 's.store_name', 's.store_img_url', 's.greeting', 'a.grade_id', 'a.is_active', 'a.agent_name', 'sw.enabled as grade_enabled'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export async function saveStoreHead(db: Executor, storeId: number, v: { store_name: string; store_img_url: string; greeting: string; updated_at: string }) {
  await db.updateTable('stores').set(v).where('id', '=', storeId).execute();
}

export async function setOverride(db: Executor, storeId: number, override: number | null, at: string) {
  await db.updateTable('stores').set({ enabled_override: override, updated_at: at }).where('id', '=', storeId).execute();
}

export function gradesWithSwitch(db: Executor, platId: string) {
  return db
    .selectFrom('grades as g')
    .leftJoin('store_grade_switches as sw', (j) => j.onRef('sw.grade_id', '=', 'g.id').onRef('sw.plat_id', '=', 'g.plat_id'))
    .select(['g.id', 'g.grade_name', 'g.grade_level', 'sw.enabled'])
    .where('g.plat_id', '=', platId)
    .orderBy('g.grade_level')
    .execute();
}

export function findGrade(db: Executor, platId: string, gradeId: number) {
  return db.selectFrom('grades').select(['id', 'grade_name']).where('plat_id', '=', platId).where('id', '=', gradeId).executeTakeFirst();
}

export async function setGradeSwitch(db: Executor, platId: string, gradeId: number, enabled: number) {
  await db
    .insertInto('store_grade_switches')
    .values({ plat_id: platId, grade_id: gradeId, enabled })
    .onConflict((oc) => oc.columns(['plat_id', 'grade_id']).doUpdateSet({ enabled }))
    .execute();
}

// ------------------------------------------------------------ bands and prices

/** Every spec of the platform with its band (when set) and, for a grade, its grade price; visible products only. */
export function specsWithBands(db: Executor, platId: string, gradeId: number | null, o: { retailOnly: boolean; keyword?: string; prodId?: number }) {
  let q = db
    .selectFrom('single_products as sp')
    .innerJoin('products as p', 'p.id', 'sp.product_id')
    .leftJoin('retail_bands as b', 'b.single_prod_id', 'sp.id')
    .select([
      'sp.id as single_prod_id', 'sp.product_id', 'sp.spec_disp_str', 'sp.img_url', 'sp.price as sale_price', 'sp.virtual_num', 'sp.sort',
      'p.prod_name', 'p.main_img_url', 'p.sort as prod_sort', 'p.prod_introduction', 'p.detail_img_urls',
      'b.retail_enabled', 'b.default_price', 'b.min_price', 'b.max_price',
    ])
    .where('sp.plat_id', '=', platId)
    .where('p.prod_type', '=', 1);
  if (gradeId !== null) {
    q = q
      .innerJoin('grade_prices as gp', (j) => j.onRef('gp.single_prod_id', '=', 'sp.id').on('gp.grade_id', '=', gradeId))
      .select('gp.final_price as grade_price')
      .where('p.is_phone_show', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('product_hidden_grades as h').select('h.product_id').whereRef('h.product_id', '=', 'p.id').where('h.grade_id', '=', gradeId))),
      ) as any;
  }
  if (o.retailOnly) q = q.where('b.retail_enabled', '=', 1);
  if (o.keyword) q = q.where('p.prod_name', 'like', `%${o.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
  if (o.prodId) q = q.where('p.id', '=', o.prodId);
  return q.orderBy('p.sort').orderBy('p.id').orderBy('sp.sort').orderBy('sp.id').execute() as Promise<
    {
      single_prod_id: number; product_id: number; spec_disp_str: string; img_url: string; sale_price: number; virtual_num: number;
      prod_name: string; main_img_url: string; prod_introduction: string; detail_img_urls: string;
      retail_enabled: number | null; default_price: number | null; min_price: number | null; max_price: number | null; grade_price?: number;
    }[]
  >;
}

export function findSpec(db: Executor, platId: string, singleProdId: number) {
  return db.selectFrom('single_products').select(['id']).where('plat_id', '=', platId).where('id', '=', singleProdId).executeTakeFirst();
}

export async function saveBand(db: Executor, row: { single_prod_id: number; plat_id: string; retail_enabled: number; default_price: number; min_price: number; max_price: number; updated_at: string; updated_by: string }) {
  const { single_prod_id: _id, plat_id: _p, ...rest } = row;
  await db.insertInto('retail_bands').values(row).onConflict((oc) => oc.column('single_prod_id').doUpdateSet(rest)).execute();
}

export function bandOf(db: Executor, singleProdId: number) {
  return db.selectFrom('retail_bands').selectAll().where('single_prod_id', '=', singleProdId).executeTakeFirst();
}

export function pricesOf(db: Executor, storeId: number) {
  return db.selectFrom('store_prices').selectAll().where('store_id', '=', storeId).execute();
}

export async function savePrice(trx: Trx, row: { store_id: number; single_prod_id: number; retail_price: number; shown: number }) {
  await trx
    .insertInto('store_prices')
    .values(row)
    .onConflict((oc) => oc.columns(['store_id', 'single_prod_id']).doUpdateSet({ retail_price: row.retail_price, shown: row.shown }))
    .execute();
}

// ------------------------------------------------------------ orders

export async function insertOrder(trx: Trx, row: Insertable<StoreOrderTable>): Promise<number> {
  const r = await trx.insertInto('store_orders').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function setOrderCode(trx: Trx, id: number, code: string) {
  await trx.updateTable('store_orders').set({ order_code: code }).where('id', '=', id).execute();
}

export async function insertLines(trx: Trx, rows: Insertable<StoreOrderLineTable>[]) {
  if (rows.length) await trx.insertInto('store_order_lines').values(rows).execute();
}

export function orderByKey(db: Executor, consumerId: number, key: string) {
  return db.selectFrom('store_orders').selectAll().where('consumer_id', '=', consumerId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function orderById(db: Executor, id: number) {
  return db.selectFrom('store_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function orderByCode(db: Executor, code: string) {
  return db.selectFrom('store_orders').selectAll().where('order_code', '=', code).executeTakeFirst();
}

export function linesOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([] as StoreOrderLineRow[]);
  return db.selectFrom('store_order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

/** Compare-and-set of a VD order's state (ADR 0038): true for the one caller that moved it. */
export async function moveOrder(trx: Executor, id: number, from: number, to: number, patch: Omit<Updateable<StoreOrderTable>, 'id' | 'state'> = {}): Promise<boolean> {
  const r = await trx.updateTable('store_orders').set({ ...patch, state: to }).where('id', '=', id).where('state', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The consumer's orders: their own, or any order placed with the phone they confirmed (another device). */
export function pageConsumerOrders(db: Executor, consumerId: number, phone: string | null, state: number | undefined, page: { limit: number; offset: number }) {
  let q = db.selectFrom('store_orders as o').innerJoin('stores as s', 's.id', 'o.store_id');
  q = q.where((eb) => (phone ? eb.or([eb('o.consumer_id', '=', consumerId), eb('o.consumer_phone', '=', phone)]) : eb('o.consumer_id', '=', consumerId)));
  if (state !== undefined) q = q.where('o.state', '=', state);
  return Promise.all([
    q.selectAll('o').select('s.store_name').orderBy('o.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}

export function pageAgentOrders(db: Executor, agentId: number, state: number | undefined, page: { limit: number; offset: number }) {
  let q = db.selectFrom('store_orders as o').where('o.agent_id', '=', agentId);
  if (state !== undefined) q = q.where('o.state', '=', state);
  return Promise.all([
    q.selectAll('o').orderBy('o.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}

export function pageStaffOrders(db: Executor, platId: string, f: { orderCode?: string; state?: number }, page: { limit: number; offset: number }) {
  let q = db
    .selectFrom('store_orders as o')
    .innerJoin('stores as s', 's.id', 'o.store_id')
    .innerJoin('agents as a', 'a.id', 'o.agent_id')
    .where('o.plat_id', '=', platId);
  if (f.orderCode) q = q.where('o.order_code', '=', f.orderCode);
  if (f.state !== undefined) q = q.where('o.state', '=', f.state);
  return Promise.all([
    q.selectAll('o').select(['s.store_name', 'a.agent_name']).orderBy('o.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}

/** Orders paid in [from, to) and the retail income they carry (the store summary; refunded orders excluded). */
export async function paidBetween(db: Executor, agentId: number, from: string, to: string) {
  const r = await db
    .selectFrom('store_orders')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('retail_income'), eb.lit(0)).as('income')])
    .where('agent_id', '=', agentId)
    .where('pay_date', '>=', from)
    .where('pay_date', '<', to)
    .where('state', 'in', [3, 4, 5])
    .executeTakeFirstOrThrow();
  return { orderCount: Number(r.n), retailIncome: Number(r.income) };
}

/** The retail income rows of orders (network_incomes, source_kind 'store_order'): state, amount, claw-back. */
export function incomeRowsOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('network_incomes')
    .select(['id', 'source_id', 'state', 'amount', 'cancelled_amount', 'clawed_amount'])
    .where('source_kind', '=', 'store_order')
    .where('source_id', 'in', orderIds)
    .execute();
}

export async function frozenRetailIncome(db: Executor, agentId: number) {
  const r = await db
    .selectFrom('network_incomes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('s'))
    .where('agent_id', '=', agentId)
    .where('source_kind', '=', 'store_order')
    .where('state', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(r.s);
}

export function unpaidExpired(db: Executor, at: string, limit: number) {
  return db.selectFrom('store_orders').selectAll().where('state', '=', 1).where('pay_deadline', '<=', at).orderBy('id').limit(limit).execute();
}

export function shippedSentBy(db: Executor, platId: string, sentBy: string, limit: number) {
  return db.selectFrom('store_orders').selectAll().where('plat_id', '=', platId).where('state', '=', 4).where('send_date', '<=', sentBy).orderBy('id').limit(limit).execute();
}

export async function platformsWithShipped(db: Executor) {
  const rows = await db.selectFrom('store_orders').select('plat_id').distinct().where('state', '=', 4).execute();
  return rows.map((r) => r.plat_id);
}

/** WeChat money of VD orders paid in a window (the cash report, ADR 0031): received and refunded, fen. */
export async function cashBetween(db: Executor, platId: string, from: string, to: string) {
  const paid = await db
    .selectFrom('wechat_payments')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('s')])
    .where('plat_id', '=', platId)
    .where('subject_kind', '=', 'store_order' as any)
    .where('state', '=', 1)
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .executeTakeFirstOrThrow();
  return { count: Number(paid.n), amount: Number(paid.s) };
}

/** The order rules' payment window (minutes), shared with the agents' orders (spec 1 §4; default 30). */
export async function payMinutes(db: Executor, platId: string): Promise<number> {
  const r = await db.selectFrom('order_rules').select('no_pay_minutes').where('plat_id', '=', platId).executeTakeFirst();
  return r?.no_pay_minutes ?? 30;
}

/** A WeChat payment of a VD order by its out_trade_no (the /vapi read-back). */
export function paymentBySerial(db: Executor, outTradeNo: string) {
  return db.selectFrom('wechat_payments').selectAll().where('out_trade_no', '=', outTradeNo).where('subject_kind', '=', 'store_order').executeTakeFirst();
}

export async function incomeBalance(db: Executor, agentId: number): Promise<number> {
  const r = await db.selectFrom('agents').select('lave_income').where('id', '=', agentId).executeTakeFirst();
  return Number(r?.lave_income ?? 0);
}
