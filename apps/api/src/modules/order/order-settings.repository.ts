import type { Executor, Trx } from '../../db/types.js';

/** The console's settings (ADR 0022): the order rules, the pay methods and freight per province. */
export async function read(db: Executor, platId: string) {
  const [orderRules, payMethods, freight] = await Promise.all([
    db.selectFrom('order_rules').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
    db.selectFrom('pay_methods').selectAll().where('plat_id', '=', platId).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('freight_rules').selectAll().where('plat_id', '=', platId).orderBy('province_code').execute(),
  ]);
  return { orderRules, payMethods, freight };
}

export async function saveRules(
  trx: Trx,
  platId: string,
  v: { no_pay_minutes: number; post_state: number; post_money: number; up_pays_post: number; auto_receive_days: number; after_sale_days: number },
) {
  const r = await trx.updateTable('order_rules').set(v).where('plat_id', '=', platId).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await trx.insertInto('order_rules').values({ plat_id: platId, ...v }).execute();
}

export async function replacePayMethods(trx: Trx, platId: string, methods: { type: number; is_enable: number; is_can_pay_postage: number; sort: number }[]) {
  await trx.deleteFrom('pay_methods').where('plat_id', '=', platId).execute();
  if (methods.length) await trx.insertInto('pay_methods').values(methods.map((m) => ({ plat_id: platId, ...m }))).execute();
}

export async function replaceFreight(
  trx: Trx,
  platId: string,
  rules: { province_code: string; first_weight: number; first_fee: number; extra_weight: number; extra_fee: number }[],
) {
  await trx.deleteFrom('freight_rules').where('plat_id', '=', platId).execute();
  await trx.insertInto('freight_rules').values(rules.map((r) => ({ plat_id: platId, ...r }))).execute();
}
