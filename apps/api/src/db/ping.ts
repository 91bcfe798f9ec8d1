import type { Db } from './connect.js';

/** The database answers a read (liveness /healthz and readiness /readyz, ADR 0039); throws when it does not. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.kysely.selectFrom('grades').select('id').limit(1).execute();
}
