import type { Executor } from '../../db/types.js';

/** The agent of the platform with that phone (staff act within their own platform only). */
export function agentOfPlatformByPhone(db: Executor, platId: string, phone: string) {
  return db.selectFrom('agents').select(['id', 'plat_id', 'last_store']).where('plat_id', '=', platId).where('phone', '=', phone).executeTakeFirst();
}
