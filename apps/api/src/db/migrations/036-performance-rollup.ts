import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';

/** 'YYYY-MM' of an ISO UTC text column in China time (UTC+8, no daylight saving), in each dialect's SQL. */
export function chinaMonthSql(dialect: Dialect, column: string) {
  return dialect === 'postgres'
    ? // A cast to timestamp without time zone ignores the trailing Z: the text is UTC already.
      sql<string>`to_char(${sql.ref(column)}::timestamp + interval '8 hours', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${sql.ref(column)}, '+8 hours')`;
}

/**
 * ADR 0045: the monthly performance rollup built from the rows that exist (paid orders in states 3–5 by the China
 * month of their payment, approved top-ups by the China month of their approval), for every agent of every shop.
 * Replaces what the table holds (of one shop when `platId` is given); the demo seed and the volume generator call it
 * after inserting rows directly.
 */
export async function rebuildPerformanceMonths(db: Kysely<any>, dialect: Dialect, platId?: string) {
  const only = platId === undefined ? sql`` : sql`and plat_id = ${platId}`;
  await (platId === undefined ? db.deleteFrom('performance_months') : db.deleteFrom('performance_months').where('plat_id', '=', platId)).execute();
  await sql`
    insert into performance_months (plat_id, agent_id, month, entries, order_money, recharge_money)
    select plat_id, agent_id, month, count(*), sum(order_money), sum(recharge_money) from (
      select plat_id, create_agent_id as agent_id, ${chinaMonthSql(dialect, 'pay_date')} as month, total_money as order_money, 0 as recharge_money
        from orders where circulation_state in (3, 4, 5) and pay_date is not null ${only}
      union all
      select plat_id, agent_id, ${chinaMonthSql(dialect, 'checked_at')} as month, 0 as order_money, recharge_money
        from recharge_applies where check_state = 1 and checked_at is not null ${only}
    ) x
    group by plat_id, agent_id, month`.execute(db);
}

const INDEXES = ['account_changes_plat', 'wechat_payments_plat_paid', 'agents_plat_created', 'orders_plat_paid_money'] as const;

/**
 * ADR 0045: performance by month at the top of a large network summed a million orders per request; it now sums this
 * per-agent per-month rollup, kept in the transaction that pays, wholly refunds or approves (modules/performance).
 * And an index per console read that grew with the data (the ADR's table: read, index, before, after):
 * - the platform ledger's count of every record of a shop: (plat_id), a small deduplicated index counted index-only;
 * - the daily cash report's WeChat payments in a window: (plat_id, paid_at);
 * - the dashboard's new agents today: (plat_id, created_at); its paid orders by hour: (plat_id, pay_date) carrying
 *   state and amount.
 * `if not exists`: an operator may build them CONCURRENTLY beforehand under the same names (as ADR 0041 says).
 */
export function performanceRollup(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('performance_months')
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('month', 'varchar(7)', (c) => c.notNull())
        .addColumn('entries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('order_money', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('recharge_money', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('performance_months_pk', ['agent_id', 'month', 'plat_id'])
        .execute();
      await rebuildPerformanceMonths(db, dialect);
      await db.schema.createIndex('account_changes_plat').ifNotExists().on('account_changes').column('plat_id').execute();
      await db.schema.createIndex('wechat_payments_plat_paid').ifNotExists().on('wechat_payments').columns(['plat_id', 'paid_at']).execute();
      await db.schema.createIndex('agents_plat_created').ifNotExists().on('agents').columns(['plat_id', 'created_at']).execute();
      // The dashboard's paid orders by hour read state and amount from the index alone (an index-only scan).
      if (dialect === 'postgres') {
        await sql`create index if not exists orders_plat_paid_money on orders (plat_id, pay_date) include (circulation_state, actual_money)`.execute(db);
      } else {
        await db.schema.createIndex('orders_plat_paid_money').ifNotExists().on('orders').columns(['plat_id', 'pay_date', 'circulation_state', 'actual_money']).execute();
      }
      // Statistics for the planner now, not at autovacuum's next turn (an empty table's plan sorted 400,000 rows on disk).
      if (dialect === 'postgres') await sql`analyze performance_months`.execute(db);
    },
    async down(db: Kysely<any>) {
      for (const name of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
      await db.schema.dropTable('performance_months').execute();
    },
  };
}
