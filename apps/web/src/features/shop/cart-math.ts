import type * as z from 'zod/mini';
import { PROD_TYPE } from '@shop/contract/activity-state';
import { agentGateOf, type AgentGate } from '@shop/contract/agent-gate';
import type { cartLine } from '@shop/contract/cart';
import { QUANTITY_MAX } from '@shop/contract/cart';
import { yuanToFen, type Fen } from '@shop/contract/money';
import type { UserInfo } from '@shop/contract/session';
import type { CheckoutLine } from '../../lib/checkout.js';

/** A cart line as the client reads it: prices are yuan text with two decimals. */
export type CartLine = z.output<typeof cartLine>;

/** What the agent pays for a line: the grade price times the quantity, in integer fen. */
export const lineFen = (line: CartLine): Fen => yuanToFen(line.prodSingleProductBo.finalPrice) * line.prodNum;

/** spec 1 §2 /shop footer: the total excluding shipping over the checked lines. */
export function checkedTotalFen(lines: CartLine[], checked: ReadonlySet<number>): Fen {
  return lines.reduce((sum, line) => (checked.has(line.cartId) ? sum + lineFen(line) : sum), 0);
}

/** spec 1 §5: the stepper runs from 1 to 99999 and never above the stock. */
export const stepperMax = (line: Pick<CartLine, 'virtualNum'>) => Math.max(1, Math.min(QUANTITY_MAX, line.virtualNum));

/** spec 1 §4 agent status gate, the contract's (the server refuses an order by the same rule): only 'open' may settle. */
export type Gate = AgentGate;
export const gateOf = (user: Pick<UserInfo, 'agentStatus' | 'isNeedBondStatus'> | null): Gate => agentGateOf(user);

export type SettlePlan = { error: string } | { orderType: 1 | 2; lines: CheckoutLine[] };

/** spec 1 §4 Cart / §5: what settling the checked lines hands to /settlement, or the message refusing it. */
export function settlePlan(lines: CartLine[], checked: ReadonlySet<number>): SettlePlan {
  const chosen = lines.filter((l) => checked.has(l.cartId));
  if (chosen.length === 0) return { error: '请至少选择一个商品进行结算' };
  const zones = new Set(chosen.map((l) => l.prodType));
  if (zones.size > 1) return { error: '自营区商品和福利区商品不能一起结算' };
  const zone = chosen[0]!.prodType;
  if (zone !== PROD_TYPE.selfRun && zone !== PROD_TYPE.welfare) return { error: '活动商品不能加入购物车' };
  return {
    orderType: zone,
    lines: chosen.map((l) => ({ prodId: l.prodId, singleProdId: l.singleProdId, prodType: zone, buyNum: l.prodNum, cartId: l.cartId })),
  };
}
