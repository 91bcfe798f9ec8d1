import type { Executor } from '../../db/types.js';

export async function insertUpload(db: Executor, row: { id: string; plat_id: string; agent_id: number; bytes: number; created_at: string }) {
  await db.insertInto('uploads').values(row).execute();
}

/** Of `ids`, those this agent uploaded (a voucher must be the payer's own upload). */
export async function ownedBy(db: Executor, agentId: number, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('uploads').select('id').where('agent_id', '=', agentId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export function findUpload(db: Executor, id: string) {
  return db.selectFrom('uploads').select(['id', 'plat_id', 'agent_id']).where('id', '=', id).executeTakeFirst();
}
