import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/types.js';

/** The catalog as staff edit it (ADR 0021): every product of zones 1 and 2, on shelf or not. */

export interface ProductFilter {
  keyword?: string | null;
  prodType?: number | null;
  onShelf?: boolean | null;
}

function products(db: Executor, platId: string, f: ProductFilter) {
  let q = db.selectFrom('products as p').where('p.plat_id', '=', platId).where('p.prod_type', 'in', [1, 2]);
  if (f.keyword) {
    // The keyword is text, not a pattern: % and _ are escaped.
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where('p.prod_name', 'like', sql<string>`${like} escape '\\'`);
  }
  if (f.prodType) q = q.where('p.prod_type', '=', f.prodType);
  if (f.onShelf !== undefined && f.onShelf !== null) q = q.where('p.is_phone_show', '=', f.onShelf ? 1 : 0);
  return q;
}

export async function countProducts(db: Executor, platId: string, f: ProductFilter): Promise<number> {
  const r = await products(db, platId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Newest first, with the specs' count, stock and retail price range. */
export function pageProducts(db: Executor, platId: string, f: ProductFilter, limit: number, offset: number) {
  return products(db, platId, f)
    .leftJoin('single_products as s', 's.product_id', 'p.id')
    .select((eb) => [
      'p.id',
      'p.prod_name',
      'p.prod_type',
      'p.main_img_url',
      'p.is_phone_show',
      'p.base_sale',
      'p.actual_sale',
      eb.fn.count<number>('s.id').as('spec_count'),
      eb.fn.coalesce(eb.fn.sum<number>('s.virtual_num'), eb.lit(0)).as('stock'),
      eb.fn.coalesce(eb.fn.min<number>('s.price'), eb.lit(0)).as('min_price'),
      eb.fn.coalesce(eb.fn.max<number>('s.price'), eb.lit(0)).as('max_price'),
    ])
    .groupBy(['p.id', 'p.prod_name', 'p.prod_type', 'p.main_img_url', 'p.is_phone_show', 'p.base_sale', 'p.actual_sale'])
    .orderBy('p.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findProduct(db: Executor, platId: string, prodId: number) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', prodId)
    .where('plat_id', '=', platId)
    .where('prod_type', 'in', [1, 2])
    .executeTakeFirst();
}
export type AdminProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export function specsOf(db: Executor, prodId: number) {
  return db.selectFrom('single_products').selectAll().where('product_id', '=', prodId).orderBy('sort').orderBy('id').execute();
}

export function gradePricesOf(db: Executor, specIds: number[]) {
  if (specIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('grade_prices').selectAll().where('single_prod_id', 'in', specIds).execute();
}

export function giftsOf(db: Executor, specIds: number[]) {
  if (specIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('grade_gifts').selectAll().where('single_prod_id', 'in', specIds).orderBy('grade_id').execute();
}

export async function hiddenGradesOf(db: Executor, prodId: number): Promise<number[]> {
  const rows = await db.selectFrom('product_hidden_grades').select('grade_id').where('product_id', '=', prodId).execute();
  return rows.map((r) => Number(r.grade_id));
}

export type ProductValues = {
  prod_name: string;
  prod_type: number;
  prod_introduction: string;
  prod_remark: string;
  main_img_url: string;
  detail_img_urls: string;
  is_phone_show: number;
};

export async function insertProduct(trx: Trx, platId: string, v: ProductValues, at: string): Promise<number> {
  const r = await trx
    .insertInto('products')
    .values({ ...v, plat_id: platId, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateProduct(trx: Trx, prodId: number, v: ProductValues): Promise<void> {
  await trx.updateTable('products').set(v).where('id', '=', prodId).execute();
}

/** A product moved out of the welfare zone loses its specs' points rule (offset and gift points are welfare-only). */
export async function clearWelfareRule(trx: Trx, prodId: number): Promise<void> {
  await trx.updateTable('single_products').set({ touch_state: 0, touch_money: 0, integral_num: 0 }).where('product_id', '=', prodId).execute();
}

export async function replaceHiddenGrades(trx: Trx, prodId: number, gradeIds: number[]): Promise<void> {
  await trx.deleteFrom('product_hidden_grades').where('product_id', '=', prodId).execute();
  if (gradeIds.length) await trx.insertInto('product_hidden_grades').values(gradeIds.map((g) => ({ product_id: prodId, grade_id: g }))).execute();
}

/** A spec of the platform with its product's zone. */
export function findSpec(db: Executor, platId: string, singleProdId: number) {
  return db
    .selectFrom('single_products as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .selectAll('s')
    .select(['p.prod_type', 'p.prod_name'])
    .where('s.id', '=', singleProdId)
    .where('s.plat_id', '=', platId)
    .where('p.prod_type', 'in', [1, 2])
    .executeTakeFirst();
}
export type AdminSpecRow = NonNullable<Awaited<ReturnType<typeof findSpec>>>;

export type SpecValues = { spec_disp_str: string; price: number; weight: number; touch_state: number; touch_money: number; integral_num: number };

export async function insertSpec(trx: Trx, platId: string, prodId: number, v: SpecValues & { virtual_num: number; img_url: string }): Promise<number> {
  const r = await trx
    .insertInto('single_products')
    .values({ ...v, plat_id: platId, product_id: prodId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateSpec(trx: Trx, singleProdId: number, v: SpecValues): Promise<void> {
  await trx.updateTable('single_products').set(v).where('id', '=', singleProdId).execute();
}

export async function replaceGradePrices(trx: Trx, singleProdId: number, prices: { gradeId: number; price: number }[]): Promise<void> {
  await trx.deleteFrom('grade_prices').where('single_prod_id', '=', singleProdId).execute();
  await trx
    .insertInto('grade_prices')
    .values(prices.map((p) => ({ single_prod_id: singleProdId, grade_id: p.gradeId, final_price: p.price })))
    .execute();
}

/**
 * Serialises writes to one spec's rows (PostgreSQL: the spec's row lock until commit; SQLite runs one transaction at a
 * time): two replaces of its gifts at once would otherwise both delete, then the second insert would hit the key.
 */
export async function lockSpec(trx: Trx, singleProdId: number): Promise<void> {
  await trx
    .updateTable('single_products')
    .set((eb) => ({ sort: eb.ref('sort') }))
    .where('id', '=', singleProdId)
    .execute();
}

export async function replaceSpecGifts(trx: Trx, singleProdId: number, gifts: { gradeId: number; buyNum: number }[]): Promise<void> {
  await trx.deleteFrom('grade_gifts').where('single_prod_id', '=', singleProdId).execute();
  if (gifts.length)
    await trx
      .insertInto('grade_gifts')
      .values(gifts.map((g) => ({ single_prod_id: singleProdId, grade_id: g.gradeId, buy_num: g.buyNum })))
      .execute();
}

/**
 * Applies a stock delta with a conditional update (never an overwrite, so it cannot race with a sale's own conditional
 * decrement): answers the stock after, or null when the delta would take it below zero (nothing changed).
 */
export async function applyStockDelta(trx: Trx, singleProdId: number, delta: number): Promise<number | null> {
  const r = await trx
    .updateTable('single_products')
    .set((eb) => ({ virtual_num: eb('virtual_num', '+', delta) }))
    .where('id', '=', singleProdId)
    .where((eb) => eb(eb('virtual_num', '+', delta), '>=', 0))
    .returning('virtual_num')
    .executeTakeFirst();
  return r ? r.virtual_num : null;
}

export async function insertStockChange(
  trx: Trx,
  v: { platId: string; singleProdId: number; delta: number; stockAfter: number; reason: string; staffId: number; staffName: string; at: string },
): Promise<void> {
  await trx
    .insertInto('stock_changes')
    .values({
      plat_id: v.platId,
      single_prod_id: v.singleProdId,
      delta: v.delta,
      stock_after: v.stockAfter,
      reason: v.reason,
      staff_id: v.staffId,
      staff_name: v.staffName.slice(0, 64),
      created_at: v.at,
    })
    .execute();
}

export async function countStockChanges(db: Executor, singleProdId: number): Promise<number> {
  const r = await db
    .selectFrom('stock_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('single_prod_id', '=', singleProdId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function pageStockChanges(db: Executor, singleProdId: number, limit: number, offset: number) {
  return db
    .selectFrom('stock_changes')
    .selectAll()
    .where('single_prod_id', '=', singleProdId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
