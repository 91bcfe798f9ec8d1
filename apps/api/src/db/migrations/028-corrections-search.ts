import type { Kysely, Migration } from 'kysely';

/**
 * ADR 0035: the console finds an order by the receiver's or the agent's phone and by a parcel's waybill (the pay
 * date already has `orders_plat_paid`, migration 013). Parts of names and codes are a scan within the platform.
 */
export function correctionsSearch(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('orders_plat_receiver_phone').on('orders').columns(['plat_id', 'receiver_phone']).execute();
      await db.schema.createIndex('orders_plat_agent_tel').on('orders').columns(['plat_id', 'create_agent_tel']).execute();
      await db.schema.createIndex('order_parcels_waybill').on('order_parcels').column('waybill_code').execute();
    },
  };
}
