import type { Executor } from '../../db/types.js';

export async function insertSession(
  db: Executor,
  row: { token_hash: string; agent_id: number; plat_id: string; remember: number; created_at: string; expires_at: string; must_change_password: number },
) {
  await db.insertInto('sessions').values({ ...row, revoked_at: null }).execute();
}

export function findSession(db: Executor, tokenHash: string) {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function revokeSession(db: Executor, tokenHash: string, now: string) {
  await db.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function revokeAgentSessions(db: Executor, agentId: number, now: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('agent_id', '=', agentId)
    .where('revoked_at', 'is', null)
    .execute();
}
