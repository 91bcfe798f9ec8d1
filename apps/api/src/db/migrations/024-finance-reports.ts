import type { Kysely, Migration } from 'kysely';

/**
 * ADR 0031: the platform ledger (资金流水) lists every agent's records of a platform newest first by
 * time, the reports sum them by account before or within a day range, and find the records of one order or subject
 * code. The foundation's index serves one agent's account only.
 */
export function financeReports(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('account_changes_plat_time').on('account_changes').columns(['plat_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('account_changes_plat_account_time').on('account_changes').columns(['plat_id', 'account', 'created_at']).execute();
      await db.schema.createIndex('account_changes_order_code').on('account_changes').columns(['order_code']).execute();
    },
  };
}
