import { chinaTimeText, ORDER_MESSAGES, ORDER_STATE, type PhonePage } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import * as orders from '../order/order.queries.js';
import { actionsOf, toDetail, toListItem } from './orders-view.map.js';
import { firstWaybills } from '../logistics/logistics.queries.js';
import { receiptsOfOrder, refundsOf } from '../payment/payment.queries.js';
import type { UploadService } from '../upload/upload.service.js';

const notFound = () => new AppError('RECORD_NOT_FOUND', ORDER_MESSAGES.notFound);
export const stateChanged = () => new AppError('VALIDATION', ORDER_MESSAGES.stateChanged);

/** spec 2 §2–§5 for the session's agent: another agent's order answers '订单不存在', like an id that does not exist. */
export function createOrdersViewService(deps: Deps, uploads: Pick<UploadService, 'signedUrl'>) {
  const k = deps.db.kysely;
  // ADR 0041: the last order id of each page an agent was sent, so the next page seeks past it instead of skipping
  // (pageNum - 1) × pageSize rows. The wire keeps page numbers; a page not in this process's cache is read by offset.
  const pageEnds = new TtlCache<string, number>(30 * 60_000, 100_000);
  const pageKey = (agentId: number, state: number, pageSize: number, pageNum: number) => `${agentId}:${state}:${pageSize}:${pageNum}`;

  async function own(agentId: number, id: number) {
    const order = await orders.findOrderForAgent(k, agentId, id);
    if (!order) throw notFound();
    return order;
  }

  return {
    /**
     * The list (spec 2 §2). ADR 0048: two statements in the common case, the page (with each order's first waybill,
     * the count and the expired check) and its lines. `expiredUnpaid`: an unpaid order of the agent is past its
     * window at `deadline`; the route then closes them (close-order flow) and reads again, so the answer is the one
     * a read after the close gives.
     */
    async list(agentId: number, input: { circulationState: number; phonePage: { pageSize: number; pageNum: number } }, deadline: Date) {
      const now = deps.clock.now();
      const { pageSize, pageNum } = input.phonePage;
      const state = input.circulationState;
      const before = pageNum > 1 ? pageEnds.get(pageKey(agentId, state, pageSize, pageNum - 1)) : undefined;
      const rows = await orders.pageAgentOrders(k, agentId, state, pageSize, (pageNum - 1) * pageSize, before, iso(deadline));
      let total: number;
      let expiredUnpaid: boolean;
      if (rows.length > 0) {
        total = Number(rows[0]!.total_rows);
        expiredUnpaid = Number(rows[0]!.expired_unpaid) === 1;
      } else {
        const [n, expired] = await Promise.all([orders.countAgentOrders(k, agentId, state), orders.findExpiredUnpaid(k, iso(deadline), 1, agentId)]);
        total = n;
        expiredUnpaid = expired.length > 0;
      }
      if (expiredUnpaid) return { expiredUnpaid, answer: undefined };
      const last = rows[rows.length - 1];
      if (last && rows.length === pageSize) pageEnds.set(pageKey(agentId, state, pageSize, pageNum), Number(last.id));
      const lines = await orders.linesOf(k, rows.map((r) => Number(r.id)));
      const phonePage: PhonePage = { pageSize, pageNum, pageTotal: Math.ceil(total / pageSize) };
      return {
        expiredUnpaid,
        answer: {
          objs: rows.map((o) => toListItem(o, lines.filter((l) => Number(l.order_id) === Number(o.id)), o.first_waybill ?? '', now)),
          obj: { phonePage },
        },
      };
    },

    async detail(agentId: number, id: number) {
      const now = deps.clock.now();
      const order = await own(agentId, id);
      const [lines, receipts, refunds, waybills, logs] = await Promise.all([
        orders.linesOf(k, [id]),
        receiptsOfOrder(k, id),
        refundsOf(k, 'order', id),
        firstWaybills(k, [id]),
        orders.logsOfOrder(k, id),
      ]);
        // The WeChat parts of staff refunds show with their refund (selectMyOrderRefunds, ADR 0034), not here.
        const wechatOnly = refunds.filter((r) => r.order_refund_id === null);
        const detail = toDetail(order, { lines, receipts, refunds: wechatOnly, waybillCode: waybills.get(id) ?? '' }, now, (url) => uploads.signedUrl(url, { agentId }));
        // The order's history (the state log), oldest first; who acted stays with the staff (ADR 0035).
        const history = logs.map((l) => ({ title: l.opt_name, remark: l.opt_remark, createDate: chinaTimeText(l.created_at) }));
        return { ...detail, history };
    },

    /**
     * spec 2 §4 state 1 → 6: may the agent close this order now? Its own unpaid order within its window: the close
     * to make (the close-order flow makes it); past its window: 'expired' (it closes as timed out, as the job would).
     */
    async closable(agentId: number, id: number, reason: string) {
      const now = deps.clock.now();
      const order = await own(agentId, id);
      if (order.circulation_state !== ORDER_STATE.unpaid) throw stateChanged();
      if (!actionsOf(order, now).canClose) return { expired: true as const, now };
      return { expired: false as const, now, close: { orderId: id, to: ORDER_STATE.closed, reason, by: order.create_agent_name, at: now } };
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
