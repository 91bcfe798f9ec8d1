import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/address, whose repositories are their only writers (ADR 0013): logistics_addresses.
 */

/** spec 2 §3 order logistics address; region names are copied from the codes. */
export interface LogisticsAddressTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  create_su_id: number;
  create_su_name: string;
  country: string;
  receiver_name: string;
  receiver_phone: string;
  province: string;
  province_code: string;
  /** Empty for Taiwan; a Hong Kong or Macau district when one is picked. */
  city: string;
  city_code: string;
  district: string;
  district_code: string;
  address: string;
  post_code: string;
  /** 1 for the agent's one default address. */
  is_def_addr: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
