import { sql, type Kysely, type Migration } from 'kysely';

/**
 * spec 3 §9 points change codes: an order-close give-back was written as 19 ("points expired" in the
 * points table) instead of 15, and a welfare points offset as 22 (the activity exchange) instead of 23. Rewrites the
 * records already written; the writers use the contract's POINTS_CHANGE from now on.
 */
export function pointsCodes(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.updateTable('account_changes').set({ change_state: 15 }).where('account', '=', 'integral').where('change_state', '=', 19).execute();
      await db
        .updateTable('account_changes')
        .set({ change_state: 23 })
        .where('account', '=', 'integral')
        .where('change_state', '=', 22)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('orders as o')
              .select(sql`1`.as('one'))
              .whereRef('o.order_code', '=', 'account_changes.order_code')
              .whereRef('o.plat_id', '=', 'account_changes.plat_id')
              .where('o.order_type', '=', 2),
          ),
        )
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.updateTable('account_changes').set({ change_state: 22 }).where('account', '=', 'integral').where('change_state', '=', 23).execute();
      await db.updateTable('account_changes').set({ change_state: 19 }).where('account', '=', 'integral').where('change_state', '=', 15).execute();
    },
  };
}
