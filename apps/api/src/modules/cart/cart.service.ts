import { CART_MESSAGES, CATALOG_MESSAGES, QUANTITY_MAX } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import * as agents from '../agent/agent.queries.js';
import { activityLinesFor, priceForAgent } from '../catalog/catalog.queries.js';
import * as repo from './cart.repository.js';

const MIXED_ZONES = CART_MESSAGES.mixedZones;
const outOfStock = CART_MESSAGES.outOfStock;

export function createCartService({ db, clock }: Deps) {
  const k = db.kysely;

  async function gradeOf(agentId: number) {
    const me = await agents.findProfileById(k, agentId);
    if (!me) throw new AppError('UNAUTHENTICATED');
    return { gradeId: Number(me.grade_id), platId: me.plat_id };
  }

  return {
    /** The agent's lines with the prices of the agent's grade; a spec no longer sold to the grade is left out. */
    async list(agentId: number) {
      const { gradeId } = await gradeOf(agentId);
      const lines = await repo.listLines(k, agentId);
      const byId = await priceForAgent(k, lines.map((l) => Number(l.single_prod_id)), gradeId);
      return lines.flatMap((l) => {
        const s = byId.get(Number(l.single_prod_id));
        if (!s) return [];
        return [
          {
            cartId: Number(l.id),
            prodId: Number(s.prodId),
            singleProdId: Number(s.singleProdId),
            prodNum: l.prod_num,
            prodType: l.prod_type,
            price: s.finalPrice,
            checked: false,
            virtualNum: s.virtualNum,
            prodSingleProductBo: {
              prodName: s.prodName,
              imgUrl: s.imgUrl,
              specDispStr: s.specDispStr,
              finalPrice: s.finalPrice,
              price: s.price,
              weight: s.weight,
              prodId: Number(s.prodId),
              singleProdId: Number(s.singleProdId),
              touchState: s.touchState,
              touchMoney: s.touchMoney,
              prodBaseInfoBo: { prodName: s.prodName },
            },
          },
        ];
      });
    },

    count: async (agentId: number) => repo.countLines(k, agentId, (await gradeOf(agentId)).gradeId),

    async add(agentId: number, input: { singleProdId: number; prodNum: number; prodType: number }) {
      const { gradeId, platId } = await gradeOf(agentId);
      const single = (await priceForAgent(k, [input.singleProdId], gradeId)).get(input.singleProdId);
      if (!single) throw new AppError('RECORD_NOT_FOUND', '商品不存在');
      if (single.prodType !== input.prodType) throw new AppError('VALIDATION', '商品专区不符');
      const inCart = (await repo.findLine(k, agentId, input.singleProdId))?.prod_num ?? 0;
      if (inCart + input.prodNum > single.virtualNum) throw new AppError('VALIDATION', outOfStock(single.specDispStr));
      await repo.addToLine(
        k,
        {
          plat_id: platId,
          agent_id: agentId,
          single_prod_id: input.singleProdId,
          prod_type: single.prodType,
          prod_num: input.prodNum,
          created_at: iso(clock.now()),
        },
        QUANTITY_MAX,
      );
    },

    async setQuantities(agentId: number, list: { cartId: number; prodNum: number }[]) {
      await k.transaction().execute(async (trx) => {
        for (const item of list) {
          if ((await repo.setQuantity(trx, agentId, item.cartId, item.prodNum)) !== 1) {
            throw new AppError('RECORD_NOT_FOUND', '购物车商品不存在');
          }
        }
      });
    },

    async remove(agentId: number, cartIds: number[]) {
      if ((await repo.deleteLines(k, agentId, cartIds)) === 0) throw new AppError('RECORD_NOT_FOUND', '购物车商品不存在');
    },

    /** Before settlement: one zone only, every spec sold to the agent, and enough stock for each line. */
    async check(agentId: number, list: { singleProdId: number; buyNum: number; activityId?: number }[]) {
      const { gradeId, platId } = await gradeOf(agentId);
      const activityId = list.find((l) => l.activityId)?.activityId;
      if (activityId) {
        const items = await activityLinesFor(k, { platId, activityId, gradeId, now: clock.now() });
        if (items.size === 0) throw new AppError('VALIDATION', CATALOG_MESSAGES.activityClosed);
        for (const line of list) {
          const item = items.get(line.singleProdId);
          if (!item) throw new AppError('VALIDATION', CATALOG_MESSAGES.itemClosed);
          if (item.lastNum < line.buyNum) throw new AppError('VALIDATION', outOfStock(item.specDispStr));
        }
        return;
      }
      const singles = await priceForAgent(k, list.map((l) => l.singleProdId), gradeId);
      if (new Set([...singles.values()].map((s) => s.prodType)).size > 1) throw new AppError('VALIDATION', MIXED_ZONES);
      for (const line of list) {
        const single = singles.get(line.singleProdId);
        if (!single) throw new AppError('RECORD_NOT_FOUND', '商品不存在');
        if (single.virtualNum < line.buyNum) throw new AppError('VALIDATION', outOfStock(single.specDispStr));
      }
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
