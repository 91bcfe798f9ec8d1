import { SETTLE_METHOD } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { assertMayBuy, type PlaceOrder, type PlaceOrderInput, type Receiver } from '../../flows/place-order.js';
import { AppError } from '../../http/errors.js';
import * as addresses from '../address/address.service.js';
import * as agents from '../agent/agent.repository.js';
import type { PayPasswordGuard } from '../agent/pay-password.js';
import * as carts from '../cart/cart.repository.js';
import * as repo from './order.repository.js';
import { buyerFreight, freightFor, METHOD_TYPE, provinceOf } from './order-pricing.js';
import type { OrderTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';

/** Order times are shown in China time: '2026-11-21 10:00:00'. */
export const chinaTime = (isoText: string) =>
  new Date(new Date(isoText).getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

export function toOrderInfo(o: Selectable<OrderTable>) {
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
    createDate: chinaTime(o.created_at),
  };
}

export function createOrderService(deps: Deps, placeOrder: PlaceOrder, payPassword: PayPasswordGuard) {
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
    async postMoney(agentId: number, input: { receiveCountyId: string; orderType: number; seckillId?: number; orderProductDetailBos: { singleProdId: number; buyNum: number }[] }) {
      const row = await me(agentId);
      const lines = input.orderProductDetailBos;
      let goods = 0;
      let grams = 0;
      if (input.orderType === 3 && input.seckillId) {
        const items = await carts.findActivityItems(k, row.plat_id, input.seckillId, lines.map((l) => l.singleProdId));
        for (const l of lines) {
          const item = items.find((i) => Number(i.singleProdId) === l.singleProdId);
          if (!item) throw new AppError('RECORD_NOT_FOUND', '商品不存在');
          goods += (item.exchangeType === 1 ? 0 : item.exchangePrice) * l.buyNum;
          grams += item.weight * l.buyNum;
        }
      } else {
        const singles = await carts.findPricedSingles(k, Number(row.grade_id), lines.map((l) => l.singleProdId));
        for (const l of lines) {
          const s = singles.find((x) => Number(x.singleProdId) === l.singleProdId);
          if (!s) throw new AppError('RECORD_NOT_FOUND', '商品不存在');
          goods += s.finalPrice * l.buyNum;
          grams += s.weight * l.buyNum;
        }
        if (input.orderType === 1 && !(await repo.hasGiftOrder(k, agentId))) {
          const gifts = await repo.findGradeGifts(k, Number(row.grade_id));
          const giftSingles = await carts.findPricedSingles(k, Number(row.grade_id), gifts.map((g) => Number(g.single_prod_id)));
          for (const g of gifts) grams += (giftSingles.find((s) => Number(s.singleProdId) === Number(g.single_prod_id))?.weight ?? 0) * g.buy_num;
        }
      }
      const rules = await repo.findRules(k, row.plat_id);
      const freight = freightFor(await repo.findFreightRule(k, row.plat_id, provinceOf(input.receiveCountyId)), grams);
      const result = buyerFreight({ freight, goods, rules, hasUpperAgent: row.up_id !== null });
      return { ...result, freeFrom: rules?.post_state === 1 ? rules.post_money : null };
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
      return placeOrder(agentId, receiver, {
        ...input,
        // spec 1 §5 pay-method rules, against the server's amounts; nothing to check when points pay it all.
        guard: async ({ actualMoney, payType }) => {
          if (payType === 5 || !input.payType) return;
          const methods = await repo.findPayMethods(k, row.plat_id, true);
          if (!methods.some((m) => m.type === METHOD_TYPE[input.payType!])) throw new AppError('VALIDATION', '该支付方式暂未开启');
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
