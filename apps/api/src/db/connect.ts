import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { withAfterCommit } from './after-commit.js';
import { watchPool } from '../lib/metrics.js';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL only: where it connected, for a dedicated LISTEN client (chat fan-out). */
  url?: string;
  /** SQLite only: the database file (or ':memory:'), for the startup lock beside it. */
  file?: string;
  close(): Promise<void>;
}

/** Where a lost idle PostgreSQL connection is told (the process's logger; db/ imports no module, so it is handed in). */
export interface IdleErrorLog {
  error(details: object, message: string): void;
}

/** `sqlite:<file>` (or `:memory:`) by default; `postgres://...` selects PostgreSQL. */
export async function connect(url: string, log?: IdleErrorLog): Promise<Db> {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pg = await import('pg');
    // Money is bigint fen: read int8 and numeric counts as JS numbers (exact below 2^53).
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
    // An idle connection dropped by the server (restart, failover) must not bring the process down.
    pool.on('error', (err) => log?.error({ err: err.message }, 'postgres: idle connection lost'));
    const kysely = withAfterCommit(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }));
    // The pool's connection counts on /metrics (ADR 0039) while this database is open.
    const unwatch = watchPool(pool);
    return { kysely, dialect: 'postgres', url, close: () => (unwatch(), kysely.destroy()) };
  }
  const file = url.replace(/^sqlite:/, '');
  const { default: SQLite } = await import('better-sqlite3');
  if (file !== ':memory:') {
    const { mkdirSync } = await import('node:fs');
    const { dirname } = await import('node:path');
    mkdirSync(dirname(file), { recursive: true });
  }
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = withAfterCommit(new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }));
  return { kysely, dialect: 'sqlite', file, close: () => kysely.destroy() };
}

/**
 * Kysely prepares every query anew; preparing costs more than running most of ours. The same SQL text reuses its
 * statement (Kysely runs one query at a time on SQLite, and `all`/`run` finish before the next starts).
 */
function withStatementCache(database: import('better-sqlite3').Database) {
  const cache = new Map<string, import('better-sqlite3').Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = database.prepare(sql);
        if (cache.size > 500) cache.clear();
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
