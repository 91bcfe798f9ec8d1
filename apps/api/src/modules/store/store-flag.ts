import type { Executor } from '../../db/types.js';
import { agentForStore, ensureStore } from './store.repository.js';
import { storeEnabled } from './store-rules.js';

/**
 * spec 1 §3 /my: the shop-enabled flag and the shop id of an agent (ADR 0042). Open when headquarters has the agent's
 * store open (the agent's own switch, else the grade's, ADR 0038); the store row is created at this first read, as
 * selMyStore does, so the id is the one `/store/<shopId>` answers.
 */
export async function agentStoreFlag(db: Executor, agentId: number, at: string): Promise<{ isOpenShop: 0 | 1; shopId: number | null }> {
  const a = await agentForStore(db, agentId);
  if (!a || !storeEnabled({ enabled_override: a.enabled_override, grade_enabled: a.grade_enabled, is_active: a.is_active })) return { isOpenShop: 0, shopId: null };
  const id = a.store_id ?? (await ensureStore(db, a.plat_id, agentId, at)).id;
  return { isOpenShop: 1, shopId: Number(id) };
}
