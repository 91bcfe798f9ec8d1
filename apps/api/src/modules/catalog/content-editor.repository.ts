import type { Executor } from '../../db/types.js';

/** Banners, notices and activities as the staff console reads and writes them (ADR 0022). */

async function paged<T>(rows: Promise<T[]>, count: Promise<{ n: number | string | bigint }>) {
  const [r, c] = await Promise.all([rows, count]);
  return { rows: r, total: Number(c.n) };
}

export function pageBanners(db: Executor, platId: string, limit: number, offset: number) {
  const q = db.selectFrom('banners').where('plat_id', '=', platId).where('type', '=', 1);
  return paged(
    q.selectAll().orderBy('sort').orderBy('id').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
}
export type BannerRow = Awaited<ReturnType<typeof pageBanners>>['rows'][number];

export function findBanner(db: Executor, platId: string, id: number) {
  return db.selectFrom('banners').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

type BannerValues = { img_url: string; link_url: string; sort: number; start_at: string | null; end_at: string | null; enabled: number };

export async function insertBanner(db: Executor, platId: string, v: BannerValues): Promise<number> {
  const row = await db.insertInto('banners').values({ plat_id: platId, type: 1, ...v }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateBanner(db: Executor, platId: string, id: number, v: BannerValues): Promise<boolean> {
  const r = await db.updateTable('banners').set(v).where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function pageNoticesAdmin(db: Executor, platId: string, keyword: string, limit: number, offset: number) {
  let q = db.selectFrom('notices').where('plat_id', '=', platId);
  const text = keyword.replace(/[\\%_]/g, '');
  if (text) q = q.where('notice_name', 'like', `%${text}%`);
  return paged(
    q.selectAll().orderBy('release_date', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
}
export type NoticeAdminRow = Awaited<ReturnType<typeof pageNoticesAdmin>>['rows'][number];

export function findNoticeAdmin(db: Executor, platId: string, id: number) {
  return db.selectFrom('notices').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

type NoticeValues = { notice_name: string; notice_content: string; is_timing_release: number; release_date: string; modified_at: string };

export async function insertNotice(db: Executor, platId: string, v: NoticeValues): Promise<number> {
  const row = await db.insertInto('notices').values({ plat_id: platId, created_at: v.modified_at, ...v }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Compare-and-set on the modification time the editor loaded: a second editor's older copy does not overwrite. */
export async function updateNotice(db: Executor, platId: string, id: number, seen: string, v: NoticeValues): Promise<boolean> {
  const r = await db.updateTable('notices').set(v).where('plat_id', '=', platId).where('id', '=', id).where('modified_at', '=', seen).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- activities ----

export function pageActivitiesAdmin(db: Executor, platId: string, keyword: string, limit: number, offset: number) {
  let q = db.selectFrom('activities as a').innerJoin('products as p', 'p.id', 'a.product_id').where('a.plat_id', '=', platId);
  const text = keyword.replace(/[\\%_]/g, '');
  if (text) q = q.where('p.prod_name', 'like', `%${text}%`);
  return paged(
    q.selectAll('a').select('p.prod_name').orderBy('a.id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
}
export type ActivityAdminRow = Awaited<ReturnType<typeof pageActivitiesAdmin>>['rows'][number];

export function activityItemsOf(db: Executor, activityIds: number[]) {
  if (activityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('activity_items as ai')
    .innerJoin('single_products as s', 's.id', 'ai.single_prod_id')
    .select(['ai.activity_id', 'ai.single_prod_id', 'ai.exchange_integral', 'ai.exchange_price', 'ai.last_num', 's.spec_disp_str'])
    .where('ai.activity_id', 'in', activityIds)
    .orderBy('ai.id')
    .execute();
}

export function findActivity(db: Executor, platId: string, id: number) {
  return db.selectFrom('activities').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

/** The product's specs (id and name) when the product is this platform's. */
export function specsOfProduct(db: Executor, platId: string, productId: number) {
  return db
    .selectFrom('single_products')
    .select(['id', 'spec_disp_str'])
    .where('plat_id', '=', platId)
    .where('product_id', '=', productId)
    .execute();
}

type ActivityValues = { product_id: number; exchange_type: number; expiry_start_date: string; expiry_end_date: string; is_phone_show: number; sort: number };
type ItemValues = { single_prod_id: number; exchange_integral: number; exchange_price: number; last_num: number; spec_info: string };

export async function insertActivity(db: Executor, platId: string, at: string, v: ActivityValues): Promise<number> {
  const row = await db.insertInto('activities').values({ plat_id: platId, created_at: at, ...v }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateActivity(db: Executor, platId: string, id: number, v: ActivityValues): Promise<boolean> {
  const r = await db.updateTable('activities').set(v).where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * The activity's items become `items`: kept specs are updated in place (their row ids, which orders may name, stay),
 * new ones inserted, dropped ones deleted. A kept item's stock moves by `stockDelta` with a conditional update (never
 * below zero, never an overwrite of exchanges made meanwhile); false when that would go below zero.
 */
export async function replaceItems(db: Executor, activityId: number, items: (ItemValues & { stockDelta: number | null })[]): Promise<boolean> {
  const existing = await db.selectFrom('activity_items').select(['id', 'single_prod_id']).where('activity_id', '=', activityId).execute();
  const keep = new Set(items.map((i) => i.single_prod_id));
  const drop = existing.filter((e) => !keep.has(Number(e.single_prod_id))).map((e) => Number(e.id));
  if (drop.length) await db.deleteFrom('activity_items').where('id', 'in', drop).execute();
  for (const { stockDelta, ...item } of items) {
    const found = existing.find((e) => Number(e.single_prod_id) === item.single_prod_id);
    if (!found) {
      await db.insertInto('activity_items').values({ activity_id: activityId, ...item }).execute();
      continue;
    }
    const { last_num, ...rest } = item;
    const delta = stockDelta ?? null;
    const r = await db
      .updateTable('activity_items')
      .set((eb) => ({ ...rest, last_num: delta === null ? last_num : eb('last_num', '+', delta) }))
      .where('id', '=', Number(found.id))
      .where((eb) => (delta === null ? eb.lit(true) : eb('last_num', '>=', -delta)))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
  }
  return true;
}
