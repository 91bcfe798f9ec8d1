import {
  AFTER_SALE_KIND,
  AFTER_SALE_KIND_TEXT,
  AFTER_SALE_MESSAGES as M,
  AFTER_SALE_REASONS,
  AFTER_SALE_STATE as S,
  AFTER_SALE_STATE_TEXT,
  ORDER_REFUND_STATE,
  ORDER_STATE,
  ORDER_STATE_TEXT,
  chinaTimeText,
  fenToYuan,
} from '@shop/contract';
import type { Deps } from '../deps.js';
import type { OrderRow } from '../db/schema.js';
import type { Executor, Trx } from '../db/types.js';
import { DAY, addMs, iso } from '../lib/clock.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';
import { afterSaleRepo as repo, type AfterSaleRow } from '../modules/after-sale/after-sale.queries.js';
import * as orders from '../modules/order/order.queries.js';
import { addSales, returnActivityStock, returnStock } from '../modules/catalog/catalog.queries.js';
import { refundRepo } from '../modules/refund/refund.queries.js';
import { auditOrderWrite, operatorName, type StaffActor } from '../modules/staff/staff.queries.js';
import { notify } from '../modules/notification/notification.queries.js';
import type { UploadService } from '../modules/upload/upload.queries.js';
import type { OrderRefunds } from './refund-order.js';
import { figuresOf } from './refund-records.js';

const refuse = (message: string) => new AppError('VALIDATION', message);
const notFound = () => new AppError('RECORD_NOT_FOUND', M.notFound);
const time = (at: string) => chinaTimeText(new Date(at));
type Line = Awaited<ReturnType<typeof orders.linesOf>>[number];
type Viewer = { agentId: number } | { staffId: number };

/**
 * Agents' after-sales requests (spec 2, ADR 0036): the window, the quantities left, one open request per order, every
 * step compare-and-set on the request's state with its step log; finance's refund goes through the order refund flow
 * (ADR 0034) and the request becomes 已退款 in the refund's transaction.
 */
export function createAfterSales(deps: Deps, refunds: OrderRefunds, uploads: Pick<UploadService, 'ownedBy' | 'signedUrl'>) {
  const k = deps.db.kysely;

  /** The kinds the order allows now, or why none (spec 2: 待发货 仅退款; 待收货 / 已完成 within N days after receipt). */
  async function windowOf(order: OrderRow, now: Date): Promise<{ kinds: number[]; refusal: string; days: number }> {
    const days = await orders.afterSaleDays(k, order.plat_id);
    const none = (refusal: string) => ({ kinds: [], refusal, days });
    if (order.circulation_state === ORDER_STATE.refunded || order.refund_state === ORDER_REFUND_STATE.full) return none(M.alreadyRefunded);
    if (order.pay_state !== 1) return none(M.notPaid);
    if (order.circulation_state === ORDER_STATE.toShip) return { kinds: [AFTER_SALE_KIND.refundOnly], refusal: '', days };
    if (order.circulation_state === ORDER_STATE.shipped) return { kinds: [AFTER_SALE_KIND.refundOnly, AFTER_SALE_KIND.returnRefund], refusal: '', days };
    if (order.circulation_state === ORDER_STATE.done) {
      // Within N days after receipt, the last instant included.
      if (order.receipt_date && iso(addMs(new Date(order.receipt_date), days * DAY)) < iso(now)) return none(M.windowClosed(days));
      return { kinds: [AFTER_SALE_KIND.refundOnly, AFTER_SALE_KIND.returnRefund], refusal: '', days };
    }
    return none(M.notPaid);
  }

  /** Per paid line: bought − already refunded − already asked for in open requests. */
  async function leftOf(db: Executor, orderId: number, lines: readonly Line[]) {
    const asked = await repo.openQtyByLine(db, orderId);
    return new Map(lines.filter((l) => !l.is_first_gift).map((l) => [Number(l.id), Math.max(0, l.buy_num - l.refund_num - (asked.get(Number(l.id)) ?? 0))]));
  }

  async function rowsOut(rows: AfterSaleRow[]) {
    const ids = rows.map((r) => Number(r.id));
    const orderIds = [...new Set(rows.map((r) => Number(r.order_id)))];
    const [lines, orderLines, orderRows] = await Promise.all([
      repo.linesOf(k, ids),
      orders.linesOf(k, orderIds),
      Promise.all(orderIds.map((id) => orders.findOrderById(k, id))),
    ]);
    return rows.map((r) => {
      const mine = lines.filter((l) => Number(l.after_sale_id) === Number(r.id));
      const order = orderRows.find((o) => o && Number(o.id) === Number(r.order_id));
      return {
        id: Number(r.id),
        code: r.code,
        orderId: Number(r.order_id),
        orderCode: order?.order_code ?? '',
        kind: r.kind,
        kindText: AFTER_SALE_KIND_TEXT[r.kind] ?? '',
        state: r.state,
        stateText: AFTER_SALE_STATE_TEXT[r.state] ?? '',
        reason: r.reason,
        qty: mine.reduce((s, l) => s + l.qty, 0),
        lines: mine.map((l) => {
          const ol = orderLines.find((x) => Number(x.id) === Number(l.order_line_id));
          return { lineId: Number(l.order_line_id), prodName: ol?.prod_name ?? '', specDispStr: ol?.spec_disp_str ?? '', prodImg: ol?.img_url ?? '', qty: l.qty, dealPrice: Number(ol?.prod_deal_price ?? 0) };
        }),
        createDate: time(r.created_at),
        agentName: order?.create_agent_name ?? '',
        agentPhone: order?.create_agent_tel ?? '',
        orderStateText: order ? (ORDER_STATE_TEXT[order.circulation_state] ?? '') : '',
        actualMoney: Number(order?.actual_money ?? 0),
      };
    });
  }

  async function detailOut(r: AfterSaleRow, viewer: Viewer) {
    const [[row], photos, steps, refund] = await Promise.all([
      rowsOut([r]),
      repo.photosOf(k, Number(r.id)),
      repo.stepsOf(k, Number(r.id)),
      r.order_refund_id ? refundRepo.findRefund(k, Number(r.order_refund_id)) : Promise.resolve(undefined),
    ]);
    return {
      ...row!,
      description: r.description,
      rejectReason: r.reject_reason,
      carrier: r.carrier,
      waybillCode: r.waybill_code,
      photos: photos.map((p) => uploads.signedUrl(p.url, viewer)),
      steps: steps.map((s) => ({ state: s.state, title: s.title, remark: s.remark, createDate: time(s.created_at) })),
      refund: refund
        ? {
            refundCode: refund.refund_code,
            amount: Number(refund.amount),
            storeAmount: Number(refund.store_amount),
            incomeAmount: Number(refund.income_amount),
            wechatAmount: Number(refund.wechat_amount),
            offlineAmount: Number(refund.offline_amount),
            points: Number(refund.points),
          }
        : null,
    };
  }

  /** The agent's own request; another agent's id reads as not found. */
  async function ownRequest(db: Executor, agentId: number, id: number) {
    const r = await repo.findRequest(db, id);
    if (!r || Number(r.agent_id) !== agentId) throw notFound();
    return r;
  }

  async function platformRequest(db: Executor, platId: string, id: number) {
    const r = await repo.findRequest(db, id);
    if (!r || r.plat_id !== platId) throw notFound();
    return r;
  }

  /** Moves the request from `from` to `to` and writes the step, or tells the loser of a race (ADR 0036). */
  async function step(
    trx: Trx,
    r: AfterSaleRow,
    from: number,
    to: number,
    s: { title: string; remark?: string; by: string; at: string; set?: Parameters<typeof repo.moveState>[5]; tell?: boolean },
    lost: string = M.stateChanged,
  ) {
    if (!(await repo.moveState(trx, Number(r.id), from, to, s.at, s.set))) throw refuse(lost);
    await repo.addStep(trx, { after_sale_id: Number(r.id), state: to, title: s.title, remark: (s.remark ?? '').slice(0, 300), opt_by: s.by.slice(0, 64), created_at: s.at });
    // ADR 0037: a step staff took is told to the agent in the same transaction, once per request and state.
    if (s.tell) {
      await notify(trx, {
        platId: r.plat_id,
        agentId: Number(r.agent_id),
        key: `afterSale:${r.id}:${to}`,
        kind: 'afterSales',
        title: `售后${AFTER_SALE_STATE_TEXT[to] ?? ''}`,
        body: `售后单 ${r.code}：${s.title}${s.remark ? `（${s.remark}）` : ''}`,
        link: `/afterSaleDetail?id=${r.id}`,
        at: s.at,
      });
    }
  }

  function audit(trx: Trx, actor: StaffActor, r: AfterSaleRow, e: { operation: string; before: number; after: number; reason?: string; detail?: string; at: string }) {
    return auditOrderWrite(trx, actor, {
      operation: e.operation,
      targetKind: 'afterSale',
      targetId: Number(r.id),
      agentId: Number(r.agent_id),
      amount: 0,
      before: AFTER_SALE_STATE_TEXT[e.before] ?? '',
      after: AFTER_SALE_STATE_TEXT[e.after] ?? '',
      reason: e.reason ?? '',
      detail: `${r.code} ${AFTER_SALE_KIND_TEXT[r.kind] ?? ''}${e.detail ? ` ${e.detail}` : ''}`,
      at: e.at,
    });
  }

  /** The agent as the step log names them: the name on the order. */
  const agentName = async (r: AfterSaleRow) => (await orders.findOrderById(k, Number(r.order_id)))?.create_agent_name ?? '';

  const staffDetail = async (actor: StaffActor, id: number) => ({ obj: await detailOut(await platformRequest(k, actor.platId, id), { staffId: actor.staffId }) });

  return {
    // ------------------------------------------------------------ agent

    async options(agentId: number, orderId: number) {
      const order = await orders.findOrderForAgent(k, agentId, orderId);
      if (!order) throw new AppError('RECORD_NOT_FOUND', M.orderNotFound);
      const [w, lines, open] = await Promise.all([windowOf(order, deps.clock.now()), orders.linesOf(k, [orderId]), repo.findOpenOfOrder(k, orderId)]);
      const left = await leftOf(k, orderId, lines);
      return {
        obj: {
          orderId,
          orderCode: order.order_code,
          kinds: open ? [] : w.kinds,
          refusal: open ? M.openExists : w.refusal,
          openId: open ? Number(open.id) : null,
          openStateText: open ? (AFTER_SALE_STATE_TEXT[open.state] ?? '') : '',
          days: w.days,
          reasons: [...AFTER_SALE_REASONS],
          lines: lines
            .filter((l) => !l.is_first_gift)
            .map((l) => ({ lineId: Number(l.id), prodName: l.prod_name, specDispStr: l.spec_disp_str, prodImg: l.img_url, dealPrice: Number(l.prod_deal_price), buyNum: l.buy_num, left: left.get(Number(l.id)) ?? 0 })),
        },
      };
    },

    async apply(
      agentId: number,
      input: { orderId: number; kind: number; reason: string; description: string; lines: { lineId: number; qty: number }[]; photos: string[] },
    ) {
      const now = deps.clock.now();
      const at = iso(now);
      const order = await orders.findOrderForAgent(k, agentId, input.orderId);
      if (!order) throw new AppError('RECORD_NOT_FOUND', M.orderNotFound);
      const by = order.create_agent_name.slice(0, 64);
      const w = await windowOf(order, now);
      if (w.kinds.length === 0) throw refuse(w.refusal);
      if (!w.kinds.includes(input.kind)) throw refuse(M.toShipRefundOnly);
      if (input.photos.length && !(await uploads.ownedBy(agentId, input.photos))) throw refuse(M.photosInvalid);
      const id = await k
        .transaction()
        .execute(async (trx) => {
          if (await repo.findOpenOfOrder(trx, input.orderId)) throw refuse(M.openExists);
          const lines = await orders.linesOf(trx, [input.orderId]);
          const left = await leftOf(trx, input.orderId, lines);
          const seen = new Set<number>();
          for (const l of input.lines) {
            const line = lines.find((x) => Number(x.id) === l.lineId);
            if (!line) throw refuse(M.lineNotFound);
            if (line.is_first_gift) throw refuse(M.lineGift);
            if (seen.has(l.lineId)) throw refuse(M.lineRepeated);
            seen.add(l.lineId);
            if (l.qty > (left.get(l.lineId) ?? 0)) throw refuse(M.qtyTooMany(line.prod_name, left.get(l.lineId) ?? 0));
          }
          const newId = await repo.insertRequest(trx, {
            plat_id: order.plat_id,
            order_id: input.orderId,
            agent_id: agentId,
            code: `tmp-${input.orderId}-${at}`,
            kind: input.kind,
            state: S.pending,
            is_open: 1,
            reason: input.reason,
            description: input.description,
            order_state: order.circulation_state,
            order_refund_id: null,
            created_at: at,
            updated_at: at,
          });
          await repo.setCode(trx, newId, `SH${order.order_code}${newId}`);
          await repo.insertLines(trx, newId, input.lines.map((l) => ({ orderLineId: l.lineId, qty: l.qty })));
          await repo.insertPhotos(trx, newId, input.photos);
          const qty = input.lines.reduce((s, l) => s + l.qty, 0);
          await repo.addStep(trx, { after_sale_id: newId, state: S.pending, title: '提交申请', remark: `${AFTER_SALE_KIND_TEXT[input.kind]} ${qty}件：${input.reason}`, opt_by: by, created_at: at });
          await orders.addLog(trx, { order_id: input.orderId, order_state: order.circulation_state, opt_name: '申请售后', opt_by: by, opt_remark: `${AFTER_SALE_KIND_TEXT[input.kind]} ${input.reason}`.slice(0, 200), created_at: at });
          return newId;
        })
        .catch((err: unknown) => {
          // Two applications racing: the partial unique index lets one open request per order (ADR 0036).
          if (isUniqueViolation(err)) throw refuse(M.openExists);
          throw err;
        });
      return { obj: await detailOut((await repo.findRequest(k, id))!, { agentId }) };
    },

    async mine(agentId: number, input: { state?: number; phonePage: { pageSize: number; pageNum: number } }) {
      const { pageSize, pageNum } = input.phonePage;
      const total = await repo.countOfAgent(k, agentId, input.state);
      const rows = await repo.pageOfAgent(k, agentId, input.state, pageSize, (pageNum - 1) * pageSize);
      const objs = (await rowsOut(rows)).map(({ agentName: _n, agentPhone: _p, orderStateText: _s, actualMoney: _m, ...row }) => row);
      return { objs, obj: { phonePage: { pageSize, pageNum, pageTotal: Math.ceil(total / pageSize) }, total } };
    },

    async detail(agentId: number, id: number) {
      return { obj: await detailOut(await ownRequest(k, agentId, id), { agentId }) };
    },

    /** 待审核 → 已撤销, by the agent only. */
    async withdraw(agentId: number, id: number) {
      const r = await ownRequest(k, agentId, id);
      if (r.state !== S.pending) throw refuse(M.notPending);
      const at = iso(deps.clock.now());
      const by = await agentName(r);
      await k.transaction().execute((trx) => step(trx, r, S.pending, S.withdrawn, { title: '撤销申请', by, at }, M.notPending));
      return this.detail(agentId, id);
    },

    /** 待寄回 → 待收货 with the return's carrier and waybill number. */
    async waybill(agentId: number, input: { id: number; carrier: string; waybillCode: string }) {
      const r = await ownRequest(k, agentId, input.id);
      if (r.state !== S.toReturn) throw refuse(M.notToReturn);
      const at = iso(deps.clock.now());
      const by = await agentName(r);
      await k.transaction().execute((trx) =>
        step(trx, r, S.toReturn, S.returning, { title: '已寄回', remark: `${input.carrier} ${input.waybillCode}`, by, at, set: { carrier: input.carrier, waybill_code: input.waybillCode } }, M.notToReturn),
      );
      return this.detail(agentId, input.id);
    },

    // ------------------------------------------------------------ staff

    async search(actor: StaffActor, input: { state?: number; keyword?: string; phonePage: { pageSize: number; pageNum: number } }) {
      const { pageSize, pageNum } = input.phonePage;
      const f = { state: input.state || undefined, keyword: input.keyword || undefined };
      const total = await repo.countOfPlatform(k, actor.platId, f);
      const rows = await repo.pageOfPlatform(k, actor.platId, f, pageSize, (pageNum - 1) * pageSize);
      const objs = (await rowsOut(rows as AfterSaleRow[])).map(({ orderStateText: _s, actualMoney: _m, ...row }) => row);
      return { objs, obj: { phonePage: { pageSize, pageNum, pageTotal: Math.ceil(total / pageSize) }, total } };
    },

    detailForStaff: staffDetail,

    /** 待审核 → 待寄回 (退货退款) or 待退款 (仅退款), or → 已驳回 with a reason; audited. */
    async review(actor: StaffActor, input: { id: number; approve: boolean; reason: string }) {
      const r = await platformRequest(k, actor.platId, input.id);
      if (!input.approve && !input.reason) throw refuse(M.rejectReasonRequired);
      if (r.state !== S.pending) throw refuse(M.reviewNotPending);
      const to = !input.approve ? S.rejected : r.kind === AFTER_SALE_KIND.returnRefund ? S.toReturn : S.toRefund;
      const at = iso(deps.clock.now());
      const title = input.approve ? (to === S.toReturn ? '审核通过，请寄回商品' : '审核通过，等待退款') : '审核驳回';
      await k.transaction().execute(async (trx) => {
        await step(trx, r, S.pending, to, { title, remark: input.reason, by: operatorName(actor), at, set: input.approve ? {} : { reject_reason: input.reason }, tell: true }, M.reviewNotPending);
        await audit(trx, actor, r, { operation: 'reviewAfterSale', before: S.pending, after: to, reason: input.reason || '同意', at });
      });
      return staffDetail(actor, input.id);
    },

    /** 待收货 → 待退款: the warehouse has the goods back (their stock returns with finance's refund, ADR 0036). */
    async receive(actor: StaffActor, id: number) {
      const r = await platformRequest(k, actor.platId, id);
      if (r.state !== S.returning) throw refuse(M.notReturning);
      const at = iso(deps.clock.now());
      const asked = await repo.linesOf(k, [Number(r.id)]);
      const orderLines = new Map((await orders.linesOf(k, [Number(r.order_id)])).map((l) => [Number(l.id), l]));
      const back = asked.map((a) => ({ line: orderLines.get(Number(a.order_line_id))!, qty: a.qty })).filter((b) => b.line);
      await k.transaction().execute(async (trx) => {
        await step(trx, r, S.returning, S.toRefund, { title: '仓库已收到退货', remark: `${r.carrier} ${r.waybill_code}，库存已退回`, by: operatorName(actor), at, tell: true }, M.notReturning);
        // The goods are on the shelf again once the warehouse has them (ADR 0036): stock and the sales count, specs in
        // id order as every stock writer (the stock lock order); finance's refund then moves money only.
        for (const b of [...back].sort((x, y) => Number(x.line.single_prod_id) - Number(y.line.single_prod_id))) {
          if (b.line.activity_item_id !== null) await returnActivityStock(trx, Number(b.line.activity_item_id), b.qty);
          else await returnStock(trx, Number(b.line.single_prod_id), b.qty);
        }
        const sold = new Map<number, number>();
        for (const b of back) if (!b.line.is_first_gift) sold.set(Number(b.line.prod_id), (sold.get(Number(b.line.prod_id)) ?? 0) + b.qty);
        for (const [prodId, n] of [...sold].sort(([x], [y]) => x - y)) await addSales(trx, prodId, -n);
        await audit(trx, actor, r, { operation: 'receiveAfterSaleReturn', before: S.returning, after: S.toRefund, detail: `${r.carrier} ${r.waybill_code}`, at });
      });
      return staffDetail(actor, id);
    },

    /** What finance's refund of this request would move now (the order refund flow's preview). */
    async preview(actor: StaffActor, id: number) {
      const r = await platformRequest(k, actor.platId, id);
      if (r.state !== S.toRefund) throw refuse(M.notToRefund);
      const lines = await repo.linesOf(k, [Number(r.id)]);
      const p = await refunds.preview(actor, { orderId: Number(r.order_id), lines: lines.map((l) => ({ lineId: Number(l.order_line_id), qty: l.qty })) });
      return { obj: figuresOf(p) };
    },

    /**
     * 待退款 → 已退款 through the order refund flow (ADR 0034) with the request's lines, one refund per idempotency key
     * (ADR 0023); a returned parcel's stock came back at the warehouse's receipt. The request moves in the refund's own transaction.
     */
    async refund(actor: StaffActor, input: { id: number; idempotencyKey: string }) {
      const r = await platformRequest(k, actor.platId, input.id);
      const lines = await repo.linesOf(k, [Number(r.id)]);
      // A replay of a finished refund (same key) answers the request as it is; anything else must be 待退款.
      if (r.state !== S.toRefund && r.state !== S.refunded) throw refuse(M.notToRefund);
      await refunds.refund({
        orderId: Number(r.order_id),
        lines: lines.map((l) => ({ lineId: Number(l.order_line_id), qty: l.qty })),
        reason: `售后${r.code} ${r.reason}`,
        staff: actor,
        key: input.idempotencyKey,
        // A return's stock came back at the warehouse's receipt; a 仅退款 before shipping gets it back in the refund.
        returnStock: false,
        also: async (trx, done) => {
          const refund = await refundRepo.findRefund(trx, done.refundId);
          const remark = `退款 ¥${fenToYuan(Number(refund?.amount ?? 0))}，已原路退回`;
          await step(trx, r, S.toRefund, S.refunded, { title: '退款完成', remark, by: operatorName(actor), at: iso(deps.clock.now()), set: { order_refund_id: done.refundId }, tell: true }, M.notToRefund);
          await audit(trx, actor, r, { operation: 'refundAfterSale', before: S.toRefund, after: S.refunded, detail: `${refund?.refund_code ?? ''} ${remark}`, at: iso(deps.clock.now()) });
        },
      });
      return staffDetail(actor, input.id);
    },
  };
}
export type AfterSales = ReturnType<typeof createAfterSales>;
