import type { Executor } from '../../db/types.js';

/** A spec with its product's name, for the public trace and anti-counterfeit answers (ADR 0018). */
export function findSingleWithProduct(db: Executor, singleProdId: number) {
  return db
    .selectFrom('single_products as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select(['s.id', 's.price', 's.img_url', 's.spec_disp_str', 'p.prod_name', 'p.main_img_url'])
    .where('s.id', '=', singleProdId)
    .executeTakeFirst();
}
