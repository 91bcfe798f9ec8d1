import { chinaTimeText, SETTLE_METHOD, SETTLE_METHOD_TYPE } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { assertMayBuy, type OrderFlow, type PlaceOrderInput, type Receiver } from '../../flows/place-order.js';
import { AppError } from '../../http/errors.js';
import * as addresses from '../address/address.service.js';
import * as agents from '../agent/agent.repository.js';
import type { PayPasswordGuard } from '../agent/pay-password.js';
import * as repo from './order.repository.js';
import type { OrderRow } from '../../db/schema.js';

export function toOrderInfo(o: OrderRow) {
  return {
    id: Number(o.id),
    orderCode: o.order_code,
    orderType: o.order_type,
    payType: o.pay_type,
    circulationState: o.circulation_state,
    actualMoney: o.actual_money,
    totalMoney: o.total_money,
    postMoney: o.post_money,
    pointBalanceMoney: o.point_balance_money,
    balancePoint: o.balance_point,
    actualPoint: o.actual_point,
    isUpSendPost: o.is_up_send_post,
    createDate: chinaTimeText(o.created_at),
  };
}

export function createOrderService(deps: Deps, flow: OrderFlow, payPassword: PayPasswordGuard) {
  const k = deps.db.kysely;

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
      const q = await flow.quote(agentId, input.receiveCountyId, { ...input, lines: input.orderProductDetailBos });
      return { postMoney: q.postMoney, isUpSendPost: q.isUpSendPost, freeFrom: q.freeFrom };
    },

    /** The settlement screen's figures, priced as saveOrderInfo will price them. */
    async preview(agentId: number, input: { orderType: 1 | 2 | 3; seckillId?: number; orderProductDetailBos: { singleProdId: number; buyNum: number }[]; addressId?: number; usePoints?: boolean }) {
      const address = input.addressId ? await addresses.findForAgent(k, agentId, input.addressId) : null;
      const county = address ? address.districtCode || address.cityCode || address.provinceCode : null;
      const q = await flow.quote(agentId, county, { ...input, lines: input.orderProductDetailBos });
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

    /** saveOrderInfo: the pay-method rules of spec 1 §5, then the place-order flow. */
    async save(agentId: number, input: PlaceOrderInput & { addressId: number; payPassword?: string }) {
      const row = await me(agentId);
      assertMayBuy(row);
      const address = await addresses.findForAgent(k, agentId, input.addressId);
      if (!address) throw new AppError('VALIDATION', '请选择收货地址');
      const receiver: Receiver = {
        name: address.receiverNmae,
        phone: address.receiverPhone,
        nation: address.country,
        province: address.province,
        city: address.city,
        county: address.district,
        countyCode: address.districtCode || address.cityCode || address.provinceCode,
        postCode: address.postCode,
        address: address.address,
      };
      return flow.placeOrder(agentId, receiver, {
        ...input,
        // spec 1 §5 pay-method rules, against the server's amounts; nothing to check when points pay it all.
        guard: async ({ actualMoney, payType }: { actualMoney: number; payType: number }) => {
          if (payType === 5 || !input.payType) return;
          const methods = await repo.findPayMethods(k, row.plat_id, true);
          if (!methods.some((m) => m.type === SETTLE_METHOD_TYPE[input.payType!])) throw new AppError('VALIDATION', '该支付方式暂未开启');
          const balances = await agents.findBalances(k, agentId);
          if (input.payType === SETTLE_METHOD.wechat && !balances.open_id) throw new AppError('VALIDATION', '您未绑定微信支付');
          if (input.payType === SETTLE_METHOD.balance && balances.last_store <= 0) throw new AppError('VALIDATION', '货款余额不足');
          if (input.payType === SETTLE_METHOD.income) {
            if (balances.lave_income < actualMoney) throw new AppError('VALIDATION', '总分余额不足');
            await payPassword.verify(agentId, input.payPassword);
          }
        },
      });
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
