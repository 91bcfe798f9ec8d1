import type { Generated } from 'kysely';
import type { Receiving, PaidBy, Reviewed } from './shared.js';

/*
 * Tables written by modules/bond, whose repositories are their only writers (ADR 0013): bond_pays, bond_returns.
 */

export interface BondPayTable extends PaidBy, Reviewed {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  bond_code: string;
  bond_money: number;
  pay_type: number;
  remark: Generated<string>;
}

export interface BondReturnTable extends Receiving, Reviewed {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  bond_return_code: string;
  bond_return_type: number;
  return_bond_money: number;
  remark: Generated<string>;
  payout_reference: Generated<string>;
}
