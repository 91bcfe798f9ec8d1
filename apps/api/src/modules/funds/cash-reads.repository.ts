import { WITHDRAW_STATE } from '@shop/contract';
import type { Executor } from '../../db/types.js';

/** The cash report's reads (ADR 0031): withdrawals paid, by review time (amount includes the fee). */
export function withdrawalsPaidBetween(db: Executor, platId: string, fromUtc: string, beforeUtc: string) {
  return db
    .selectFrom('withdrawals')
    .select(['amount', 'fee', 'checked_at as at'])
    .where('plat_id', '=', platId)
    .where('check_state', '=', WITHDRAW_STATE.withdrawn)
    .where('checked_at', '>=', fromUtc)
    .where('checked_at', '<', beforeUtc)
    .execute();
}
