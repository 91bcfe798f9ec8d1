import type { Executor } from '../../db/types.js';

export function listLines(db: Executor, agentId: number) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'single_prod_id', 'prod_type', 'prod_num'])
    .where('agent_id', '=', agentId)
    .orderBy('id', 'desc')
    .execute();
}

/** The lines the cart shows: those whose spec is still sold to the agent's grade. */
export async function countLines(db: Executor, agentId: number, gradeId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_items as c')
    .innerJoin('single_products as s', 's.id', 'c.single_prod_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('grade_prices as gp', (j) => j.onRef('gp.single_prod_id', '=', 'c.single_prod_id').on('gp.grade_id', '=', gradeId))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.agent_id', '=', agentId)
    .where('p.is_phone_show', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds to the line of this spec, or creates it; the quantity never passes `max`. */
export async function addToLine(
  db: Executor,
  row: { plat_id: string; agent_id: number; single_prod_id: number; prod_type: number; prod_num: number; created_at: string },
  max: number,
) {
  await db
    .insertInto('cart_items')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['agent_id', 'single_prod_id']).doUpdateSet((eb) => ({
        prod_num: eb
          .case()
          .when(eb('cart_items.prod_num', '+', eb.ref('excluded.prod_num')), '>', max)
          .then(max)
          .else(eb('cart_items.prod_num', '+', eb.ref('excluded.prod_num')))
          .end(),
      })),
    )
    .execute();
}

export function findLine(db: Executor, agentId: number, single_prod_id: number) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'prod_num'])
    .where('agent_id', '=', agentId)
    .where('single_prod_id', '=', single_prod_id)
    .executeTakeFirst();
}

/** Only the agent's own lines change; answers how many did. */
export async function setQuantity(db: Executor, agentId: number, cartId: number, prodNum: number): Promise<number> {
  const res = await db
    .updateTable('cart_items')
    .set({ prod_num: prodNum })
    .where('id', '=', cartId)
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteLines(db: Executor, agentId: number, cartIds: number[]): Promise<number> {
  if (cartIds.length === 0) return 0;
  const res = await db.deleteFrom('cart_items').where('agent_id', '=', agentId).where('id', 'in', cartIds).executeTakeFirst();
  return Number(res.numDeletedRows);
}
