import type { Executor } from '../../db/types.js';

/** Every spec of a platform with its product's name (the code batches' choice and list, ADR 0022). */
export function specOptionsOf(db: Executor, platId: string, ids?: readonly number[]) {
  let q = db
    .selectFrom('single_products as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select(['s.id', 's.spec_disp_str', 'p.prod_name'])
    .where('s.plat_id', '=', platId);
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    q = q.where('s.id', 'in', ids);
  }
  return q.orderBy('p.prod_name').orderBy('s.id').execute();
}
