import { companyByCode, LOGISTICS_MESSAGES, MAX_PARCELS, ORDER_STATE, type LogisticsQueryRes, type LogisticsResult } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { TrackResult } from '../../providers/logistics/logistics-provider.js';
import * as orders from '../order/order.queries.js';
import * as repo from './logistics.repository.js';

/** spec 2 §4: logistics can be viewed when sendState is 1, or in state 4 or 5. */
export const logisticsViewable = (o: Pick<OrderRow, 'send_state' | 'circulation_state'>) =>
  o.send_state === 1 || o.circulation_state === ORDER_STATE.shipped || o.circulation_state === ORDER_STATE.done;

/** Newest first; steps of the same minute keep the carrier's order, reversed. */
function newestFirst(traces: TrackResult['traces']) {
  return [...traces]
    .reverse()
    .sort((a, b) => (a.acceptTime < b.acceptTime ? 1 : a.acceptTime > b.acceptTime ? -1 : 0))
    .map((t) => ({ AcceptTime: t.acceptTime, AcceptStation: t.acceptStation }));
}

export function createLogisticsService(deps: Deps) {
  const k = deps.db.kysely;
  const provider = deps.providers.logistics;

  return {
    /** selectOrderLogistics: every parcel (up to ten) of the agent's own order, tracked by the carrier. */
    async orderLogistics(agentId: number, orderId: number): Promise<LogisticsResult> {
      const order = await orders.findOrderForAgent(k, agentId, orderId);
      if (!order) throw new AppError('RECORD_NOT_FOUND', LOGISTICS_MESSAGES.notFound);
      if (!logisticsViewable(order)) throw new AppError('RECORD_NOT_FOUND', LOGISTICS_MESSAGES.empty);
      const parcels = await repo.parcelsOf(k, Number(order.id), MAX_PARCELS);
      if (parcels.length === 0) throw new AppError('RECORD_NOT_FOUND', LOGISTICS_MESSAGES.empty);

      const now = deps.clock.now();
      const tracked = await Promise.all(
        parcels.map(async (p): Promise<LogisticsQueryRes> => {
          // SF answers only with the last four digits of the receiver's phone.
          const customerName = p.shipper_code === 'SF' ? order.receiver_phone.slice(-4) : undefined;
          let result: TrackResult | null = null;
          try {
            result = await provider.track({
              shipperCode: p.shipper_code,
              logisticCode: p.waybill_code,
              customerName,
              shippedAt: new Date(p.created_at),
              now,
            });
          } catch {
            // A carrier that fails leaves this parcel without traces; the others still show.
          }
          return {
            LogisticCode: p.waybill_code,
            ShipperCode: p.shipper_code,
            logisticsName: p.logistics_name,
            phone: p.phone || companyByCode(p.shipper_code)?.phone || '',
            State: result?.success ? result.state : 0,
            traces: result?.success ? newestFirst(result.traces) : [],
          };
        }),
      );
      const first = tracked[0]!;
      return { logisticsCompanyBo: { logisticsName: first.logisticsName, phone: first.phone }, logisticsQueryRess: tracked };
    },
  };
}
export type LogisticsService = ReturnType<typeof createLogisticsService>;
