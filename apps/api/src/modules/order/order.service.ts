import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import * as addresses from '../address/address.queries.js';
import * as agents from '../agent/agent.queries.js';
import * as repo from './order.repository.js';
import { createQuote } from './order-quote.js';

export function createOrderService(deps: Deps) {
  const k = deps.db.kysely;
  const quote = createQuote(deps);

  async function me(agentId: number) {
    const row = await agents.findProfileById(k, agentId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return row;
  }

  return {
    async payMethods(platId: string, onlyEnabled: boolean) {
      const rows = await repo.findPayMethods(k, platId, onlyEnabled);
      return rows.map((r) => ({ id: Number(r.id), type: r.type, isCanPayPostage: r.is_can_pay_postage, isEnable: r.is_enable }));
    },

    async ruleSet(platId: string) {
      const r = await repo.findRules(k, platId);
      return r ? [{ noPayChanelSet: r.no_pay_minutes, postState: r.post_state, postMoney: r.post_money }] : [];
    },

    async upperAgent(agentId: number) {
      const row = await me(agentId);
      if (row.up_id === null) return null;
      return { agentId: Number(row.up_id), agentName: row.up_name ?? '', agentCode: row.up_code ?? '', phone: row.up_phone ?? '' };
    },

    /** spec 1 §4 Freight, computed from the catalog's weights and prices, never from the client's. */
    async postMoney(agentId: number, input: { receiveCountyId: string; orderType: 1 | 2 | 3; seckillId?: number; orderProductDetailBos: { singleProdId: number; buyNum: number }[] }) {
      const q = await quote(agentId, input.receiveCountyId, { ...input, lines: input.orderProductDetailBos });
      return { postMoney: q.postMoney, isUpSendPost: q.isUpSendPost, freeFrom: q.freeFrom };
    },

    /** The settlement screen's figures, priced as saveOrderInfo will price them. */
    async preview(agentId: number, input: { orderType: 1 | 2 | 3; seckillId?: number; orderProductDetailBos: { singleProdId: number; buyNum: number }[]; addressId?: number; usePoints?: boolean }) {
      const address = input.addressId ? await addresses.findForAgent(k, agentId, input.addressId) : null;
      const county = address ? address.districtCode || address.cityCode || address.provinceCode : null;
      const q = await quote(agentId, county, { ...input, lines: input.orderProductDetailBos });
      const line = (l: (typeof q.priced)[number]) => ({
        prodId: l.prodId,
        singleProdId: l.singleProdId,
        prodName: l.prodName,
        specDispStr: l.specDispStr,
        imgUrl: l.imgUrl,
        buyNum: l.buyNum,
        finalPrice: l.unitPrice,
        price: l.oldPrice,
        prodPoint: l.unitPoints,
        isFirstGift: l.isGift ? 1 : 0,
      });
      return {
        lines: q.priced.map(line),
        gifts: q.giftLines.map(line),
        totalMoney: q.goods,
        postMoney: q.postMoney,
        allMoney: q.allMoney,
        actualMoney: q.actualMoney,
        isUpSendPost: q.isUpSendPost,
        freeFrom: q.freeFrom,
        pointsOffered: q.pointsOffered ? 1 : 0,
        availablePoints: q.available.points,
        pointsNeeded: q.possible.points,
        pointsMoney: q.possible.money,
        prodAllPoint: q.exchangePoints,
        lastStore: q.available.store,
        laveIncome: q.available.income,
      };
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
