import { useQuery } from '@tanstack/react-query';
import { PROD_TYPE } from '@shop/contract/activity-state';
import type { ActivityDetail, ProductDetail } from '@shop/contract/catalog';
import { call, type Reply } from '../../lib/api.js';
import { clockOffset } from '../../lib/countdown.js';
import { detailRequest } from '../../lib/first-screen-ops.js';
import { claimOpening } from '../../lib/opening-answers.js';
import { session, useSession } from '../../lib/session.js';

/** One choice of the spec sheet: a spec of a product, or an item of an activity. */
export interface SpecOption {
  singleProdId: number;
  /** Activity item id (exchange). */
  itemId?: number;
  label: string;
  imgUrl: string;
  /** Stock left: the spec's stock, or what the activity has left of the item. */
  stock: number;
  price: string;
  finalPrice: string;
  exchangeIntegral: number;
  exchangePrice: string;
}

export type Detail =
  | { kind: 'product'; prodId: number; prodType: typeof PROD_TYPE.selfRun | typeof PROD_TYPE.welfare; p: ProductDetail; options: SpecOption[] }
  | { kind: 'activity'; prodId: number; prodType: typeof PROD_TYPE.activity; a: ActivityDetail; offset: number; options: SpecOption[] };

function productOptions(p: ProductDetail): SpecOption[] {
  return p.prodSingleProductBos.map((s) => ({
    singleProdId: s.singleProdId,
    label: s.specDispStr,
    imgUrl: s.imgUrl || p.mainLagerImgUrl,
    stock: s.virtualNum,
    price: s.price,
    finalPrice: s.finalPrice,
    exchangeIntegral: 0,
    exchangePrice: '0.00',
  }));
}

function activityOptions(a: ActivityDetail): SpecOption[] {
  return a.prodIntegralGoodsDetailBos.map((i) => ({
    singleProdId: i.singleProdId,
    itemId: i.id,
    label: i.specInfo,
    imgUrl: i.prodSingleProductBo.imgUrl || a.mainLagerImgUrl,
    stock: i.lastNum,
    price: i.prodSingleProductBo.price,
    finalPrice: i.prodSingleProductBo.finalPrice,
    exchangeIntegral: i.exchangeIntegral,
    exchangePrice: i.exchangePrice,
  }));
}

async function loadDetail(prodId: number, prodType: number, signal: AbortSignal): Promise<Detail> {
  const { platId, userInfo } = session.get();
  const quietly = { background: true, silent: true, signal } as const;
  const req = detailRequest(prodId, prodType, platId, userInfo?.gradeId);
  // The entry may have asked already, while this screen's code loaded (app/opening-data.ts).
  if (req.kind === 'activity') {
    const { obj: a } = await (claimOpening<Reply<typeof req.op>>(req.op, req.input) ?? call(req.op, req.input, quietly));
    return { kind: 'activity', prodId: a.prodId, prodType: PROD_TYPE.activity, a, offset: clockOffset(a.serverTime), options: activityOptions(a) };
  }
  const { obj: p } = await (claimOpening<Reply<typeof req.op>>(req.op, req.input) ?? call(req.op, req.input, quietly));
  return { kind: 'product', prodId: p.prodId, prodType: p.prodType === PROD_TYPE.welfare ? PROD_TYPE.welfare : PROD_TYPE.selfRun, p, options: productOptions(p) };
}

/**
 * /detail?prodId&prodType: a product of zone 1 or 2, or (prodType 3) the activity whose id is prodId. The one loader:
 * a failure is told as what it is (offline / timeout / server error / the server's refusal) with a retry.
 */
export function useDetail(prodId: number, prodType: number) {
  const gradeId = useSession().userInfo?.gradeId;
  const valid = Number.isInteger(prodId) && prodId > 0;
  const query = useQuery({
    queryKey: ['detail', prodType === PROD_TYPE.activity ? PROD_TYPE.activity : PROD_TYPE.selfRun, prodId, gradeId],
    queryFn: ({ signal }) => loadDetail(prodId, prodType, signal),
    enabled: valid,
    // Stock and activity states move: a revisit asks again (the last answer stays on screen meanwhile).
    refetchOnMount: 'always',
  });
  return { query, invalid: valid ? null : prodType === PROD_TYPE.activity ? '活动不存在' : '商品不存在' };
}
