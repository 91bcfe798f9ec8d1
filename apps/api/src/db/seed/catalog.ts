import type { Trx } from '../types.js';
import {
  DEMO_ACTIVITIES,
  DEMO_BANNERS,
  DEMO_GIFTS,
  DEMO_NOTICES,
  DEMO_POINT_SETTING,
  DEMO_PRODUCTS,
  gradePriceFen,
} from './catalog-data.js';

const DAY = 24 * 60 * 60 * 1000;

/** spec 1 §9: welfare goods give price / chargeMoney (rounded) × chargeGetPoint points. */
const giftPoints = (priceFen: number) =>
  Math.round(Math.round(priceFen / DEMO_POINT_SETTING.chargeMoneyFen) * DEMO_POINT_SETTING.chargeGetPoint);

/** The demo catalog; `gradeIds` in DEMO_GRADES order; activity and notice dates relative to `now`. */
export async function seedCatalog(trx: Trx, platId: string, gradeIds: number[], now: Date): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const created = now.toISOString();
  const specIds = new Map<string, number[]>();
  const productIds = new Map<string, number>();

  for (const [sort, p] of DEMO_PRODUCTS.entries()) {
    const { id } = await trx
      .insertInto('products')
      .values({
        plat_id: platId,
        prod_type: p.type,
        prod_name: p.name,
        prod_introduction: p.intro,
        prod_remark: p.remark.join(''),
        main_img_url: p.image,
        detail_img_urls: [p.image, '/demo/detail-quality.svg', '/demo/detail-service.svg'].join(';'),
        detail_video_url: '',
        base_sale: p.baseSale,
        actual_sale: 0,
        sort,
        is_phone_show: 1,
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productIds.set(p.key, Number(id));

    const ids: number[] = [];
    for (const [specSort, s] of p.specs.entries()) {
      const { id: specId } = await trx
        .insertInto('single_products')
        .values({
          plat_id: platId,
          product_id: Number(id),
          spec_disp_str: s.spec,
          price: s.priceFen,
          img_url: p.image,
          virtual_num: s.stock,
          weight: s.weight,
          integral_num: p.type === 2 ? giftPoints(s.priceFen) : 0,
          touch_state: s.touchMoneyFen ? 1 : 0,
          touch_money: s.touchMoneyFen ?? 0,
          sort: specSort,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(specId));
      const prices = gradeIds
        .map((gradeId, gradeIndex) => ({ gradeId, gradeIndex }))
        .filter(({ gradeIndex }) => !p.hiddenFrom?.includes(gradeIndex))
        .map(({ gradeId, gradeIndex }) => ({ single_prod_id: Number(specId), grade_id: gradeId, final_price: gradePriceFen(s.priceFen, gradeIndex) }));
      if (prices.length) await trx.insertInto('grade_prices').values(prices).execute();
    }
    specIds.set(p.key, ids);
  }

  for (const [sort, a] of DEMO_ACTIVITIES.entries()) {
    const { id } = await trx
      .insertInto('activities')
      .values({
        plat_id: platId,
        product_id: productIds.get(a.product)!,
        exchange_type: a.exchangeType,
        expiry_start_date: at(a.startDays),
        expiry_end_date: at(a.endDays),
        all_use_num: a.allUseNum,
        sort,
        is_phone_show: 1,
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const item of a.items) {
      await trx
        .insertInto('activity_items')
        .values({
          activity_id: Number(id),
          single_prod_id: specIds.get(a.product)![item.specIndex]!,
          exchange_integral: item.integral,
          exchange_price: item.priceFen,
          last_num: item.lastNum,
          spec_info: '',
        })
        .execute();
    }
  }

  for (const g of DEMO_GIFTS) {
    await trx
      .insertInto('grade_gifts')
      .values({ grade_id: gradeIds[g.gradeIndex]!, single_prod_id: specIds.get(g.product)![g.specIndex]!, buy_num: g.buyNum })
      .execute();
  }

  for (const [sort, b] of DEMO_BANNERS.entries()) {
    await trx.insertInto('banners').values({ plat_id: platId, type: 1, img_url: b.image, link_url: b.link, sort }).execute();
  }

  for (const n of DEMO_NOTICES) {
    const date = at(-n.daysAgo);
    await trx
      .insertInto('notices')
      .values({
        plat_id: platId,
        notice_name: n.name,
        notice_content: n.html,
        is_timing_release: n.timed ? 1 : 0,
        release_date: date,
        created_at: date,
        modified_at: date,
      })
      .execute();
  }

  const ps = DEMO_POINT_SETTING;
  await trx
    .insertInto('point_settings')
    .values({
      plat_id: platId,
      point_change: ps.pointChange,
      state: ps.state,
      sign_state: ps.signState,
      charge_money: ps.chargeMoneyFen,
      charge_get_point: ps.chargeGetPoint,
    })
    .execute();
}
