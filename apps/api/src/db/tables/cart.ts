import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/cart, whose repositories are their only writers (ADR 0013): cart_items.
 */

export interface CartItemTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  single_prod_id: number;
  prod_type: number;
  prod_num: number;
  created_at: Timestamp;
}
