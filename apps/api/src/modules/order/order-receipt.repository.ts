import type { Executor } from '../../db/types.js';
import { ORDER_STATE } from '@shop/contract';

/** ADR 0027: the order rules' days after shipping when a shipped order is received automatically (default 10). */
export async function autoReceiveDays(db: Executor, platId: string): Promise<number> {
  const r = await db.selectFrom('order_rules').select('auto_receive_days').where('plat_id', '=', platId).executeTakeFirst();
  return r?.auto_receive_days ?? 10;
}

/** ADR 0036: the order rules' days after receipt within which an agent may ask for after-sales (default 7). */
export async function afterSaleDays(db: Executor, platId: string): Promise<number> {
  const r = await db.selectFrom('order_rules').select('after_sale_days').where('plat_id', '=', platId).executeTakeFirst();
  return r?.after_sale_days ?? 7;
}

/** The platforms that have shipped orders waiting for receipt. */
export async function platformsWithShipped(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('orders').select('plat_id').distinct().where('circulation_state', '=', ORDER_STATE.shipped).execute();
  return rows.map((r) => r.plat_id);
}

/** Shipped orders of a platform sent at or before `sentBy`, oldest first. */
export function shippedSentBy(db: Executor, platId: string, sentBy: string, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_code'])
    .where('circulation_state', '=', ORDER_STATE.shipped)
    .where('plat_id', '=', platId)
    .where('send_date', 'is not', null)
    .where('send_date', '<=', sentBy)
    .orderBy('send_date')
    .orderBy('id')
    .limit(limit)
    .execute();
}
