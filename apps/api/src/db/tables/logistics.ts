import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/logistics, whose repositories are their only writers (ADR 0013): order_parcels.
 */

export interface OrderParcelTable {
  id: Generated<number>;
  order_id: number;
  logistics_name: string;
  shipper_code: string;
  phone: Generated<string>;
  waybill_code: string;
  created_at: Timestamp;
}
