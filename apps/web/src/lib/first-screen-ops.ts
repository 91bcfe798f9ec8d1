import { PROD_TYPE } from '@shop/contract/activity-state';
import { BANNER_TYPE } from '@shop/contract/flags';
import type { Operation } from '@shop/contract/operation';
import type * as cart from '@shop/contract/cart';
import type * as catalog from '@shop/contract/catalog';
import type * as sessionOps from '@shop/contract/session';
import type * as bond from '@shop/contract/bond';
import type * as upgrade from '@shop/contract/upgrade';
import type * as order from '@shop/contract/order';
import type * as orders from '@shop/contract/orders';
import { PAGE_SIZE } from '@shop/contract/page-size';

/**
 * The operations /login, /home (with its tab bar) and /detail call, known at run time by their path only, so the entry
 * bundle and the first screens' chunks carry no zod (ADR 0015: first-load JS ≤ 100 KB, Lighthouse ≥ 0.95). The api client and the query cache read nothing but `op.path`; the type is the
 * contract's operation, so payloads and answers are typed as everywhere else. first-screen-ops.test.ts checks every
 * path against the contract. Screens loaded later import the contract's operations themselves.
 */
const byPath = <O extends Operation>(path: string): O => ({ path }) as unknown as O;

export const newLogin = byPath<typeof sessionOps.newLogin>('/api/home/newLogin.do');
export const loginOut = byPath<typeof sessionOps.loginOut>('/api/home/loginOut.do');
export const agentInformationRefresh = byPath<typeof sessionOps.agentInformationRefresh>('/api/home/agentInformationRefresh.do');
export const selectBannerList = byPath<typeof catalog.selectBannerList>('/api/home/selectBannerList.do');
export const selectNewNotice = byPath<typeof catalog.selectNewNotice>('/api/home/selectNewNotice.do');
export const selectBasePointSet = byPath<typeof catalog.selectBasePointSet>('/api/base/selectBasePointSet.do');
export const selectAgentGradeInfo = byPath<typeof catalog.selectAgentGradeInfo>('/api/agent/selectAgentGradeInfo.do');
// The gate's review state (lib/gate-review.ts): a first top-up or a deposit paid and waiting for staff.
export const selAgentUpgradeApplyInfo = byPath<typeof upgrade.selAgentUpgradeApplyInfo>('/api/agent/selAgentUpgradeApplyInfo.do');
export const bondMoneyInit = byPath<typeof bond.bondMoneyInit>('/api/bond/bondMoneyInit.do');
export const selectOrderShopCartCount = byPath<typeof cart.selectOrderShopCartCount>('/api/prod/selectOrderShopCartCount.do');
export const selectProdListByType = byPath<typeof catalog.selectProdListByType>('/api/prod/selectProdListByType.do');
export const selectProdInfoById = byPath<typeof catalog.selectProdInfoById>('/api/prod/selectProdInfoById.do');
export const selectIntegralProdById = byPath<typeof catalog.selectIntegralProdById>('/api/prod/selectIntegralProdById.do');
export const saveOrderShopCart = byPath<typeof cart.saveOrderShopCart>('/api/prod/saveOrderShopCart.do');
// The first data of /orders and /my, asked for by the entry when the page opens on them (app/opening-data.ts, ADR 0049).
export const selectOrderInfoList = byPath<typeof orders.selectOrderInfoList>('/api/order/selectOrderInfoList.do');
export const selectMyPageData = byPath<typeof order.selectMyPageData>('/api/agent/selectMyPageData.do');

/** The banner list /home shows (the same key when the entry asks for it early, app/opening-data.ts). */
export const bannerInput = (platId: string) => ({ type: BANNER_TYPE.home, platId });

/** The login form's rules (contract `loginInput`), loaded when the form is first submitted. */
export const loginRules = () => import('@shop/contract/session').then((m) => m.loginInput);

/**
 * The request behind /detail?prodId&prodType (PROD_TYPE.activity: prodId is the activity id), built in one place so the entry
 * can ask for it early (app/opening-data.ts) with exactly the payload the screen's loader asks with.
 */
export function detailRequest(prodId: number, prodType: number, platId: string, gradeId: number | undefined) {
  return prodType === PROD_TYPE.activity
    ? ({ kind: 'activity', op: selectIntegralProdById, input: { id: prodId, platId } } as const)
    : ({ kind: 'product', op: selectProdInfoById, input: { prodId, gradeId, platId } } as const);
}

/** The state filters of /orders' tabs (the contract's ORDER_TABS, checked by first-screen-ops.test.ts), without zod. */
export const ORDER_TAB_STATES = [-1, 1, 3, 4, 5] as const;

/** `?tabIndex` of /orders as its state filter (the my page links 1, 3, 4, 5); anything else is 全部 (-1). */
export const orderListState = (tabIndex: string | null): number => ORDER_TAB_STATES.find((state) => String(state) === tabIndex) ?? -1;

/**
 * One page of /orders' list, and /my's data: built in one place so the entry asks with exactly the payload the
 * screen asks with (the early answer is found by operation and payload, lib/opening-answers.ts).
 */
export const orderListInput = (circulationState: number, pageNum: number) => ({ circulationState, phonePage: { pageSize: PAGE_SIZE, pageNum } });
export const myPageInput = (id: number, platId: string) => ({ id, platId });
