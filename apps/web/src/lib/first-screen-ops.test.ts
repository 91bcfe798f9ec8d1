import { describe, expect, it } from 'vitest';
import * as cart from '@shop/contract/cart';
import * as catalog from '@shop/contract/catalog';
import * as sessionOps from '@shop/contract/session';
import * as bond from '@shop/contract/bond';
import * as upgrade from '@shop/contract/upgrade';
import * as order from '@shop/contract/order';
import * as orders from '@shop/contract/orders';
import * as refs from './first-screen-ops.js';

const contract: Record<string, { path: string }> = { ...cart, ...catalog, ...sessionOps, ...bond, ...upgrade, ...order, ...orders } as never;

describe('first-screen operations (paths only, no zod in the entry)', () => {
  const names = Object.keys(refs).filter((k) => !['loginRules', 'bannerInput', 'detailRequest', 'ORDER_TAB_STATES', 'orderListState', 'orderListInput', 'myPageInput'].includes(k));
  it.each(names)('%s calls the contract operation of that name', (name) => {
    const ref = (refs as unknown as Record<string, { path: string }>)[name];
    expect(contract[name]).toBeDefined();
    expect(ref?.path).toBe(contract[name]?.path);
  });

  it('asks for a product, or with prodType 3 for the activity of that id, with a payload the contract accepts', () => {
    const product = refs.detailRequest(7, 1, 'plat-demo', 3);
    expect(product.op.path).toBe(catalog.selectProdInfoById.path);
    expect(catalog.selectProdInfoById.input.safeParse(product.input).success).toBe(true);
    const activity = refs.detailRequest(9, 3, 'plat-demo', 3);
    expect(activity.op.path).toBe(catalog.selectIntegralProdById.path);
    expect(activity.input).toEqual({ id: 9, platId: 'plat-demo' });
    expect(catalog.selectIntegralProdById.input.safeParse(activity.input).success).toBe(true);
  });

  it("reads /orders' tab filter as the contract's tabs do, and asks with payloads the contract accepts", () => {
    expect([...refs.ORDER_TAB_STATES]).toEqual(orders.ORDER_TABS.map((tab) => tab.state));
    for (const tab of orders.ORDER_TABS) expect(refs.orderListState(String(tab.state))).toBe(tab.state);
    expect(refs.orderListState(null)).toBe(-1);
    expect(refs.orderListState('2')).toBe(-1);
    expect(refs.orderListState('x')).toBe(-1);
    const page = refs.orderListInput(3, 2);
    expect(orders.selectOrderInfoList.input.safeParse(page).success).toBe(true);
    expect(orders.selectOrderInfoList.input.parse(page)).toMatchObject({ circulationState: 3, phonePage: { pageNum: 2 } });
    expect(order.selectMyPageData.input.safeParse(refs.myPageInput(5, 'plat-demo')).success).toBe(true);
  });

  it('loads the login rules of the contract', async () => {
    expect(await refs.loginRules()).toBe(sessionOps.loginInput);
  });
});
