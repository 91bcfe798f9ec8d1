import { useEffect, useState } from 'react';
import {
  selectIntegralProdById,
  selectProdInfoById,
  type ActivityDetail,
  type ProductDetail,
} from '@shop/contract/catalog';
import { ApiError, call } from '../../lib/api.js';
import { clockOffset } from '../../lib/countdown.js';
import { session } from '../../lib/session.js';

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
  | { kind: 'product'; prodId: number; prodType: 1 | 2; p: ProductDetail; options: SpecOption[] }
  | { kind: 'activity'; prodId: number; prodType: 3; a: ActivityDetail; offset: number; options: SpecOption[] };

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

/** /detail?prodId&prodType: a product of zone 1 or 2, or (prodType 3) the activity whose id is prodId. */
export function useDetail(prodId: number, prodType: number) {
  const [state, setState] = useState<{ detail: Detail | null; failed: string | null }>({ detail: null, failed: null });

  useEffect(() => {
    let live = true;
    if (!Number.isInteger(prodId) || prodId <= 0) {
      setState({ detail: null, failed: prodType === 3 ? '活动不存在' : '商品不存在' });
      return;
    }
    const { platId, userInfo } = session.get();
    const load: Promise<Detail> =
      prodType === 3
        ? call(selectIntegralProdById, { id: prodId, platId }).then(({ obj: a }) => ({
            kind: 'activity',
            prodId: a.prodId,
            prodType: 3,
            a,
            offset: clockOffset(a.serverTime),
            options: activityOptions(a),
          }))
        : call(selectProdInfoById, { prodId, gradeId: userInfo?.gradeId, platId }).then(({ obj: p }) => ({
            kind: 'product',
            prodId: p.prodId,
            prodType: p.prodType === 2 ? 2 : 1,
            p,
            options: productOptions(p),
          }));
    load.then(
      (detail) => live && setState({ detail, failed: null }),
      (err) => live && setState({ detail: null, failed: err instanceof ApiError && err.status === 200 ? err.message : '查询失败' }),
    );
    return () => {
      live = false;
    };
  }, [prodId, prodType]);

  return state;
}
