import type { Kysely, Migration } from 'kysely';

/**
 * The compliance deposit falls due and a full refund deactivates (ADR 0026): when finance waived an agent's due and
 * when the agent left the network by a full refund (is_active 0). Both null by default. Additive only.
 */
export function depositDue(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('agents').addColumn('bond_waived_at', 'varchar(32)').execute();
      await db.schema.alterTable('agents').addColumn('deactivated_at', 'varchar(32)').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('agents').dropColumn('deactivated_at').execute();
      await db.schema.alterTable('agents').dropColumn('bond_waived_at').execute();
    },
  };
}
