/**
 * What other modules and flows (cart, settlement, order creation) ask the catalog: prices for a grade, activity items,
 * gifts, and the stock updates of a sale. Amounts are fen. Functions taking `Trx` must run inside the caller's
 * transaction; the others accept the Kysely instance or a transaction.
 */
import { activityStateAt, type Fen } from '@shop/contract';
import type { Executor, Trx } from '../../db/types.js';
import * as repo from './catalog.repository.js';
import * as stock from './stock.repository.js';

export interface SinglePrice {
  singleProdId: number;
  prodId: number;
  /** 1 self-operated, 2 welfare, 3 activity goods (exchanged through an activity only). */
  prodType: number;
  prodName: string;
  specDispStr: string;
  imgUrl: string;
  /** Retail. */
  price: Fen;
  /** What the grade pays. */
  finalPrice: Fen;
  virtualNum: number;
  weight: number;
  integralNum: number;
  touchState: number;
  touchMoney: Fen;
}

export interface ActivityItemInfo {
  activityId: number;
  itemId: number;
  singleProdId: number;
  prodId: number;
  prodName: string;
  specDispStr: string;
  imgUrl: string;
  weight: number;
  /** Retail price of the spec. */
  price: Fen;
  exchangeType: number;
  exchangeIntegral: number;
  exchangePrice: Fen;
  /** Stock left for the activity. */
  lastNum: number;
  /** 1 not started, 2 running, 3 ended, at the `now` asked about. */
  actState: 1 | 2 | 3;
  /** ISO UTC. */
  expiryStartDate: string;
  expiryEndDate: string;
}

type SingleColumns = Pick<
  repo.PricedSingleRow,
  | 'id'
  | 'product_id'
  | 'prod_type'
  | 'prod_name'
  | 'spec_disp_str'
  | 'img_url'
  | 'price'
  | 'virtual_num'
  | 'weight'
  | 'integral_num'
  | 'touch_state'
  | 'touch_money'
> & { final_price: number | null };

export function toSinglePrice(r: SingleColumns): SinglePrice {
  return {
    singleProdId: Number(r.id),
    prodId: Number(r.product_id),
    prodType: r.prod_type,
    prodName: r.prod_name,
    specDispStr: r.spec_disp_str,
    imgUrl: r.img_url,
    price: Number(r.price),
    // A gift without a price for the grade is valued at retail.
    finalPrice: Number(r.final_price ?? r.price),
    virtualNum: r.virtual_num,
    weight: r.weight,
    integralNum: r.integral_num,
    touchState: r.touch_state,
    touchMoney: Number(r.touch_money),
  };
}

/**
 * The specs a grade may buy, priced for it, by singleProdId. A spec missing from the answer is not for sale to the
 * grade (no price for it, or its product is not shown): the caller answers '商品不存在'.
 */
export async function priceForAgent(db: Executor, singleProdIds: readonly number[], gradeId: number): Promise<Map<number, SinglePrice>> {
  const rows = await repo.pricedSinglesById(db, singleProdIds, gradeId);
  return new Map(rows.filter((r) => r.is_phone_show === 1).map((r) => [Number(r.id), toSinglePrice(r)]));
}

/**
 * The items of one activity a grade may exchange, by singleProdId, with the state of the activity at `now`: the same
 * filter as the activity screens (shown on the phone, a price for the grade), so what cannot be seen cannot be ordered.
 * An empty map means the activity is not open to the grade at all.
 */
export async function activityLinesFor(
  db: Executor,
  q: { platId: string; activityId: number; gradeId: number; now: Date },
): Promise<Map<number, ActivityItemInfo>> {
  const rows = await repo.activityItemsOf(db, q.platId, q.activityId, q.gradeId);
  const at = q.now.getTime();
  return new Map(
    rows
      .filter((r) => r.is_phone_show === 1)
      .map((r): [number, ActivityItemInfo] => [
        Number(r.single_prod_id),
        {
          activityId: Number(r.activity_id),
          itemId: Number(r.id),
          singleProdId: Number(r.single_prod_id),
          prodId: Number(r.product_id),
          prodName: r.prod_name,
          specDispStr: r.spec_info || r.spec_disp_str,
          imgUrl: r.img_url,
          weight: r.weight,
          price: Number(r.price),
          exchangeType: r.exchange_type,
          exchangeIntegral: r.exchange_integral,
          exchangePrice: Number(r.exchange_price),
          lastNum: r.last_num,
          actState: activityStateAt(Date.parse(r.expiry_start_date), Date.parse(r.expiry_end_date), at),
          expiryStartDate: r.expiry_start_date,
          expiryEndDate: r.expiry_end_date,
        },
      ]),
  );
}

/** The free gifts a grade gets with a self-operated settlement (agent grade info orderProductDetailBos). */
export async function giftsForGrade(db: Executor, gradeId: number): Promise<{ buyNum: number; single: SinglePrice }[]> {
  const rows = await repo.giftsOfGrade(db, gradeId);
  return rows.map((r) => ({ buyNum: r.buy_num, single: toSinglePrice(r) }));
}

/** Takes `num` from a spec's stock; false (nothing taken) when fewer are left. */
export const takeStock: (trx: Trx, singleProdId: number, num: number) => Promise<boolean> = stock.takeStock;
/** Puts stock back (an order closed or cancelled). */
export const returnStock: (trx: Trx, singleProdId: number, num: number) => Promise<void> = stock.returnStock;
/** Takes `num` from an activity item's stock and counts it as exchanged; false when fewer are left. */
export const takeActivityStock: (trx: Trx, itemId: number, num: number) => Promise<boolean> = stock.takeActivityStock;
export const returnActivityStock: (trx: Trx, itemId: number, num: number) => Promise<void> = stock.returnActivityStock;
/** Counts units sold in a product's sales (negative to take them back). */
export const addSales: (trx: Trx, prodId: number, num: number) => Promise<void> = stock.addSales;

/** A spec with its product's name (public trace and anti-counterfeit answers, ADR 0018). */
export { findSingleWithProduct } from './product-lookup.repository.js';

/** Specs of a platform with their product names (code batches, ADR 0022). */
export { specOptionsOf } from './spec-options.repository.js';
