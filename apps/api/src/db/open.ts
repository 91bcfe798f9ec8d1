import { connect, type Db, type IdleErrorLog } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { seedDemo } from './seed/demo.js';
import { withStartupLock } from './startup-lock.js';

/** Connect, migrate, and seed the demo data (dated relative to `now`) when the database has no grades yet. */
export async function openDatabase(url: string, opts: { seedDemo: boolean; platId: string; now?: Date; log?: IdleErrorLog }): Promise<Db> {
  const db = await connect(url, opts.log);
  // One process at a time migrates and seeds (ADR 0025); the "already seeded" check runs inside the lock, so a
  // process that waited finds the data and seeds nothing.
  await withStartupLock(db, async () => {
    await migrateToLatest(db);
    if (opts.seedDemo) {
      const any = await db.kysely.selectFrom('grades').select('id').limit(1).executeTakeFirst();
      if (!any) await seedDemo(db, opts.platId, opts.now);
    }
  });
  return db;
}
