import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../../src/db/connect.js';
import { openDatabase } from '../../src/db/open.js';
import { testDbKind } from './postgres-availability.js';

export interface TestDatabase {
  db: Db;
  /** Closes the connection and, on PostgreSQL, drops the file's database. */
  close(): Promise<void>;
}

/** A fresh database for one test file, migrated and seeded with the demo data dated relative to `now` (the test clock). */
export async function openTestDatabase(platId: string, now: Date): Promise<TestDatabase> {
  if (testDbKind() === 'sqlite') {
    const db = await openDatabase('sqlite::memory:', { seedDemo: true, platId, now });
    return { db, close: () => db.close() };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase(url.toString(), { seedDemo: true, platId, now });
  return {
    db,
    async close() {
      await db.close();
      // The pool's sockets may still be closing: wait for them rather than terminate them (a terminated
      // connection that is mid-close reports an error nobody can catch).
      for (let i = 0; ; i++) {
        try {
          await admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
          return;
        } catch (err) {
          if (i >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
  };
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
