import { RECHARGE_PAY_TYPE, RECHARGE_STATE } from '@shop/contract';
import type { Executor } from '../../db/types.js';

/** The cash report's reads (ADR 0031): offline first top-ups (grade_up_type 1) and upgrades (2) approved. */
export function offlineRechargesApprovedBetween(db: Executor, platId: string, fromUtc: string, beforeUtc: string) {
  return db
    .selectFrom('recharge_applies')
    .select(['grade_up_type', 'recharge_money as amount', 'receive_bank_name', 'receive_account_name', 'receive_account_number', 'checked_at as at'])
    .where('plat_id', '=', platId)
    .where('pay_type', '=', RECHARGE_PAY_TYPE.offline)
    .where('check_state', '=', RECHARGE_STATE.approved)
    .where('checked_at', '>=', fromUtc)
    .where('checked_at', '<', beforeUtc)
    .execute();
}
