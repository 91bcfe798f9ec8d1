import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * ADR 0037: what the agent is told. `notifications` is the in-app message centre; `notification_outbox` the
 * transactional outbox of WeChat template messages (written in the deciding transaction, sent after commit by the job
 * send-notifications with a lease); both unique on the event key, so a replayed transaction never doubles. The agent's
 * per-kind WeChat switches, the template of each kind (系统设置) and the one shared access token per app id
 * (refreshed by compare-and-set) live beside them.
 */
export function notifications(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  const text = (n: number) => `varchar(${n})` as const;
  const zero = (c: any) => c.notNull().defaultTo(0);
  const empty = (c: any) => c.notNull().defaultTo('');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notifications')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('event_key', text(120), (c) => c.notNull().unique())
        .addColumn('kind', text(32), (c) => c.notNull())
        .addColumn('title', text(64), (c) => c.notNull())
        .addColumn('body', text(500), empty)
        .addColumn('link', text(200), empty)
        .addColumn('read_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notifications_agent').on('notifications').columns(['agent_id', 'id']).execute();
      await db.schema.createIndex('notifications_agent_unread').on('notifications').columns(['agent_id', 'read_at']).execute();

      await db.schema
        .createTable('notification_outbox')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('event_key', text(120), (c) => c.notNull().unique())
        .addColumn('kind', text(32), (c) => c.notNull())
        .addColumn('fields_json', text(2000), (c) => c.notNull())
        .addColumn('link', text(200), empty)
        // pending → sent | skipped (WeChat off, no openId, no template) | dead (retries spent, or never deliverable)
        .addColumn('state', text(16), (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', zero)
        .addColumn('next_at', ts, (c) => c.notNull())
        .addColumn('leased_until', ts)
        .addColumn('lease_token', text(64))
        .addColumn('last_error', text(200), empty)
        .addColumn('sent_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notification_outbox_due').on('notification_outbox').columns(['state', 'next_at']).execute();
      await db.schema.createIndex('notification_outbox_created').on('notification_outbox').columns(['plat_id', 'created_at']).execute();

      await db.schema
        .createTable('notification_prefs')
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', text(32), (c) => c.notNull())
        .addColumn('wechat_on', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('notification_prefs_pk', ['agent_id', 'kind'])
        .execute();

      await db.schema
        .createTable('notification_templates')
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('kind', text(32), (c) => c.notNull())
        .addColumn('template_id', text(64), empty)
        // [{ "key": "thing1", "source": "title" }, ...]: the template's data keys and which event field fills each
        .addColumn('fields_json', text(2000), (c) => c.notNull().defaultTo('[]'))
        .addPrimaryKeyConstraint('notification_templates_pk', ['plat_id', 'kind'])
        .execute();

      await db.schema
        .createTable('wechat_access_tokens')
        .addColumn('app_id', text(64), (c) => c.primaryKey())
        .addColumn('token', text(600), empty)
        .addColumn('expires_at', ts, (c) => c.notNull().defaultTo(''))
        // The one process refreshing holds this lease (compare-and-set); the others wait for its token.
        .addColumn('refresh_until', ts)
        .execute();
    },
  };
}
