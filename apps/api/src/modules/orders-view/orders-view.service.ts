import { ORDER_MESSAGES, ORDER_STATE, type PhonePage } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { OrderClosing } from '../../flows/close-order.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import * as orders from '../order/order.queries.js';
import { actionsOf, toDetail, toListItem } from './orders-view.map.js';
import { refundsOf } from '../payment/payment.queries.js';
import type { UploadService } from '../upload/upload.service.js';
import * as repo from './orders-view.repository.js';

const notFound = () => new AppError('RECORD_NOT_FOUND', ORDER_MESSAGES.notFound);
const stateChanged = () => new AppError('VALIDATION', ORDER_MESSAGES.stateChanged);

/** spec 2 §2–§5 for the session's agent: another agent's order answers '订单不存在', like an id that does not exist. */
export function createOrdersViewService(deps: Deps, uploads: Pick<UploadService, 'signedUrl'>, closing: OrderClosing) {
  const k = deps.db.kysely;

  async function own(agentId: number, id: number) {
    const order = await orders.findOrderForAgent(k, agentId, id);
    if (!order) throw notFound();
    return order;
  }

  // An unpaid order past its window is closed before the agent reads it, so the list and the stock never wait for the
  // next run of the job (jobs/close-expired-orders.ts). Closing is the close-order flow's (app.ts passes it in).
  const settle = (agentId: number, now: Date) => closing.closeExpired(now, agentId);

  return {
    async list(agentId: number, input: { circulationState: number; phonePage: { pageSize: number; pageNum: number } }) {
      const now = deps.clock.now();
      await settle(agentId, now);
      const { pageSize, pageNum } = input.phonePage;
      const [rows, total] = await Promise.all([
        repo.listForAgent(k, agentId, input.circulationState, pageSize, (pageNum - 1) * pageSize),
        repo.countForAgent(k, agentId, input.circulationState),
      ]);
      const ids = rows.map((r) => Number(r.id));
      const [lines, waybills] = await Promise.all([orders.linesOf(k, ids), repo.firstWaybills(k, ids)]);
      const phonePage: PhonePage = { pageSize, pageNum, pageTotal: Math.ceil(total / pageSize) };
      return {
        objs: rows.map((o) => toListItem(o, lines.filter((l) => Number(l.order_id) === Number(o.id)), waybills.get(Number(o.id)) ?? '', now)),
        obj: { phonePage },
      };
    },

    async detail(agentId: number, id: number) {
      const now = deps.clock.now();
      await settle(agentId, now);
      const order = await own(agentId, id);
      const [lines, receipts, refunds, waybills] = await Promise.all([
        orders.linesOf(k, [id]),
        repo.receiptsOf(k, id),
        refundsOf(k, 'order', id),
        repo.firstWaybills(k, [id]),
      ]);
      return toDetail(order, { lines, receipts, refunds, waybillCode: waybills.get(id) ?? '' }, now, (url) => uploads.signedUrl(url, { agentId }));
    },

    /** spec 2 §4 state 1 → 6 with the agent's reason; what the order took is given back (flows/close-order.ts). */
    async close(agentId: number, id: number, reason: string) {
      const now = deps.clock.now();
      const order = await own(agentId, id);
      if (order.circulation_state !== ORDER_STATE.unpaid) throw stateChanged();
      if (!actionsOf(order, now).canClose) {
        // Its window has closed: it closes as timed out, as the job would have closed it.
        await settle(agentId, now);
        throw stateChanged();
      }
      const closed = await closing.close({ orderId: id, to: ORDER_STATE.closed, reason, by: order.create_agent_name, at: now });
      if (!closed) throw stateChanged();
    },

    /** spec 2 §4 state 4 → 5: the agent confirms receipt. */
    async receive(agentId: number, id: number) {
      const now = iso(deps.clock.now());
      const order = await own(agentId, id);
      if (order.circulation_state !== ORDER_STATE.shipped) throw stateChanged();
      const moved = await k.transaction().execute(async (trx) => {
        if (!(await orders.moveState(trx, id, ORDER_STATE.shipped, ORDER_STATE.done, { receipt_date: now }))) return false;
        await orders.addLog(trx, { order_id: id, order_state: ORDER_STATE.done, opt_name: '确认收货', opt_by: order.create_agent_name, created_at: now });
        return true;
      });
      if (!moved) throw stateChanged();
    },
  };
}
export type OrdersViewService = ReturnType<typeof createOrdersViewService>;
