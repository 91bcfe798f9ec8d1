import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/types.js';

/** The session agent's platform and grade: what decides which products and prices it sees. */
export function findViewer(db: Executor, agentId: number) {
  return db
    .selectFrom('agents as a')
    .innerJoin('grades as g', 'g.id', 'a.grade_id')
    .select([
      'a.id as agent_id',
      'a.plat_id',
      'a.grade_id',
      'g.grade_name',
      'g.grade_level',
      'g.first_recharge_money',
      'g.bond_money',
    ])
    .where('a.id', '=', agentId)
    .executeTakeFirst();
}
export type ViewerRow = NonNullable<Awaited<ReturnType<typeof findViewer>>>;

export function findGrades(db: Executor, platId: string) {
  return db.selectFrom('grades').selectAll().where('plat_id', '=', platId).orderBy('grade_level').orderBy('id').execute();
}

// ---- products of zones 1 and 2 ----

/** Products shown in a zone to a grade: on the phone, with a price for that grade on at least one spec. */
function zoneProducts(db: Executor, platId: string, prodType: number, gradeId: number) {
  return db
    .selectFrom('products as p')
    .where('p.plat_id', '=', platId)
    .where('p.prod_type', '=', prodType)
    .where('p.is_phone_show', '=', 1)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('single_products as s')
          .innerJoin('grade_prices as gp', 'gp.single_prod_id', 's.id')
          .select('s.id')
          .whereRef('s.product_id', '=', 'p.id')
          .where('gp.grade_id', '=', gradeId),
      ),
    )
    .where((eb) => eb.not(hiddenFrom(eb, gradeId)));
}

/** Staff may hide a product from a grade that has prices for it (product_hidden_grades, ADR 0021). */
function hiddenFrom(eb: ExpressionBuilder<any, any>, gradeId: number) {
  return eb.exists(
    eb
      .selectFrom('product_hidden_grades as h')
      .select('h.product_id')
      .whereRef('h.product_id', '=', 'p.id')
      .where('h.grade_id', '=', gradeId),
  );
}

export async function countZone(db: Executor, platId: string, prodType: number, gradeId: number): Promise<number> {
  const row = await zoneProducts(db, platId, prodType, gradeId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pageZone(db: Executor, platId: string, prodType: number, gradeId: number, limit: number, offset: number) {
  return zoneProducts(db, platId, prodType, gradeId)
    .selectAll('p')
    .orderBy('p.sort')
    .orderBy('p.id')
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
    .where('is_phone_show', '=', 1)
    .executeTakeFirst();
}
export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

/** The columns of a spec that pricing, the cart and gifts read. */
const SPEC_COLUMNS = [
  's.id',
  's.product_id',
  's.spec_disp_str',
  's.price',
  's.img_url',
  's.virtual_num',
  's.weight',
  's.integral_num',
  's.touch_state',
  's.touch_money',
] as const;

/** Specs with what `gradeId` pays for them; specs without a price for the grade are left out. */
function pricedSingles(db: Executor, gradeId: number) {
  return db
    .selectFrom('single_products as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('grade_prices as gp', (j) => j.onRef('gp.single_prod_id', '=', 's.id').on('gp.grade_id', '=', gradeId))
    .select([
      ...SPEC_COLUMNS,
      'gp.final_price',
      'p.prod_name',
      'p.prod_type',
      'p.is_phone_show',
    ])
    .where((eb) => eb.not(hiddenFrom(eb, gradeId)))
    .orderBy('s.sort')
    .orderBy('s.id');
}
export type PricedSingleRow = Awaited<ReturnType<typeof specsOfProducts>>[number];

export function specsOfProducts(db: Executor, productIds: number[], gradeId: number) {
  if (productIds.length === 0) return Promise.resolve([]);
  return pricedSingles(db, gradeId).where('s.product_id', 'in', productIds).execute();
}

export function pricedSinglesById(db: Executor, singleProdIds: readonly number[], gradeId: number) {
  if (singleProdIds.length === 0) return Promise.resolve([]);
  return pricedSingles(db, gradeId).where('s.id', 'in', [...singleProdIds]).execute();
}

// ---- activities (zone 3) ----

/** Activities shown to a grade: on the phone, with a price for the grade on one of the items' specs. */
function shownActivities(db: Executor, platId: string, gradeId: number) {
  return db
    .selectFrom('activities as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .where('a.plat_id', '=', platId)
    .where('a.is_phone_show', '=', 1)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('activity_items as ai')
          .innerJoin('grade_prices as gp', 'gp.single_prod_id', 'ai.single_prod_id')
          .select('ai.id')
          .whereRef('ai.activity_id', '=', 'a.id')
          .where('gp.grade_id', '=', gradeId),
      ),
    );
}

function activityColumns(db: Executor, platId: string, gradeId: number) {
  return shownActivities(db, platId, gradeId).select([
    'a.id',
    'a.product_id',
    'a.exchange_type',
    'a.expiry_start_date',
    'a.expiry_end_date',
    'a.all_use_num',
    'p.prod_name',
    'p.prod_introduction',
    'p.prod_remark',
    'p.main_img_url',
    'p.detail_img_urls',
    'p.detail_video_url',
  ]);
}
export type ActivityRow = Awaited<ReturnType<typeof pageActivities>>[number];

export async function countActivities(db: Executor, platId: string, gradeId: number, onlyRunning: boolean, now: string) {
  let q = shownActivities(db, platId, gradeId);
  if (onlyRunning) q = q.where('a.expiry_start_date', '<=', now).where('a.expiry_end_date', '>', now);
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Running first, then not started, then ended (ISO text compares in time order on both databases); then by sort. */
export function pageActivities(
  db: Executor,
  platId: string,
  gradeId: number,
  onlyRunning: boolean,
  now: string,
  limit: number,
  offset: number,
) {
  let q = activityColumns(db, platId, gradeId);
  if (onlyRunning) q = q.where('a.expiry_start_date', '<=', now).where('a.expiry_end_date', '>', now);
  const rank = sql<number>`case when ${now} < a.expiry_start_date then 1 when ${now} >= a.expiry_end_date then 2 else 0 end`;
  return q.orderBy(rank).orderBy('a.sort').orderBy('a.id').limit(limit).offset(offset).execute();
}

export function findActivity(db: Executor, platId: string, gradeId: number, id: number) {
  return activityColumns(db, platId, gradeId).where('a.id', '=', id).executeTakeFirst();
}

/** The items of some activities with their specs (retail price, stock, weight); items need a price for the grade. */
export function itemsOfActivities(db: Executor, activityIds: number[], gradeId: number) {
  if (activityIds.length === 0) return Promise.resolve([]);
  return activityItems(db, gradeId).where('ai.activity_id', 'in', activityIds).execute();
}
export type ActivityItemRow = Awaited<ReturnType<typeof itemsOfActivities>>[number];

function activityItems(db: Executor, gradeId: number) {
  return db
    .selectFrom('activity_items as ai')
    .innerJoin('activities as a', 'a.id', 'ai.activity_id')
    .innerJoin('single_products as s', 's.id', 'ai.single_prod_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('grade_prices as gp', (j) => j.onRef('gp.single_prod_id', '=', 's.id').on('gp.grade_id', '=', gradeId))
    .select([
      'ai.id',
      'ai.activity_id',
      'ai.single_prod_id',
      'ai.exchange_integral',
      'ai.exchange_price',
      'ai.last_num',
      'ai.spec_info',
      'a.plat_id',
      'a.exchange_type',
      'a.expiry_start_date',
      'a.expiry_end_date',
      'a.is_phone_show',
      's.product_id',
      's.spec_disp_str',
      's.price',
      's.img_url',
      's.virtual_num',
      's.weight',
      's.integral_num',
      's.touch_state',
      's.touch_money',
      'p.prod_name',
      'p.prod_type',
      'gp.final_price',
    ])
    .orderBy('ai.id');
}

/** The items of one activity of the platform, priced for the grade (an item without a price is absent). */
export function activityItemsOf(db: Executor, platId: string, activityId: number, gradeId: number) {
  return activityItems(db, gradeId).where('ai.activity_id', '=', activityId).where('a.plat_id', '=', platId).execute();
}

/** The free gifts of a grade, with their specs and the grade's price when it has one. */
export function giftsOfGrade(db: Executor, gradeId: number) {
  return db
    .selectFrom('grade_gifts as gg')
    .innerJoin('single_products as s', 's.id', 'gg.single_prod_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('grade_prices as gp', (j) => j.onRef('gp.single_prod_id', '=', 's.id').on('gp.grade_id', '=', gradeId))
    .select([
      'gg.buy_num',
      ...SPEC_COLUMNS,
      'p.prod_name',
      'p.prod_type',
      'gp.final_price',
    ])
    .where('gg.grade_id', '=', gradeId)
    .orderBy('s.id')
    .execute();
}
