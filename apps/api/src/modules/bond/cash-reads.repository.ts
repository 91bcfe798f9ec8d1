import { BOND_PAY_TYPE, BOND_STATE } from '@shop/contract';
import type { Executor } from '../../db/types.js';

/** The cash report's reads (ADR 0031): offline deposits approved and deposit refunds paid, by review time. */
export function offlineBondsApprovedBetween(db: Executor, platId: string, fromUtc: string, beforeUtc: string) {
  return db
    .selectFrom('bond_pays')
    .select(['bond_money as amount', 'receive_bank_name', 'receive_account_name', 'receive_account_number', 'checked_at as at'])
    .where('plat_id', '=', platId)
    .where('pay_type', '=', BOND_PAY_TYPE.offline)
    .where('check_state', '=', BOND_STATE.passed)
    .where('checked_at', '>=', fromUtc)
    .where('checked_at', '<', beforeUtc)
    .execute();
}

export function bondReturnsPaidBetween(db: Executor, platId: string, fromUtc: string, beforeUtc: string) {
  return db
    .selectFrom('bond_returns')
    .select(['return_bond_money as amount', 'checked_at as at'])
    .where('plat_id', '=', platId)
    .where('check_state', '=', BOND_STATE.passed)
    .where('checked_at', '>=', fromUtc)
    .where('checked_at', '<', beforeUtc)
    .execute();
}
