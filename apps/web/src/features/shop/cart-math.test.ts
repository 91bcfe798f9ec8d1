import { describe, expect, it } from 'vitest';
import { fenToYuan } from '@shop/contract/money';
import { checkedTotalFen, gateOf, lineFen, settlePlan, stepperMax, type CartLine } from './cart-math.js';

let nextId = 1;
function line(p: { finalPrice: string; prodNum: number; prodType?: number; virtualNum?: number }): CartLine {
  const id = nextId++;
  return {
    cartId: id,
    prodId: 100 + id,
    singleProdId: 200 + id,
    prodNum: p.prodNum,
    prodType: p.prodType ?? 1,
    price: p.finalPrice,
    checked: false,
    virtualNum: p.virtualNum ?? 500,
    prodSingleProductBo: {
      prodName: `商品${id}`,
      imgUrl: '',
      specDispStr: '标准装',
      finalPrice: p.finalPrice,
      price: '99.00',
      weight: 100,
      prodId: 100 + id,
      singleProdId: 200 + id,
      touchState: 0,
      touchMoney: '0.00',
      prodBaseInfoBo: { prodName: `商品${id}` },
    },
  };
}

describe('cart totals in fen', () => {
  it('multiplies the grade price by the quantity without floating-point error', () => {
    expect(lineFen(line({ finalPrice: '0.10', prodNum: 3 }))).toBe(30);
    expect(lineFen(line({ finalPrice: '19.99', prodNum: 7 }))).toBe(13993);
  });

  it('sums only the checked lines and shows two decimals', () => {
    const a = line({ finalPrice: '0.10', prodNum: 1 });
    const b = line({ finalPrice: '0.20', prodNum: 1 });
    const c = line({ finalPrice: '1000.00', prodNum: 99999 });
    expect(checkedTotalFen([a, b, c], new Set([a.cartId, b.cartId]))).toBe(30);
    expect(fenToYuan(checkedTotalFen([a, b, c], new Set([a.cartId, b.cartId])))).toBe('0.30');
    expect(fenToYuan(checkedTotalFen([a, b, c], new Set([c.cartId])))).toBe('99999000.00');
    expect(checkedTotalFen([a, b], new Set())).toBe(0);
  });
});

describe('stepper bounds', () => {
  it('never goes above the stock nor 99999, and keeps 1 as the floor', () => {
    expect(stepperMax({ virtualNum: 12 })).toBe(12);
    expect(stepperMax({ virtualNum: 1_000_000 })).toBe(99999);
    expect(stepperMax({ virtualNum: 0 })).toBe(1);
  });
});

describe('agent status gate', () => {
  it('asks for the first top-up, then the deposit, and lets only an active agent settle', () => {
    expect(gateOf({ agentStatus: 0, isNeedBondStatus: 0 })).toBe('recharge');
    expect(gateOf({ agentStatus: 0, isNeedBondStatus: 1 })).toBe('recharge');
    expect(gateOf({ agentStatus: 1, isNeedBondStatus: 1 })).toBe('bond');
    expect(gateOf({ agentStatus: 1, isNeedBondStatus: 0 })).toBe('open');
    expect(gateOf({ agentStatus: 7, isNeedBondStatus: 0 })).toBe('stale');
    expect(gateOf(null)).toBe('stale');
  });
});

describe('settle plan', () => {
  it('refuses an empty choice and mixed zones with the spec messages', () => {
    const self = line({ finalPrice: '10.00', prodNum: 1, prodType: 1 });
    const welfare = line({ finalPrice: '10.00', prodNum: 1, prodType: 2 });
    expect(settlePlan([self, welfare], new Set())).toEqual({ error: '请至少选择一个商品进行结算' });
    expect(settlePlan([self, welfare], new Set([self.cartId, welfare.cartId]))).toEqual({
      error: '自营区商品和福利区商品不能一起结算',
    });
  });

  it('maps the zone to the order type and hands over the chosen lines', () => {
    const a = line({ finalPrice: '10.00', prodNum: 2, prodType: 2 });
    const b = line({ finalPrice: '10.00', prodNum: 1, prodType: 2 });
    const plan = settlePlan([a, b], new Set([a.cartId]));
    expect(plan).toEqual({
      orderType: 2,
      lines: [{ prodId: a.prodId, singleProdId: a.singleProdId, prodType: 2, buyNum: 2, cartId: a.cartId }],
    });
  });
});
