import {
  RETAIL_INCOME_STATE_TEXT, STORE_MESSAGES as M, STORE_ORDER_LABEL, STORE_ORDER_STATE_TEXT, chinaTimeText, fenToYuan,
  maskPhone,
} from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { recordAudit } from '../audit/audit.queries.js';
import type { StaffActor } from '../staff/staff.queries.js';
import * as repo from './store.repository.js';
import { effectivePrice, floorOf, incomeStateOf, storeEnabled } from './store-rules.js';

const refuse = (msg: string) => new AppError('VALIDATION', msg);
const china = (t: string | null) => (t ? chinaTimeText(t) : null);
const page = (p: { pageSize: number; pageNum: number }) => ({ limit: p.pageSize, offset: (p.pageNum - 1) * p.pageSize });
const pageOut = (p: { pageSize: number; pageNum: number }, total: number) => ({ pageSize: p.pageSize, pageNum: p.pageNum, pageTotal: Math.ceil(total / p.pageSize) });

/** China-time day and month starts of `now`, as UTC ISO text. */
function periodStarts(now: Date) {
  const text = chinaTimeText(now);
  const day = Date.parse(`${text.slice(0, 10)}T00:00:00+08:00`);
  const month = Date.parse(`${text.slice(0, 7)}-01T00:00:00+08:00`);
  return { day: new Date(day).toISOString(), month: new Date(month).toISOString() };
}

type Line = repo.StoreOrderLineRow;
const lineOut = (l: Line) => ({
  id: Number(l.id),
  prodId: Number(l.prod_id),
  singleProdId: Number(l.single_prod_id),
  prodName: l.prod_name,
  specDispStr: l.spec_disp_str,
  imgUrl: l.img_url,
  buyNum: l.buy_num,
  price: Number(l.retail_price),
  lineMoney: Number(l.line_money),
});

/**
 * The agents' retail stores (ADR 0038): headquarters' switches and bands, the agent's store and prices, what the
 * consumer sees, and the order lists of the consumer, the agent and the console.
 */
export function createStoreService(deps: Deps) {
  const k = deps.db.kysely;
  const { clock } = deps;

  async function linesBy(orderIds: number[]) {
    const by = new Map<number, Line[]>();
    for (const l of await repo.linesOf(k, orderIds)) {
      const id = Number(l.order_id);
      if (!by.has(id)) by.set(id, []);
      by.get(id)!.push(l);
    }
    return by;
  }

  /** The store of an enabled agent (created at its first read), or null when headquarters has it closed. */
  async function storeOfAgent(agentId: number) {
    const a = await repo.agentForStore(k, agentId);
    if (!a) throw refuse(M.agentNotFound);
    const enabled = storeEnabled({ enabled_override: a.enabled_override, grade_enabled: a.grade_enabled, is_active: a.is_active });
    if (!enabled) return { agent: a, store: null };
    const store = await repo.ensureStore(k, a.plat_id, agentId, iso(clock.now()));
    return { agent: a, store };
  }

  /** The specs a store may sell with the agent's effective prices (shown or not). */
  async function sellable(platId: string, storeId: number, gradeId: number, o: { prodId?: number } = {}) {
    const [specs, prices] = await Promise.all([repo.specsWithBands(k, platId, gradeId, { retailOnly: true, prodId: o.prodId }), repo.pricesOf(k, storeId)]);
    const saved = new Map(prices.map((p) => [Number(p.single_prod_id), p]));
    return specs.flatMap((s) => {
      const mine = saved.get(Number(s.single_prod_id));
      const price = effectivePrice(s, s.grade_price === undefined ? undefined : Number(s.grade_price), mine ? Number(mine.retail_price) : undefined);
      if (price === null) return [];
      return [{ ...s, price, gradePrice: Number(s.grade_price), shown: mine ? mine.shown : 1, floor: floorOf(s, Number(s.grade_price))! }];
    });
  }

  /** An open store by its public id, for the consumer: refused (该店铺暂未开放) when closed. */
  async function openStore(shopId: number) {
    const s = await repo.storeById(k, shopId);
    if (!s || !storeEnabled({ enabled_override: s.enabled_override, grade_enabled: s.grade_enabled, is_active: s.is_active })) throw refuse(M.storeClosed);
    return s;
  }

  function groupProducts(rows: Awaited<ReturnType<typeof sellable>>) {
    const products = new Map<number, { prodId: number; prodName: string; imgUrl: string; price: number; specs: any[]; detail: string; images: string[] }>();
    for (const r of rows) {
      const id = Number(r.product_id);
      if (!products.has(id)) {
        products.set(id, {
          prodId: id,
          prodName: r.prod_name,
          imgUrl: r.main_img_url,
          price: r.price,
          specs: [],
          detail: r.prod_introduction ?? '',
          images: (r.detail_img_urls ?? '').split(',').map((x) => x.trim()).filter(Boolean),
        });
      }
      const p = products.get(id)!;
      p.price = Math.min(p.price, r.price);
      p.specs.push({ singleProdId: Number(r.single_prod_id), specDispStr: r.spec_disp_str, price: r.price, stock: Math.max(0, Number(r.virtual_num)), imgUrl: r.img_url || r.main_img_url });
    }
    return [...products.values()];
  }

  const head = (s: { id: number; store_name: string; store_img_url: string; greeting: string; agent_name: string }) => ({
    shopId: Number(s.id),
    storeName: s.store_name || `${s.agent_name}的店铺`,
    storeImgUrl: s.store_img_url,
    greeting: s.greeting,
  });

  return {
    storeOfAgent,
    openStore,
    sellable,

    // ---------------------------------------------------------------- consumer reads
    async home(shopId: number) {
      const s = await openStore(shopId);
      const rows = (await sellable(s.plat_id, Number(s.id), Number(s.grade_id))).filter((r) => r.shown === 1);
      return { ...head(s), products: groupProducts(rows).map(({ detail: _d, images: _i, ...p }) => p) };
    },

    async product(shopId: number, prodId: number) {
      const s = await openStore(shopId);
      const rows = (await sellable(s.plat_id, Number(s.id), Number(s.grade_id), { prodId })).filter((r) => r.shown === 1);
      const [p] = groupProducts(rows);
      if (!p) throw refuse(M.productNotRetail);
      return p;
    },

    // ---------------------------------------------------------------- the agent's store
    async myStore(agentId: number) {
      const { agent, store } = await storeOfAgent(agentId);
      const none = { orderCount: 0, retailIncome: 0 };
      if (!store) return { enabled: 0, shopId: null, storeName: '', storeImgUrl: '', greeting: '', storePath: '', today: none, month: none, frozenIncome: 0 };
      const now = clock.now();
      const starts = periodStarts(now);
      const end = iso(new Date(now.getTime() + 1));
      const [today, month, frozenIncome] = await Promise.all([
        repo.paidBetween(k, agentId, starts.day, end),
        repo.paidBetween(k, agentId, starts.month, end),
        repo.frozenRetailIncome(k, agentId),
      ]);
      return {
        enabled: 1,
        ...head({ ...store, id: Number(store.id), agent_name: agent.agent_name }),
        storePath: `/store/${store.id}`,
        today,
        month,
        frozenIncome,
      };
    },

    async saveMyStore(agentId: number, v: { storeName: string; storeImgUrl: string; greeting: string }) {
      const { store } = await storeOfAgent(agentId);
      if (!store) throw refuse(M.storeNotEnabled);
      await repo.saveStoreHead(k, Number(store.id), { store_name: v.storeName, store_img_url: v.storeImgUrl, greeting: v.greeting, updated_at: iso(clock.now()) });
    },

    async myProducts(agentId: number) {
      const { agent, store } = await storeOfAgent(agentId);
      if (!store) throw refuse(M.storeNotEnabled);
      const rows = await sellable(agent.plat_id, Number(store.id), Number(agent.grade_id));
      return rows.map((r) => ({
        prodId: Number(r.product_id),
        singleProdId: Number(r.single_prod_id),
        prodName: r.prod_name,
        specDispStr: r.spec_disp_str,
        imgUrl: r.img_url || r.main_img_url,
        gradePrice: r.gradePrice,
        minPrice: r.floor,
        maxPrice: Number(r.max_price),
        defaultPrice: Number(r.default_price),
        retailPrice: r.price,
        shown: r.shown,
        unitIncome: r.price - r.gradePrice,
      }));
    },

    /** All or nothing: one price outside its band (or below the grade price) refuses the whole save (ADR 0038). */
    async saveMyProducts(agentId: number, items: { singleProdId: number; shown: 0 | 1; retailPrice: number }[]) {
      const { agent, store } = await storeOfAgent(agentId);
      if (!store) throw refuse(M.storeNotEnabled);
      const ids = items.map((i) => i.singleProdId);
      if (new Set(ids).size !== ids.length) throw refuse(M.productRepeated);
      const specs = new Map((await repo.specsWithBands(k, agent.plat_id, Number(agent.grade_id), { retailOnly: true })).map((s) => [Number(s.single_prod_id), s]));
      for (const i of items) {
        const s = specs.get(i.singleProdId);
        const grade = s?.grade_price === undefined ? undefined : Number(s.grade_price);
        if (!s || floorOf(s, grade) === null) throw refuse(M.productNotRetail);
        if (i.retailPrice < Number(s.min_price)) throw refuse(M.priceBelowBand(fenToYuan(Number(s.min_price))));
        if (i.retailPrice > Number(s.max_price)) throw refuse(M.priceAboveBand(fenToYuan(Number(s.max_price))));
        if (i.retailPrice < grade!) throw refuse(M.priceBelowGrade(fenToYuan(grade!)));
      }
      await k.transaction().execute(async (trx) => {
        for (const i of items) await repo.savePrice(trx, { store_id: Number(store.id), single_prod_id: i.singleProdId, retail_price: i.retailPrice, shown: i.shown });
      });
    },

    async myOrders(agentId: number, state: number | undefined, p: { pageSize: number; pageNum: number }) {
      const [rows, count] = await repo.pageAgentOrders(k, agentId, state, page(p));
      const ids = rows.map((r) => Number(r.id));
      const [lines, incomes] = await Promise.all([linesBy(ids), repo.incomeRowsOf(k, ids)]);
      const incomeBy = new Map(incomes.map((i) => [Number(i.source_id), i]));
      return {
        objs: rows.map((o) => agentRow(o, lines.get(Number(o.id)) ?? [], incomeBy.get(Number(o.id)))),
        obj: { phonePage: pageOut(p, Number(count.n)) },
      };
    },

    // ---------------------------------------------------------------- the consumer's orders
    async consumerOrders(consumerId: number, phone: string | null, state: number | undefined, p: { pageSize: number; pageNum: number }) {
      const [rows, count] = await repo.pageConsumerOrders(k, consumerId, phone, state, page(p));
      const lines = await linesBy(rows.map((r) => Number(r.id)));
      return { objs: rows.map((o) => consumerView(o, o.store_name, lines.get(Number(o.id)) ?? [])), obj: { phonePage: pageOut(p, Number(count.n)) } };
    },

    /** The consumer's own order (or one placed with their confirmed phone); 订单不存在 otherwise. */
    async consumerOrder(consumerId: number, phone: string | null, id: number) {
      const o = await repo.orderById(k, id);
      if (!o || !(Number(o.consumer_id) === consumerId || (phone && o.consumer_phone === phone))) throw refuse(M.orderNotFound);
      const s = await repo.storeById(k, Number(o.store_id));
      const lines = await linesBy([id]);
      return consumerView(o, s?.store_name || `${s?.agent_name ?? ''}的店铺`, lines.get(id) ?? []);
    },

    // ---------------------------------------------------------------- headquarters
    async switches(platId: string) {
      return (await repo.gradesWithSwitch(k, platId)).map((g) => ({ gradeId: Number(g.id), gradeName: g.grade_name, storeEnabled: g.enabled ?? 0 }));
    },

    async saveGradeSwitch(actor: StaffActor, gradeId: number, enabled: 0 | 1) {
      const g = await repo.findGrade(k, actor.platId, gradeId);
      if (!g) throw refuse(M.gradeNotFound);
      const before = (await repo.gradesWithSwitch(k, actor.platId)).find((x) => Number(x.id) === gradeId)?.enabled ?? 0;
      const at = iso(clock.now());
      await k.transaction().execute(async (trx) => {
        await repo.setGradeSwitch(trx, actor.platId, gradeId, enabled);
        await recordAudit(trx, { ...audit(actor, at), operation: 'staffSaveGradeStore', targetKind: 'grade', targetId: gradeId, targetLabel: g.grade_name, before: before ? '店铺开通' : '店铺关闭', after: enabled ? '店铺开通' : '店铺关闭' });
      });
    },

    async agentStore(platId: string, agentId: number) {
      const a = await repo.agentForStore(k, agentId);
      if (!a || a.plat_id !== platId) throw refuse(M.agentNotFound);
      const enabled = storeEnabled({ enabled_override: a.enabled_override, grade_enabled: a.grade_enabled, is_active: a.is_active });
      return {
        agentId: Number(a.id),
        agentName: a.agent_name,
        gradeName: a.grade_name ?? '',
        gradeEnabled: a.grade_enabled ?? 0,
        override: a.enabled_override,
        enabled: enabled ? 1 : 0,
        shopId: a.store_id === null ? null : Number(a.store_id),
      };
    },

    async saveAgentOverride(actor: StaffActor, agentId: number, override: 0 | 1 | null) {
      const a = await repo.agentForStore(k, agentId);
      if (!a || a.plat_id !== actor.platId) throw refuse(M.agentNotFound);
      const at = iso(clock.now());
      const text = (v: number | null) => (v === null ? '随等级' : v ? '开通' : '关闭');
      await k.transaction().execute(async (trx) => {
        const store = await repo.ensureStore(trx, a.plat_id, agentId, at);
        await repo.setOverride(trx, Number(store.id), override, at);
        await recordAudit(trx, { ...audit(actor, at), operation: 'staffSaveAgentStore', targetKind: 'agent', targetId: agentId, agentId, before: text(a.enabled_override), after: text(override) });
      });
    },

    async bands(platId: string, keyword: string | undefined, p: { pageSize: number; pageNum: number }) {
      const all = await repo.specsWithBands(k, platId, null, { retailOnly: false, keyword });
      const rows = all.slice((p.pageNum - 1) * p.pageSize, p.pageNum * p.pageSize).map((s) => ({
        singleProdId: Number(s.single_prod_id),
        prodId: Number(s.product_id),
        prodName: s.prod_name,
        specDispStr: s.spec_disp_str,
        salePrice: Number(s.sale_price),
        retailEnabled: s.retail_enabled ?? 0,
        defaultPrice: Number(s.default_price ?? s.sale_price),
        minPrice: Number(s.min_price ?? s.sale_price),
        maxPrice: Number(s.max_price ?? s.sale_price),
      }));
      return { objs: rows, obj: { phonePage: pageOut(p, all.length), total: all.length } };
    },

    async saveBand(actor: StaffActor, v: { singleProdId: number; retailEnabled: 0 | 1; defaultPrice: number; minPrice: number; maxPrice: number }) {
      if (!(await repo.findSpec(k, actor.platId, v.singleProdId))) throw refuse(M.bandNotFound);
      if (!(v.minPrice <= v.defaultPrice && v.defaultPrice <= v.maxPrice)) throw refuse(M.bandInvalid);
      const before = await repo.bandOf(k, v.singleProdId);
      const at = iso(clock.now());
      const text = (b: { retail_enabled: number; default_price: number; min_price: number; max_price: number } | undefined) =>
        b ? `${b.retail_enabled ? '零售' : '不零售'} 默认${fenToYuan(Number(b.default_price))} 区间${fenToYuan(Number(b.min_price))}~${fenToYuan(Number(b.max_price))}` : '未设置';
      const row = { single_prod_id: v.singleProdId, plat_id: actor.platId, retail_enabled: v.retailEnabled, default_price: v.defaultPrice, min_price: v.minPrice, max_price: v.maxPrice, updated_at: at, updated_by: actor.staffName };
      await k.transaction().execute(async (trx) => {
        await repo.saveBand(trx, row);
        await recordAudit(trx, { ...audit(actor, at), operation: 'staffSaveRetailBand', targetKind: 'spec', targetId: v.singleProdId, targetLabel: `规格${v.singleProdId}`, amount: v.defaultPrice, before: text(before), after: text(row) });
      });
    },

    async staffOrders(platId: string, f: { orderCode?: string; state?: number }, p: { pageSize: number; pageNum: number }) {
      const [rows, count] = await repo.pageStaffOrders(k, platId, f, page(p));
      const ids = rows.map((r) => Number(r.id));
      const [lines, incomes] = await Promise.all([linesBy(ids), repo.incomeRowsOf(k, ids)]);
      const incomeBy = new Map(incomes.map((i) => [Number(i.source_id), i]));
      return {
        objs: rows.map((o) => ({
          ...agentRow(o, lines.get(Number(o.id)) ?? [], incomeBy.get(Number(o.id))),
          label: STORE_ORDER_LABEL,
          shopId: Number(o.store_id),
          storeName: o.store_name || `${o.agent_name}的店铺`,
          agentId: Number(o.agent_id),
          agentName: o.agent_name,
          receiverPhone: o.receiver_phone,
          receiverAddress: `${o.receiver_province}${o.receiver_city}${o.receiver_county}${o.receiver_address}`,
          refundMoney: Number(o.refund_money),
        })),
        obj: { phonePage: pageOut(p, Number(count.n)), total: Number(count.n) },
      };
    },
  };
}
export type StoreService = ReturnType<typeof createStoreService>;

function audit(actor: StaffActor, at: string) {
  return { platId: actor.platId, staffId: actor.staffId, staffName: actor.staffName, role: actor.role, ip: actor.ip, at };
}

function agentRow(o: repo.StoreOrderRow, lines: Line[], income: { state: number; clawed_amount: number } | undefined) {
  const incomeState = incomeStateOf(o.state, income ? { state: Number(income.state), clawed_amount: Number(income.clawed_amount) } : undefined);
  return {
    id: Number(o.id),
    orderCode: o.order_code,
    state: o.state,
    stateText: STORE_ORDER_STATE_TEXT[o.state] ?? '',
    maskedPhone: maskPhone(o.consumer_phone || o.receiver_phone),
    receiverName: o.receiver_name,
    actualMoney: Number(o.actual_money),
    retailIncome: Number(o.retail_income),
    incomeState,
    incomeStateText: RETAIL_INCOME_STATE_TEXT[incomeState] ?? '',
    logisticsName: o.logistics_name,
    waybillCode: o.waybill_code,
    createDate: chinaTimeText(o.created_at),
    payDate: china(o.pay_date),
    receiptDate: china(o.receipt_date),
    lines: lines.map(lineOut),
  };
}

function consumerView(o: repo.StoreOrderRow, storeName: string, lines: Line[]) {
  return {
    id: Number(o.id),
    orderCode: o.order_code,
    shopId: Number(o.store_id),
    storeName,
    state: o.state,
    stateText: STORE_ORDER_STATE_TEXT[o.state] ?? '',
    actualMoney: Number(o.actual_money),
    refundMoney: Number(o.refund_money),
    receiverName: o.receiver_name,
    receiverPhone: o.receiver_phone,
    receiverAddress: `${o.receiver_province}${o.receiver_city}${o.receiver_county}${o.receiver_address}`,
    logisticsName: o.logistics_name,
    waybillCode: o.waybill_code,
    createDate: chinaTimeText(o.created_at),
    payDate: china(o.pay_date),
    payDeadline: o.state === 1 ? chinaTimeText(o.pay_deadline) : null,
    sendDate: china(o.send_date),
    receiptDate: china(o.receipt_date),
    lines: lines.map(lineOut),
  };
}
