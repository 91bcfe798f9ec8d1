import type { Executor } from '../../db/types.js';

export async function insertUpload(db: Executor, row: { id: string; plat_id: string; agent_id: number; bytes: number; created_at: string }) {
  await db.insertInto('uploads').values(row).execute();
}
