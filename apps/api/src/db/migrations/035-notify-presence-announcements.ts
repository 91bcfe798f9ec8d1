import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * ADR 0043 (amends ADR 0037). Additive only.
 * - `chat_agent_presence`: the agents' open chat sockets per server process (sockets, heartbeat), so any process can
 *   tell whether an agent is in the chat; a row whose heartbeat is older than the presence time is ignored.
 * - `chat_conversations.away_notice_at` / `away_notices`: the "customer service replied" message is sent at most once
 *   per conversation until the agent opens the chat again (or a quiet period passes); the counter names the episode.
 * - `agents.bond_due_episode`: counts the times the deposit fell due (ADR 0026), the event key of 保证金待缴纳.
 * - `announcements`: an announcement and its fan-out progress (sent of total, resumable by the last agent id).
 */
export function notifyPresenceAnnouncements(dialect: Dialect): Migration {
  const ts = 'varchar(32)' as const;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('chat_agent_presence')
        .addColumn('instance_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('sockets', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('seen_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_agent_presence_pk', ['instance_id', 'agent_id'])
        .execute();
      await db.schema.createIndex('chat_agent_presence_agent').on('chat_agent_presence').columns(['agent_id', 'seen_at']).execute();

      await db.schema.alterTable('chat_conversations').addColumn('away_notice_at', ts).execute();
      await db.schema.alterTable('chat_conversations').addColumn('away_notices', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      await db.schema.alterTable('agents').addColumn('bond_due_episode', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      await db.schema
        .createTable('announcements')
        .addColumn(...idColumn(dialect))
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('title', 'varchar(64)', (c) => c.notNull())
        .addColumn('body', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('grade_id', 'bigint')
        .addColumn('scope_text', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
        // The fan-out resumes after this agent id; 'sending' until every batch is written, then 'done'.
        .addColumn('last_agent_id', 'bigint', (c) => c.notNull().defaultTo(0))
        // Agents registered after the announcement was sent (a higher id) are not reached by it.
        .addColumn('until_agent_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('sending'))
        .addColumn('leased_until', ts)
        .addColumn('lease_token', 'varchar(64)')
        .addColumn('staff_id', 'bigint', (c) => c.notNull())
        .addColumn('staff_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('finished_at', ts)
        .execute();
      await db.schema.createIndex('announcements_plat').on('announcements').columns(['plat_id', 'id']).execute();
      await db.schema.createIndex('announcements_state').on('announcements').columns(['state']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('announcements').execute();
      await db.schema.alterTable('agents').dropColumn('bond_due_episode').execute();
      await db.schema.alterTable('chat_conversations').dropColumn('away_notices').execute();
      await db.schema.alterTable('chat_conversations').dropColumn('away_notice_at').execute();
      await db.schema.dropTable('chat_agent_presence').execute();
    },
  };
}
