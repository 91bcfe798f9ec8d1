import { addressLine, chinaTimeText, ORDER_PAY_TYPE_CODE } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { ConsoleOrders } from '../modules/staff/orders-search.service.js';
import type { StaffActor } from '../modules/staff/staff.queries.js';
import { storeShipQueue } from '../modules/store/store.queries.js';

interface QueueInput {
  orderCode?: string;
  phone?: string;
  phonePage: { pageSize: number; pageNum: number };
}

/** The merge key: the pay time as the queue shows it (China time text sorts as time), the order's time when unpaid-dated. */
const keyOf = (o: { payDate: string | null; createDate: string }) => o.payDate ?? o.createDate;

/**
 * The warehouse's one 待发货 queue (ADR 0042): the agents' paid orders (the console's reads) and the stores' paid VD
 * orders (the store module's face) in one list, the oldest payment first, one offset paging. Each source is read in its
 * own order up to the end of the asked page and the two are merged (an agent's order first on an equal second), so a
 * page is exact whatever the mix; a deep page costs its depth, which the queue (worked from its front) rarely asks.
 */
export function createShippingQueue(deps: Deps, reads: ConsoleOrders) {
  const k = deps.db.kysely;
  return {
    async toShip(actor: Pick<StaffActor, 'platId' | 'staffId'>, input: QueueInput) {
      const { pageSize, pageNum } = input.phonePage;
      const offset = (pageNum - 1) * pageSize;
      const upTo = offset + pageSize;
      const f = { platId: actor.platId, orderCode: input.orderCode, phone: input.phone };
      const [dd, vdTotal, vdRows] = await Promise.all([
        reads.toShip(actor, { orderCode: input.orderCode, phone: input.phone, phonePage: { pageSize: upTo, pageNum: 1 } }),
        storeShipQueue.countToShip(k, f),
        storeShipQueue.toShipRows(k, f, upTo, 0),
      ]);
      const agents = dd.objs.map((o) => ({ ...o, kind: 'DD' as const }));
      const stores = vdRows.map((o) => ({
        kind: 'VD' as const,
        id: Number(o.id),
        orderCode: o.order_code,
        // The consumer paid by WeChat (ADR 0038).
        payType: ORDER_PAY_TYPE_CODE.wechat,
        actualMoney: Number(o.actual_money),
        createDate: chinaTimeText(o.created_at),
        payDate: o.pay_date ? chinaTimeText(o.pay_date) : null,
        orderNote: o.order_note,
        // The store's agent: the order is theirs to earn on, the parcel goes to the consumer.
        createAgentId: Number(o.agent_id),
        createAgentName: o.agent_name,
        createAgentTel: o.agent_phone,
        createAgentCode: o.agent_code,
        receiverName: o.receiver_name,
        receiverPhone: o.receiver_phone,
        receiverFullAddress: addressLine(o.receiver_province, o.receiver_city, o.receiver_county, o.receiver_address),
        lines: [] as { prodName: string; specDispStr: string; buyNum: number }[],
      }));
      // Two ordered lists merged; each keeps its own order.
      const merged: ((typeof agents)[number] | (typeof stores)[number])[] = [];
      let i = 0;
      let j = 0;
      while (merged.length < upTo && (i < agents.length || j < stores.length)) {
        if (j >= stores.length || (i < agents.length && keyOf(agents[i]!) <= keyOf(stores[j]!))) merged.push(agents[i++]!);
        else merged.push(stores[j++]!);
      }
      const page = merged.slice(offset, upTo);
      const vdIds = page.filter((o) => o.kind === 'VD').map((o) => o.id);
      const lines = await storeShipQueue.linesOf(k, vdIds);
      for (const o of page) {
        if (o.kind !== 'VD') continue;
        o.lines = lines.filter((l) => Number(l.order_id) === o.id).map((l) => ({ prodName: l.prod_name, specDispStr: l.spec_disp_str, buyNum: l.buy_num }));
      }
      const total = dd.obj.total + vdTotal;
      return { objs: page, obj: { phonePage: { pageSize, pageNum, pageTotal: Math.ceil(total / pageSize) }, total } };
    },
  };
}
export type ShippingQueue = ReturnType<typeof createShippingQueue>;
