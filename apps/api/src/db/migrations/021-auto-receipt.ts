import type { Kysely, Migration } from 'kysely';

/**
 * ADR 0027: a shipped order nobody confirms is received automatically N days after shipping (a setting of the order
 * rules, default 10), so the network income it earned is released instead of staying frozen. The index serves the
 * job's scan of shipped orders by shipping time.
 */
export function autoReceipt(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('order_rules').addColumn('auto_receive_days', 'integer', (c) => c.notNull().defaultTo(10)).execute();
      await db.schema.createIndex('orders_shipped_send_date').on('orders').columns(['circulation_state', 'send_date']).execute();
    },
  };
}
