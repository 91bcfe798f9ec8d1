import type { Kysely, Migration } from 'kysely';

/**
 * ADR 0024: a staff reset leaves the agent with a one-time password that must be replaced at the next login
 * (`agents.must_change_password`, copied onto the session it opens), and the payment-password lockout keeps its
 * in-flight checks apart from its failures (`attempts.pending`). Additive only.
 */
export function passwordResetLock(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('agents').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('sessions').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('attempts').addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
