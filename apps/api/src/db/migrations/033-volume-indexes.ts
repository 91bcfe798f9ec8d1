import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * ADR 0041: the indexes a million orders need, each for one read the volume bench times (the ADR's table gives the
 * query and the figure before and after).
 * - the agent's order list, all states, newest first (and its count): (create_agent_id, id);
 * - the warehouse's queue to ship, the oldest payment first: (plat_id, circulation_state, pay_date, id);
 * - PostgreSQL only: the console's "part of" searches (ADR 0035: code, agent, receiver, waybill) through trigram
 *   indexes, when the server has pg_trgm and this role may create it; without them those searches stay scans.
 * `if not exists`: an operator may build them CONCURRENTLY beforehand under the same names (ADR 0041).
 */
const TRIGRAM = [
  ['orders_code_trgm', 'orders', 'order_code'],
  ['orders_agent_name_trgm', 'orders', 'create_agent_name'],
  ['orders_agent_tel_trgm', 'orders', 'create_agent_tel'],
  ['orders_receiver_name_trgm', 'orders', 'receiver_name'],
  ['orders_receiver_phone_trgm', 'orders', 'receiver_phone'],
  ['order_parcels_waybill_trgm', 'order_parcels', 'upper(waybill_code)'],
] as const;

export function volumeIndexes(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('orders_agent_newest').ifNotExists().on('orders').columns(['create_agent_id', 'id']).execute();
      await db.schema.createIndex('orders_plat_state_paid').ifNotExists().on('orders').columns(['plat_id', 'circulation_state', 'pay_date', 'id']).execute();
      if (dialect !== 'postgres') return;
      const can = await sql<{ ok: boolean }>`
        select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
           and (exists (select 1 from pg_extension where extname = 'pg_trgm') or has_database_privilege(current_database(), 'CREATE')) as ok`.execute(db);
      if (!can.rows[0]?.ok) return;
      await sql`create extension if not exists pg_trgm`.execute(db);
      for (const [name, table, expr] of TRIGRAM) {
        await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} using gin (${sql.raw(expr)} gin_trgm_ops)`.execute(db);
      }
    },
    async down(db: Kysely<any>) {
      for (const [name] of TRIGRAM) await sql`drop index if exists ${sql.id(name)}`.execute(db);
      await db.schema.dropIndex('orders_plat_state_paid').execute();
      await db.schema.dropIndex('orders_agent_newest').execute();
    },
  };
}
