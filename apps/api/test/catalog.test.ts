import { beforeAll, describe, expect, it } from 'vitest';
import {
  chinaTimeText,
  selectAgentGradeCheck,
  selectAgentGradeInfo,
  selectAppNoticeById,
  selectBannerList,
  selectBaseGradeInfo,
  selectBasePointSet,
  selectIntegralProdById,
  selectIntegralProdList,
  selectNewNotice,
  selectProdInfoById,
  selectProdListByType,
} from '@shop/contract';
import { DEMO_LIMITED_SPEC } from '../src/db/seed/catalog-data.js';
import { priceForAgent, returnStock, takeStock } from '../src/modules/catalog/catalog.queries.js';
import { useTestApp } from './helpers/app.js';
import { DAY, HOUR } from './helpers/time.js';

const t = useTestApp();
const PASSWORD = 'demo1234';
const DIAMOND = '13800000001'; // 钻石代理
const TRIAL = '13800000002'; // 体验代理
const SILVER = '13800000003'; // 银卡代理
const GOLD = '13800000004'; // 金卡代理

const tokens: Record<string, string> = {};
const as = (phone: string) => ({ token: tokens[phone]! });

async function prodIdOf(name: string) {
  const row = await t.db.kysely.selectFrom('products').select('id').where('prod_name', '=', name).executeTakeFirstOrThrow();
  return Number(row.id);
}
async function gradeIdOf(name: string) {
  const row = await t.db.kysely.selectFrom('grades').select('id').where('grade_name', '=', name).executeTakeFirstOrThrow();
  return Number(row.id);
}
async function limitedSpecId() {
  const row = await t.db.kysely
    .selectFrom('single_products as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select('s.id')
    .where('p.prod_name', '=', DEMO_LIMITED_SPEC.prodName)
    .where('s.spec_disp_str', '=', DEMO_LIMITED_SPEC.specDispStr)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  for (const phone of [DIAMOND, TRIAL, SILVER, GOLD]) tokens[phone] = (await t.login(phone, PASSWORD)).token;
  // The seed dates activities and notices from the real clock: move them by the same offset onto the test clock.
  const seeded = await t.db.kysely.selectFrom('products').select('created_at').limit(1).executeTakeFirstOrThrow();
  const shift = t.clock.now().getTime() - Date.parse(seeded.created_at);
  const moved = (isoText: string) => new Date(Date.parse(isoText) + shift).toISOString();
  for (const a of await t.db.kysely.selectFrom('activities').selectAll().execute()) {
    await t.db.kysely
      .updateTable('activities')
      .set({ expiry_start_date: moved(a.expiry_start_date), expiry_end_date: moved(a.expiry_end_date) })
      .where('id', '=', a.id)
      .execute();
  }
  for (const n of await t.db.kysely.selectFrom('notices').selectAll().execute()) {
    await t.db.kysely
      .updateTable('notices')
      .set({ release_date: moved(n.release_date), created_at: moved(n.created_at), modified_at: moved(n.modified_at) })
      .where('id', '=', n.id)
      .execute();
  }
});

describe('selectProdListByType (zones 1 and 2)', () => {
  it('pages the self-operated zone by sort, ten by default', async () => {
    const all = await t.call(selectProdListByType, { prodType: 1, gradeId: 1, pageType: 1, isPhoneShow: 1, phonePage: { pageNum: 1 } }, as(DIAMOND));
    expect(all.body.errorType).toBe('SUCCESS');
    expect(all.body.objs.map((p: any) => p.prodName)).toEqual([
      '益生菌固体饮料',
      '深海鱼油软胶囊',
      '乳清蛋白粉',
      '维生素C咀嚼片',
      '胶原蛋白肽饮',
      '氨糖软骨素钙片',
    ]);
    expect(all.body.phonePage).toEqual({ pageSize: 10, pageNum: 1, pageTotal: 1 });

    const page1 = await t.call(selectProdListByType, { prodType: 1, phonePage: { pageSize: 4, pageNum: 1 } }, as(DIAMOND));
    const page2 = await t.call(selectProdListByType, { prodType: 1, phonePage: { pageSize: 4, pageNum: 2 } }, as(DIAMOND));
    const page3 = await t.call(selectProdListByType, { prodType: 1, phonePage: { pageSize: 4, pageNum: 3 } }, as(DIAMOND));
    expect(page1.body.objs).toHaveLength(4);
    expect(page2.body.objs.map((p: any) => p.prodName)).toEqual(['胶原蛋白肽饮', '氨糖软骨素钙片']);
    expect(page2.body.phonePage).toEqual({ pageSize: 4, pageNum: 2, pageTotal: 2 });
    expect(page3.body.objs).toEqual([]);
  });

  it('lists the welfare zone with its points offset, and shows each card at its cheapest spec', async () => {
    const reply = await t.call(selectProdListByType, { prodType: 2 }, as(DIAMOND));
    expect(reply.body.objs.map((p: any) => p.prodName)).toEqual(['破壁灵芝孢子粉胶囊', '宁夏枸杞原浆', '阿胶固元糕', '九蒸九晒黑芝麻丸']);
    // 398.00 retail; 钻石代理 pays 60 % rounded to whole yuan.
    expect(reply.body.objs[0]).toMatchObject({
      prodType: 2,
      price: '398.00',
      finalPrice: '239.00',
      touchState: 1,
      touchMoney: '40.00',
      mainLagerImgUrl: '/demo/lingzhi.svg',
      baseSale: 536,
      actualSale: 0,
      sales: 536,
    });
  });

  it('prices for the session agent grade, whatever gradeId the client sends', async () => {
    const diamondGrade = await gradeIdOf('钻石代理');
    const cards = async (phone: string) => {
      const r = await t.call(selectProdListByType, { prodType: 1, gradeId: diamondGrade }, as(phone));
      return Object.fromEntries(r.body.objs.map((p: any) => [p.prodName, [p.price, p.finalPrice]]));
    };
    expect((await cards(DIAMOND))['维生素C咀嚼片']).toEqual(['59.00', '35.00']);
    expect((await cards(GOLD))['维生素C咀嚼片']).toEqual(['59.00', '40.00']);
    expect((await cards(SILVER))['维生素C咀嚼片']).toEqual(['59.00', '44.00']);
    expect((await cards(TRIAL))['维生素C咀嚼片']).toEqual(['59.00', '50.00']);
  });

  it('hides a product without a price for the grade: 胶原蛋白肽饮 is absent for 体验代理, present for 钻石代理', async () => {
    const names = async (phone: string) =>
      (await t.call(selectProdListByType, { prodType: 1 }, as(phone))).body.objs.map((p: any) => p.prodName);
    expect(await names(DIAMOND)).toContain('胶原蛋白肽饮');
    expect(await names(TRIAL)).not.toContain('胶原蛋白肽饮');
    expect(await names(TRIAL)).toHaveLength(5);

    const id = await prodIdOf('胶原蛋白肽饮');
    expect((await t.call(selectProdInfoById, { prodId: id }, as(DIAMOND))).body.obj.prodName).toBe('胶原蛋白肽饮');
    const hidden = await t.call(selectProdInfoById, { prodId: id, gradeId: await gradeIdOf('钻石代理') }, as(TRIAL));
    expect(hidden.body).toMatchObject({ errorType: 'PRODUCT_NOT_FOUND', msg: '商品不存在', obj: null });
  });

  it.each([
    [{ prodType: 3 }, '商品专区有误'],
    [{}, '商品专区有误'],
    [{ prodType: 1, phonePage: { pageSize: 0 } }, undefined],
  ])('refuses %j', async (payload, message) => {
    const reply = await t.call(selectProdListByType, payload, as(DIAMOND));
    expect(reply.body.errorType).toBe('VALIDATION');
    if (message) expect(reply.body.msg).toBe(message);
  });

  it('needs a session (HTTP 401 without a token)', async () => {
    const reply = await t.call(selectProdListByType, { prodType: 1 });
    expect(reply.status).toBe(401);
  });
});

describe('selectProdInfoById', () => {
  it('answers the product, its specs for the grade, images, remark and sales', async () => {
    const reply = await t.call(selectProdInfoById, { prodId: await prodIdOf('益生菌固体饮料'), platId: 'plat-demo' }, as(GOLD));
    expect(reply.body.errorType).toBe('SUCCESS');
    const p = reply.body.obj;
    expect(p).toMatchObject({
      prodName: '益生菌固体饮料',
      prodType: 1,
      price: '39.00',
      finalPrice: '27.00',
      sales: 1268,
      detailLagerImgUrl: '/demo/probiotic.svg;/demo/detail-quality.svg;/demo/detail-service.svg',
      detailLagerVideoUrl: '',
    });
    expect(p.prodRemark).toContain('<h3>产品介绍</h3>');
    expect(p.prodSingleProductBos).toEqual([
      expect.objectContaining({ specDispStr: '便携装 5袋', price: '39.00', finalPrice: '27.00', virtualNum: 500, weight: 60, touchState: 0, touchMoney: '0.00' }),
      expect.objectContaining({ specDispStr: '标准装 20袋/盒', price: '128.00', finalPrice: '87.00', virtualNum: 300, weight: 220 }),
      expect.objectContaining({ specDispStr: '家庭装 40袋/盒', price: '238.00', finalPrice: '162.00', virtualNum: 120, weight: 420 }),
    ]);
  });

  it('answers welfare specs with their points offset and gift points (price / chargeMoney × chargeGetPoint)', async () => {
    const reply = await t.call(selectProdInfoById, { prodId: await prodIdOf('宁夏枸杞原浆') }, as(DIAMOND));
    expect(reply.body.obj.prodSingleProductBos).toEqual([
      expect.objectContaining({ specDispStr: '30ml×10袋', touchState: 1, touchMoney: '15.00', integralNum: 20 }),
      expect.objectContaining({ specDispStr: '30ml×30袋', touchState: 1, touchMoney: '45.00', integralNum: 50 }),
    ]);
  });

  it("answers '商品不存在' for an unknown id, an activity's goods, or a missing id", async () => {
    for (const prodId of [999_999, await prodIdOf('智能电子血压计')]) {
      const reply = await t.call(selectProdInfoById, { prodId }, as(DIAMOND));
      expect(reply.body).toMatchObject({ errorType: 'PRODUCT_NOT_FOUND', msg: '商品不存在' });
    }
    expect((await t.call(selectProdInfoById, {}, as(DIAMOND))).body).toMatchObject({ errorType: 'VALIDATION', msg: '商品不存在' });
  });
});

describe('selectIntegralProdList and selectIntegralProdById (activities)', () => {
  const states = async (actStatus?: number, token = tokens[DIAMOND]!) => {
    const reply = await t.call(selectIntegralProdList, { prodType: 3, actStatus, phonePage: { pageNum: 1 } }, { token });
    expect(reply.body.errorType).toBe('SUCCESS');
    return reply.body.objs.map((a: any) => [a.prodName, a.actState]);
  };

  it('derives the state from the dates: running first, then not started, then ended (actStatus 5)', async () => {
    expect(await states(5)).toEqual([
      ['智能电子血压计', 2],
      ['316不锈钢保温杯', 2],
      ['艾草足浴包', 2],
      ['养生花草茶礼盒', 1],
      ['U型按摩颈枕', 3],
    ]);
    expect(await states()).toHaveLength(5);
  });

  it('lists only the running ones for actStatus 2, and pages', async () => {
    expect((await states(2)).map((s: any) => s[1])).toEqual([2, 2, 2]);
    const page2 = await t.call(selectIntegralProdList, { actStatus: 5, phonePage: { pageSize: 2, pageNum: 2 } }, as(DIAMOND));
    expect(page2.body.objs.map((a: any) => a.prodName)).toEqual(['艾草足浴包', '养生花草茶礼盒']);
    expect(page2.body.phonePage).toEqual({ pageSize: 2, pageNum: 2, pageTotal: 3 });
  });

  it('answers China-time dates, the server time, exchange kind, money and stock', async () => {
    const reply = await t.call(selectIntegralProdList, { actStatus: 5 }, as(DIAMOND));
    const now = t.clock.now();
    const bp = reply.body.objs[0];
    expect(bp).toMatchObject({
      prodName: '智能电子血压计',
      exchangeType: 2,
      exchangeIntegral: 800,
      exchangePrice: '99.00',
      price: '299.00',
      lastNum: 30,
      allUseNum: 12,
      allPercent: 29,
      serverTime: chinaTimeText(now),
      expiryStartDate: chinaTimeText(new Date(now.getTime() - DAY)),
      expiryEndDate: chinaTimeText(new Date(now.getTime() + 7 * DAY)),
    });
    // 02:00 UTC is 10:00 in China.
    expect(bp.serverTime).toBe('2026-11-21 10:00:00');
    expect(reply.body.objs.map((a: any) => a.exchangeType).sort()).toEqual([1, 1, 2, 3, 3]);
  });

  it('moves along with the clock: the tea starts in 3 days, the running ones end after 7', async () => {
    let moved = 0;
    // Sessions last 12 hours: log in again after moving the clock.
    const later = async (ms: number) => {
      t.clock.advance(ms);
      moved += ms;
      return (await t.login(DIAMOND, PASSWORD)).token;
    };
    try {
      let token = await later(3 * DAY + HOUR);
      expect(await states(5, token)).toEqual([
        ['智能电子血压计', 2],
        ['316不锈钢保温杯', 2],
        ['艾草足浴包', 2],
        ['养生花草茶礼盒', 2],
        ['U型按摩颈枕', 3],
      ]);
      token = await later(4 * DAY);
      expect(await states(5, token)).toEqual([
        ['养生花草茶礼盒', 2],
        ['智能电子血压计', 3],
        ['316不锈钢保温杯', 3],
        ['艾草足浴包', 3],
        ['U型按摩颈枕', 3],
      ]);
      expect(await states(2, token)).toEqual([['养生花草茶礼盒', 2]]);
    } finally {
      t.clock.advance(-moved);
    }
  });

  it('answers an activity by id with its items and their specs', async () => {
    const list = await t.call(selectIntegralProdList, { actStatus: 5 }, as(DIAMOND));
    const cup = list.body.objs.find((a: any) => a.prodName === '316不锈钢保温杯');
    const reply = await t.call(selectIntegralProdById, { id: cup.id, platId: 'plat-demo' }, as(TRIAL));
    expect(reply.body.errorType).toBe('SUCCESS');
    const a = reply.body.obj;
    expect(a).toMatchObject({ id: cup.id, actState: 2, exchangeType: 1, lastNum: 80, allUseNum: 45 });
    expect(a.prodRemark).toContain('纯积分兑换');
    expect(a.prodIntegralGoodsDetailBos).toEqual([
      expect.objectContaining({ activityId: cup.id, exchangeIntegral: 300, exchangePrice: '0.00', lastNum: 40, specInfo: '500ml 星空蓝' }),
      expect.objectContaining({ activityId: cup.id, exchangeIntegral: 300, exchangePrice: '0.00', lastNum: 40, specInfo: '500ml 玫瑰金' }),
    ]);
    expect(a.prodIntegralGoodsDetailBos[0].prodSingleProductBo).toMatchObject({ prodName: '316不锈钢保温杯', price: '89.00', weight: 380 });
  });

  it("answers '活动不存在' for an unknown activity", async () => {
    const reply = await t.call(selectIntegralProdById, { id: 999_999 }, as(DIAMOND));
    expect(reply.body).toMatchObject({ errorType: 'ACTIVITY_NOT_FOUND', msg: '活动不存在' });
  });
});

describe('home content', () => {
  it('lists the three type-1 banners in order', async () => {
    const reply = await t.call(selectBannerList, { type: 1 }, as(TRIAL));
    expect(reply.body.objs.map((b: any) => b.imgUrl)).toEqual(['/demo/banner-1.svg', '/demo/banner-2.svg', '/demo/banner-3.svg']);
    expect(reply.body.objs[1].linkUrl).toBe('/home?activeMy=2');
  });

  it('answers the latest notices newest first, and a notice by id with its HTML and China-time dates', async () => {
    const line = await t.call(selectNewNotice, {}, as(DIAMOND));
    expect(line.body.objs.map((n: any) => n.noticeName)).toEqual([
      '2026冬季新品上市通知',
      '系统升级维护公告',
      '积分兑换活动规则说明',
      '代理商合规经营提醒',
    ]);
    const first = line.body.objs[0];
    expect(first.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const reply = await t.call(selectAppNoticeById, { id: first.id }, as(DIAMOND));
    expect(reply.body.errorType).toBe('SUCCESS');
    expect(reply.body.obj).toMatchObject({ id: first.id, noticeName: '2026冬季新品上市通知', isTimingRelease: 0, modifyDate: first.releaseDate });
    expect(reply.body.obj.noticeContent).toContain('<strong>乳清蛋白粉900g装</strong>');
  });

  it("hides a timed notice until its release date, and answers '公告不存在' for it and for an unknown id", async () => {
    const now = t.clock.now();
    const { id } = await t.db.kysely
      .insertInto('notices')
      .values({
        plat_id: 'plat-demo',
        notice_name: '明日发布的公告',
        notice_content: '<p>明天见</p>',
        is_timing_release: 1,
        release_date: new Date(now.getTime() + DAY).toISOString(),
        created_at: now.toISOString(),
        modified_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let moved = 0;
    try {
      expect((await t.call(selectAppNoticeById, { id: Number(id) }, as(DIAMOND))).body).toMatchObject({
        errorType: 'NOTICE_NOT_FOUND',
        msg: '公告不存在',
      });
      const names = (await t.call(selectNewNotice, {}, as(DIAMOND))).body.objs.map((n: any) => n.noticeName);
      expect(names).not.toContain('明日发布的公告');

      t.clock.advance(DAY);
      moved = DAY;
      const { token } = await t.login(DIAMOND, PASSWORD);
      expect((await t.call(selectAppNoticeById, { id: Number(id) }, { token })).body.obj.noticeName).toBe('明日发布的公告');
    } finally {
      t.clock.advance(-moved);
      await t.db.kysely.deleteFrom('notices').where('id', '=', id).execute();
    }
    expect((await t.call(selectAppNoticeById, { id: 999_999 }, as(DIAMOND))).body.errorType).toBe('NOTICE_NOT_FOUND');
  });

  it('answers the point setting with sign-in on', async () => {
    const reply = await t.call(selectBasePointSet, { platId: 'plat-demo' }, as(TRIAL));
    expect(reply.body.obj).toMatchObject({ pointChange: 1, state: 1, signState: 1, chargeMoney: '100.00', chargeGetPoint: 10 });
  });
});

describe('grades', () => {
  it("answers the session agent's first-recharge amount and gifts, whatever agentId is sent", async () => {
    const other = await t.agentIdOf(GOLD);
    const diamond = await t.call(selectAgentGradeInfo, { agentId: other }, as(DIAMOND));
    expect(diamond.body.obj).toMatchObject({ agentId: await t.agentIdOf(DIAMOND), gradeName: '钻石代理', firstRechargeMoney: '50000.00' });
    expect(diamond.body.obj.orderProductDetailBos).toEqual([
      {
        buyNum: 2,
        isFirstGift: 1,
        prodSingleProductBo: expect.objectContaining({ prodName: '益生菌固体饮料', specDispStr: '便携装 5袋', price: '39.00', finalPrice: '23.00', weight: 60 }),
      },
    ]);

    const gold = await t.call(selectAgentGradeInfo, {}, as(GOLD));
    expect(gold.body.obj.orderProductDetailBos.map((g: any) => g.buyNum)).toEqual([1]);
    const trial = await t.call(selectAgentGradeInfo, {}, as(TRIAL));
    expect(trial.body.obj).toMatchObject({ gradeName: '体验代理', firstRechargeMoney: '1000.00', bondMoney: '500.00', orderProductDetailBos: [] });
  });

  it("answers the agent's grade and every grade of the platform", async () => {
    const reply = await t.call(selectBaseGradeInfo, {}, as(SILVER));
    expect(reply.body.obj).toMatchObject({ gradeName: '银卡代理', gradeLevel: 2, firstRechargeMoney: '5000.00' });
    expect(reply.body.objs.map((g: any) => g.gradeName)).toEqual(['体验代理', '银卡代理', '金卡代理', '钻石代理']);
  });

  it('says upgrade is active below the top grade only', async () => {
    const check = async (phone: string) => (await t.call(selectAgentGradeCheck, { id: 1 }, as(phone))).body.obj.activeGradeUp;
    expect(await check(TRIAL)).toBe(1);
    expect(await check(GOLD)).toBe(1);
    expect(await check(DIAMOND)).toBe(0);
  });
});

describe('catalog queries for the cart and the order flow', () => {
  it('prices specs for a grade and leaves out those the grade may not buy', async () => {
    const collagen = await t.db.kysely
      .selectFrom('single_products')
      .select('id')
      .where('product_id', '=', await prodIdOf('胶原蛋白肽饮'))
      .executeTakeFirstOrThrow();
    const limited = await limitedSpecId();
    const ids = [Number(collagen.id), limited];
    const trial = await priceForAgent(t.db.kysely, ids, await gradeIdOf('体验代理'));
    expect([...trial.keys()]).toEqual([limited]);
    expect(trial.get(limited)).toMatchObject({ prodName: '维生素C咀嚼片', prodType: 1, price: 5_900, finalPrice: 5_000, virtualNum: 10 });
    const diamond = await priceForAgent(t.db.kysely, ids, await gradeIdOf('钻石代理'));
    expect(diamond.get(Number(collagen.id))).toMatchObject({ price: 26_800, finalPrice: 16_100 });
  });

  it('never takes the limited spec below zero, whatever the concurrency', async () => {
    const id = await limitedSpecId();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => t.db.kysely.transaction().execute((trx) => takeStock(trx, id, 1))),
    );
    expect(results.filter(Boolean)).toHaveLength(DEMO_LIMITED_SPEC.stock);
    const row = await t.db.kysely.selectFrom('single_products').select('virtual_num').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.virtual_num).toBe(0);
    await t.db.kysely.transaction().execute((trx) => returnStock(trx, id, DEMO_LIMITED_SPEC.stock));
  });
});
