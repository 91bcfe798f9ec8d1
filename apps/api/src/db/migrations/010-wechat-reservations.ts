import { sql, type Kysely, type Migration } from 'kysely';

/** spec 3 §9 goods-fund changeState 15: order closed refund. */
const STORE_BACK = 15;
const CLOSED = [6, 7];

/**
 * Gives back the goods-fund reservations that the old WeChat flow lost: a payment started again,
 * or twice at once, reserved the goods-fund part again and the order remembered only the last one, so the payments that
 * migration 005 closed as duplicates (and any the old reconcile job closed without a give-back) kept theirs.
 *
 * Per order that has WeChat payments, after the repairs below, what the ledger took under its code is compared with
 * what the order holds: nothing once closed, else its goods_pay_money (an open payment's part while one waits). The
 * difference is given back once (a change record 15 with the order code); a difference the other way is never taken.
 * Idempotent: run again, it finds nothing to give.
 */
export function wechatReservations(): Migration {
  return {
    async up(db: Kysely<any>) {
      // The old close gave the order's goods part back itself but left the WeChat payment open: the new lifecycle would
      // give that part back a second time when it closes the payment, so the payment no longer holds it.
      await db
        .updateTable('wechat_payments')
        .set({ goods_part: 0 })
        .where('state', '=', 0)
        .where('subject_kind', '=', 'order')
        .where('subject_id', 'in', db.selectFrom('orders').select('id').where('circulation_state', 'in', CLOSED))
        .execute();
      // The old reconcile job could clear the order's record of a reservation an open payment still held: the order
      // shows the open payment's part again, which the lifecycle gives back when that payment ends.
      const open = await db
        .selectFrom('wechat_payments as p')
        .innerJoin('orders as o', 'o.id', 'p.subject_id')
        .select(['o.id as order_id', 'p.goods_part', 'p.amount'])
        .where('p.state', '=', 0)
        .where('p.subject_kind', '=', 'order')
        .where('o.circulation_state', '=', 1)
        .whereRef('o.goods_pay_money', '<>', 'p.goods_part')
        .execute();
      for (const p of open) {
        await db.updateTable('orders').set({ goods_pay_money: p.goods_part, other_actual_money: p.amount }).where('id', '=', p.order_id).execute();
      }

      const orders = await db
        .selectFrom('orders')
        .select(['id', 'plat_id', 'order_code', 'create_agent_id', 'circulation_state', 'goods_pay_money'])
        .where('id', 'in', db.selectFrom('wechat_payments').select('subject_id').where('subject_kind', '=', 'order'))
        .orderBy('id')
        .execute();
      const at = new Date().toISOString();
      for (const o of orders) {
        const row = await db
          .selectFrom('account_changes')
          .select(sql<string | number | null>`sum(amount)`.as('net'))
          .where('account', '=', 'store')
          .where('plat_id', '=', o.plat_id)
          .where('order_code', '=', o.order_code)
          .executeTakeFirst();
        const taken = -Number(row?.net ?? 0);
        const holds = CLOSED.includes(Number(o.circulation_state)) ? 0 : Number(o.goods_pay_money);
        const lost = taken - holds;
        if (lost <= 0) continue;
        const agentId = Number(o.create_agent_id);
        await db.updateTable('agents').set({ last_store: sql`last_store + ${lost}` }).where('id', '=', agentId).execute();
        const agent = await db.selectFrom('agents').select('last_store').where('id', '=', agentId).executeTakeFirstOrThrow();
        await db
          .insertInto('account_changes')
          .values({
            plat_id: o.plat_id,
            agent_id: agentId,
            account: 'store',
            amount: lost,
            balance_after: Number(agent.last_store),
            change_state: STORE_BACK,
            order_code: o.order_code,
            remark: '微信支付重复预留退回',
            created_at: at,
          })
          .execute();
      }
    },
  };
}
