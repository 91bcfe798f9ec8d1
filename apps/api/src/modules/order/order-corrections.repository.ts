import type { Trx } from '../../db/types.js';

/** The receiving address as the order row keeps it (names from the region codes, never from the client). */
export interface Receiver {
  receiver_name: string;
  receiver_phone: string;
  receiver_province: string;
  receiver_city: string;
  receiver_county: string;
  receive_county_id: string;
  receiver_post_code: string;
  receiver_address: string;
}

/**
 * ADR 0035: a staff change of the receiving address of an order not yet shipped, compare-and-set on the state and
 * on the address read before (two changes at once: one wins, the other is told). False when either changed.
 */
export async function changeReceiver(trx: Trx, orderId: number, state: number, from: Receiver, to: Receiver): Promise<boolean> {
  let q = trx.updateTable('orders').set(to).where('id', '=', orderId).where('circulation_state', '=', state);
  for (const [column, value] of Object.entries(from) as [keyof Receiver, string][]) q = q.where(column, '=', value);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
