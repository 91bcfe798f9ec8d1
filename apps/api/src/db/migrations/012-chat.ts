import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * Customer-service chat (ADR 0019): the platform's greeting, conversations (at most one open per agent: a
 * partial unique index) and their stored messages. A message is unique per agent, sender and client message id, so a
 * resend after a reconnect stores nothing new; staff presence lets any process tell whether service is online.
 */
export function chat(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const zero = (c: any) => c.notNull().defaultTo(0);
  const empty = (c: any) => c.notNull().defaultTo('');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('chat_settings')
        .addColumn('plat_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('greetings', 'varchar(500)', empty)
        .addColumn('head_img', 'varchar(300)', empty)
        .execute();

      await db.schema
        .createTable('chat_conversations')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('agent_name', 'varchar(64)', empty)
        // 1 open, 0 closed
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('closed_at', 'varchar(32)')
        .addColumn('closed_by', 'bigint')
        .execute();
      await sql`CREATE UNIQUE INDEX chat_conversations_one_open ON chat_conversations (agent_id) WHERE state = 1`.execute(db);
      await db.schema.createIndex('chat_conversations_plat_state').on('chat_conversations').columns(['plat_id', 'state']).execute();

      await db.schema
        .createTable('chat_messages')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('chat_id', 'bigint', (c) => c.notNull().references('chat_conversations.id'))
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('staff_id', 'bigint')
        // 'a' the agent, 's<staffId>' a staff member: the scope of client message ids
        .addColumn('sender', 'varchar(24)', (c) => c.notNull())
        .addColumn('client_msg_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('send_type', 'integer', zero)
        .addColumn('msg_type', 'integer', zero)
        .addColumn('content', 'text', empty)
        .addColumn('pic_url', 'varchar(300)', empty)
        // agent messages: 1 once a staff member has read or answered them (the unread count)
        .addColumn('is_reply', 'integer', zero)
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('chat_messages_client_id')
        .on('chat_messages')
        .columns(['agent_id', 'sender', 'client_msg_id'])
        .unique()
        .execute();
      await db.schema.createIndex('chat_messages_agent').on('chat_messages').columns(['agent_id', 'id']).execute();
      await db.schema.createIndex('chat_messages_chat').on('chat_messages').columns(['chat_id', 'id']).execute();

      await db.schema
        .createTable('chat_staff_presence')
        .addColumn('instance_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('staff_id', 'bigint', (c) => c.notNull())
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_staff_presence_pk', ['instance_id', 'staff_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('chat_staff_presence').execute();
      await db.schema.dropTable('chat_messages').execute();
      await db.schema.dropTable('chat_conversations').execute();
      await db.schema.dropTable('chat_settings').execute();
    },
  };
}
