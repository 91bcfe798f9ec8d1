import { connect, type Db } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { seedDemo } from './seed/demo.js';

/** Connect, migrate, and seed the demo data when the database has no grades yet. */
export async function openDatabase(url: string, opts: { seedDemo: boolean; platId: string }): Promise<Db> {
  const db = await connect(url);
  await migrateToLatest(db);
  if (opts.seedDemo) {
    const any = await db.kysely.selectFrom('grades').select('id').limit(1).executeTakeFirst();
    if (!any) await seedDemo(db, opts.platId);
  }
  return db;
}
