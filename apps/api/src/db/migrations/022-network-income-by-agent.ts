import type { Kysely, Migration } from 'kysely';

/** /total's frozen income list reads an agent's network income rows by state, page by page. */
export function networkIncomeByAgent(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('network_incomes_agent_state').on('network_incomes').columns(['agent_id', 'state', 'id']).execute();
    },
  };
}
