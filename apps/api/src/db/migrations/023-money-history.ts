import type { Kysely, Migration } from 'kysely';

/**
 * ADR 0030: every money item stays findable after its decision. The offline receipts and the withdrawals learn who
 * decided them (checked_by, like recharge_applies, bond_pays and bond_returns since migration 008); the five history
 * lists filter by state and by the submitted or decided time, so each table gets both indexes.
 */
const TABLES = ['receipt_records', 'recharge_applies', 'withdrawals', 'bond_pays', 'bond_returns'] as const;

export function moneyHistory(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('receipt_records').addColumn('checked_by', 'bigint').execute();
      await db.schema.alterTable('withdrawals').addColumn('checked_by', 'bigint').execute();
      for (const t of TABLES) {
        await db.schema.createIndex(`${t}_history_created`).on(t).columns(['plat_id', 'check_state', 'created_at']).execute();
        await db.schema.createIndex(`${t}_history_checked`).on(t).columns(['plat_id', 'check_state', 'checked_at']).execute();
      }
    },
  };
}
