import { activityStateAt, ACT_STATUS, chinaTimeText, type PhonePage } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { iso } from '../../lib/clock.js';
import { giftsForGrade, toSinglePrice, type SinglePrice } from './catalog.queries.js';
import * as repo from './catalog.repository.js';

export interface PageIn {
  pageSize: number;
  pageNum: number;
}

const pageOf = (page: PageIn, total: number): PhonePage => ({
  pageSize: page.pageSize,
  pageNum: page.pageNum,
  // The number of pages.
  pageTotal: Math.ceil(total / page.pageSize),
});
const offsetOf = (page: PageIn) => (page.pageNum - 1) * page.pageSize;

/** The spec a card shows: the cheapest for the grade (the first by sort on a tie). */
function cheapest(specs: SinglePrice[]): SinglePrice | undefined {
  return specs.reduce<SinglePrice | undefined>((best, s) => (!best || s.finalPrice < best.finalPrice ? s : best), undefined);
}

function productCard(p: repo.ProductRow, specs: SinglePrice[]) {
  const c = cheapest(specs);
  return {
    prodId: Number(p.id),
    prodType: p.prod_type,
    prodName: p.prod_name,
    prodIntroduction: p.prod_introduction,
    mainLagerImgUrl: p.main_img_url,
    price: c?.price ?? 0,
    finalPrice: c?.finalPrice ?? 0,
    touchState: c?.touchState ?? 0,
    touchMoney: c?.touchMoney ?? 0,
    baseSale: p.base_sale,
    actualSale: p.actual_sale,
    sales: p.base_sale + p.actual_sale,
  };
}

function activityCard(a: repo.ActivityRow, items: repo.ActivityItemRow[], now: Date) {
  const first = items[0];
  const lastNum = items.reduce((n, i) => n + i.last_num, 0);
  const used = a.all_use_num;
  return {
    id: Number(a.id),
    prodId: Number(a.product_id),
    prodName: a.prod_name,
    prodIntroduction: a.prod_introduction,
    mainLagerImgUrl: a.main_img_url,
    actState: activityStateAt(Date.parse(a.expiry_start_date), Date.parse(a.expiry_end_date), now.getTime()),
    exchangeType: a.exchange_type,
    expiryStartDate: chinaTimeText(a.expiry_start_date),
    expiryEndDate: chinaTimeText(a.expiry_end_date),
    serverTime: chinaTimeText(now),
    exchangeIntegral: first?.exchange_integral ?? 0,
    exchangePrice: Number(first?.exchange_price ?? 0),
    price: Number(first?.price ?? 0),
    lastNum,
    allUseNum: used,
    allPercent: used + lastNum > 0 ? Math.round((used * 100) / (used + lastNum)) : 0,
  };
}

function activityItem(i: repo.ActivityItemRow) {
  return {
    id: Number(i.id),
    activityId: Number(i.activity_id),
    singleProdId: Number(i.single_prod_id),
    exchangeIntegral: i.exchange_integral,
    exchangePrice: Number(i.exchange_price),
    lastNum: i.last_num,
    specInfo: i.spec_info || i.spec_disp_str,
    prodSingleProductBo: toSinglePrice(i),
  };
}

const groupBy = <T>(rows: T[], key: (r: T) => number) => {
  const map = new Map<number, T[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
  return map;
};

// ADR 0008: the zone lists are read on every home-page visit; a page may be up to 3 s old (sales counts, a new price).
const LIST_TTL_MS = 3_000;

export function createCatalogService({ db, clock }: Deps) {
  const k = db.kysely;
  const zonePages = new TtlCache<string, { objs: ReturnType<typeof productCard>[]; phonePage: ReturnType<typeof pageOf> }>(LIST_TTL_MS, 2_000);

  // ADR 0008: an agent's platform and grade, kept 3 s (an upgrade shows its prices within that).
  const viewers = new TtlCache<number, repo.ViewerRow & { grade_id: number }>(LIST_TTL_MS);

  /** The session agent decides visibility and prices, never a client-sent agentId or gradeId. */
  async function viewer(agentId: number) {
    // One read per agent when the entry expires, shared by the requests that arrive meanwhile (ADR 0051).
    return viewers.getOrLoad(agentId, async () => {
      const v = await repo.findViewer(k, agentId);
      if (!v) throw new AppError('RECORD_NOT_FOUND');
      return { ...v, grade_id: Number(v.grade_id) };
    });
  }

  const gradeBase = (g: { id: number; grade_name: string; grade_level: number; first_recharge_money: number; bond_money: number }) => ({
    gradeId: Number(g.id),
    gradeName: g.grade_name,
    gradeLevel: g.grade_level,
    firstRechargeMoney: Number(g.first_recharge_money),
    bondMoney: Number(g.bond_money),
  });

  return {
    async productsByZone(agentId: number, prodType: 1 | 2, page: PageIn) {
      const v = await viewer(agentId);
      const key = `${v.plat_id}:${v.grade_id}:${prodType}:${page.pageNum}:${page.pageSize}`;
      return zonePages.getOrLoad(key, async () => {
        const total = await repo.countZone(k, v.plat_id, prodType, v.grade_id);
        const products = await repo.pageZone(k, v.plat_id, prodType, v.grade_id, page.pageSize, offsetOf(page));
        const specs = groupBy((await repo.specsOfProducts(k, products.map((p) => Number(p.id)), v.grade_id)).map(toSinglePrice), (s) => s.prodId);
        return { objs: products.map((p) => productCard(p, specs.get(Number(p.id)) ?? [])), phonePage: pageOf(page, total) };
      });
    },

    async product(agentId: number, prodId: number) {
      const v = await viewer(agentId);
      const p = await repo.findProduct(k, v.plat_id, prodId);
      // Activity goods (type 3) are shown through their activity only.
      if (!p || p.prod_type === 3) throw new AppError('PRODUCT_NOT_FOUND');
      const specs = (await repo.specsOfProducts(k, [Number(p.id)], v.grade_id)).map(toSinglePrice);
      if (specs.length === 0) throw new AppError('PRODUCT_NOT_FOUND');
      return {
        ...productCard(p, specs),
        prodRemark: p.prod_remark,
        detailLagerImgUrl: p.detail_img_urls,
        detailLagerVideoUrl: p.detail_video_url,
        prodSingleProductBos: specs,
      };
    },

    /** actStatus 2: running only; 5: every shown state, running first. */
    async activities(agentId: number, actStatus: 2 | 5, page: PageIn) {
      const v = await viewer(agentId);
      const now = clock.now();
      const onlyRunning = actStatus === ACT_STATUS.running;
      const total = await repo.countActivities(k, v.plat_id, v.grade_id, onlyRunning, iso(now));
      const rows = await repo.pageActivities(k, v.plat_id, v.grade_id, onlyRunning, iso(now), page.pageSize, offsetOf(page));
      const items = groupBy(await repo.itemsOfActivities(k, rows.map((a) => Number(a.id)), v.grade_id), (i) => Number(i.activity_id));
      return { objs: rows.map((a) => activityCard(a, items.get(Number(a.id)) ?? [], now)), phonePage: pageOf(page, total) };
    },

    async activity(agentId: number, id: number) {
      const v = await viewer(agentId);
      const now = clock.now();
      const a = await repo.findActivity(k, v.plat_id, v.grade_id, id);
      if (!a) throw new AppError('ACTIVITY_NOT_FOUND');
      const items = await repo.itemsOfActivities(k, [Number(a.id)], v.grade_id);
      return {
        ...activityCard(a, items, now),
        prodRemark: a.prod_remark,
        detailLagerImgUrl: a.detail_img_urls,
        detailLagerVideoUrl: a.detail_video_url,
        prodIntegralGoodsDetailBos: items.map(activityItem),
      };
    },

    async agentGradeInfo(agentId: number) {
      const v = await viewer(agentId);
      const gifts = await giftsForGrade(k, v.grade_id);
      return {
        ...gradeBase({ ...v, id: v.grade_id }),
        agentId: Number(v.agent_id),
        orderProductDetailBos: gifts.map((g) => ({ buyNum: g.buyNum, isFirstGift: 1, prodSingleProductBo: g.single })),
      };
    },

    async baseGradeInfo(agentId: number) {
      const v = await viewer(agentId);
      const grades = await repo.findGrades(k, v.plat_id);
      return { obj: gradeBase({ ...v, id: v.grade_id }), objs: grades.map(gradeBase) };
    },

    /** activeGradeUp 1 when the platform has a grade above the agent's. */
    async gradeCheck(agentId: number) {
      const v = await viewer(agentId);
      const grades = await repo.findGrades(k, v.plat_id);
      return { activeGradeUp: grades.some((g) => g.grade_level > v.grade_level) ? 1 : 0 };
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
