import type { Db } from './connect.js';

/**
 * Several processes started together on one empty database must not all migrate and seed (ADR 0025): each start runs
 * its migrate-and-seed holding one lock shared by every process of the database; the others wait for it, then find the
 * work done and go on.
 *
 * - PostgreSQL: a session-level advisory lock on a dedicated connection (not one of the pool's: the work itself needs
 *   the pool, and a pool of one would wait on itself). The server ends the lock with the session, so a process that
 *   dies holding it frees it.
 * - SQLite file: an exclusive transaction on a lock file beside the database (`<file>.startup-lock`), a separate
 *   database so the work's own writes on the real file are not blocked by it. The operating system's file lock
 *   goes with the process too. An in-memory database belongs to one process: no lock.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return withAdvisoryLock(db.url!, work);
  if (db.file && db.file !== ':memory:') return withLockFile(`${db.file}.startup-lock`, work);
  return work();
}

/** The advisory lock's key: one constant for every process of the shop ('shop' in ASCII). */
export const STARTUP_LOCK_KEY = 0x73686f70;
/** How long a start waits for another to finish migrating and seeding before it gives up. */
const WAIT_MS = 5 * 60_000;

async function withAdvisoryLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${WAIT_MS}`);
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

async function withLockFile<T>(path: string, work: () => Promise<T>): Promise<T> {
  const { default: SQLite } = await import('better-sqlite3');
  const lock = new SQLite(path, { timeout: WAIT_MS });
  try {
    // The lock file stays in the default rollback-journal mode: an exclusive transaction keeps every other
    // connection out until it ends.
    lock.exec('BEGIN EXCLUSIVE');
    try {
      return await work();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
