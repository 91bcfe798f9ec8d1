import { chinaTimeText, CONTENT_CONSOLE_MESSAGES as M, exchangeMismatch, parseChinaTime, type saveActivity, type saveBanner, type saveNotice } from '@shop/contract';
import type { OpParsedInput } from '@shop/contract/operation';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { recordAudit } from '../audit/audit.queries.js';
import * as repo from './content-editor.repository.js';
import type { StaffActor } from '../staff/staff.queries.js';

type Page = { pageNum: number; pageSize: number };

const toIso = (text: string | null | undefined) => (text ? new Date(parseChinaTime(text)).toISOString() : null);
const shown = (at: string | null) => (at ? chinaTimeText(at) : '');
const listOf = <T>(objs: T[], total: number, page: Page) => ({ objs, obj: { phonePage: { ...page, pageTotal: Math.ceil(total / page.pageSize) }, total } });
const json = (v: unknown) => JSON.stringify(v);

/** Banners, notices and activities in the staff console (ADRs 0021, 0022). */
export function createContentAdmin({ db, clock }: Deps) {
  const k = db.kysely;
  const audit = (a: StaffActor, operation: string, targetKind: string, targetId: number, before: unknown, after: unknown, detail: string) => ({
    platId: a.platId,
    staffId: a.staffId,
    staffName: a.staffName,
    role: a.role,
    operation,
    targetKind,
    targetId,
    before: before ? json(before) : '',
    after: json(after),
    detail,
    ip: a.ip,
    at: iso(clock.now()),
  });

  return {
    async banners(platId: string, page: Page) {
      const { rows, total } = await repo.pageBanners(k, platId, page.pageSize, (page.pageNum - 1) * page.pageSize);
      const now = iso(clock.now());
      return listOf(
        rows.map((b) => ({
          id: Number(b.id),
          imgUrl: b.img_url,
          linkUrl: b.link_url,
          sort: Number(b.sort),
          startAt: shown(b.start_at),
          endAt: shown(b.end_at),
          enabled: Number(b.enabled) === 1,
          showing: Number(b.enabled) === 1 && (!b.start_at || b.start_at <= now) && (!b.end_at || b.end_at > now),
        })),
        total,
        page,
      );
    },

    async saveBanner(a: StaffActor, input: OpParsedInput<typeof saveBanner>) {
      const v = { img_url: input.image, link_url: input.link, sort: input.sort, start_at: toIso(input.startAt), end_at: toIso(input.endAt), enabled: input.enabled ? 1 : 0 };
      const id = await k.transaction().execute(async (trx) => {
        if (!input.id) {
          const id = await repo.insertBanner(trx, a.platId, v);
          await recordAudit(trx, audit(a, 'saveBanner', 'banner', id, null, v, '新增轮播图'));
          return id;
        }
        const before = await repo.findBanner(trx, a.platId, input.id);
        if (!before || !(await repo.updateBanner(trx, a.platId, input.id, v))) throw new AppError('VALIDATION', M.bannerNotFound);
        await recordAudit(trx, audit(a, 'saveBanner', 'banner', input.id, before, v, '修改轮播图'));
        return input.id;
      });
      return { obj: { id } };
    },

    async notices(platId: string, keyword: string, page: Page) {
      const { rows, total } = await repo.pageNoticesAdmin(k, platId, keyword, page.pageSize, (page.pageNum - 1) * page.pageSize);
      const now = iso(clock.now());
      return listOf(
        rows.map((n) => ({
          id: Number(n.id),
          noticeName: n.notice_name,
          noticeContent: n.notice_content,
          isTimingRelease: Number(n.is_timing_release) === 1,
          releaseDate: chinaTimeText(n.release_date),
          createDate: chinaTimeText(n.created_at),
          released: n.release_date <= now,
        })),
        total,
        page,
      );
    },

    /** The content is sanitised here; a notice without timed release is released now (or keeps its first release). */
    async saveNotice(a: StaffActor, input: OpParsedInput<typeof saveNotice>) {
      const content = sanitizeHtml(input.noticeContent);
      if (!content.replace(/<[^>]*>/g, '').trim() && !/<img\s/i.test(content)) throw new AppError('VALIDATION', M.noticeContentRequired);
      const now = iso(clock.now());
      const id = await k.transaction().execute(async (trx) => {
        const before = input.id ? await repo.findNoticeAdmin(trx, a.platId, input.id) : undefined;
        if (input.id && !before) throw new AppError('VALIDATION', M.noticeNotFound);
        const keepRelease = before && !before.is_timing_release && before.release_date <= now;
        const release = input.isTimingRelease ? toIso(input.releaseDate)! : keepRelease ? before.release_date : now;
        const v = { notice_name: input.noticeName, notice_content: content, is_timing_release: input.isTimingRelease ? 1 : 0, release_date: release, modified_at: now };
        if (!before) {
          const id = await repo.insertNotice(trx, a.platId, v);
          await recordAudit(trx, audit(a, 'saveNotice', 'notice', id, null, { ...v, notice_content: `${content.length}字符` }, `新增公告，发布时间 ${chinaTimeText(release)}`));
          return id;
        }
        if (!(await repo.updateNotice(trx, a.platId, before.id, before.modified_at, v))) throw new AppError('VALIDATION', '公告已被他人修改，请刷新后再编辑');
        const brief = (n: { notice_name: string; is_timing_release: number; release_date: string; notice_content: string }) => ({
          name: n.notice_name,
          timing: n.is_timing_release,
          release: chinaTimeText(n.release_date),
          length: n.notice_content.length,
        });
        await recordAudit(trx, audit(a, 'saveNotice', 'notice', before.id, brief(before), brief(v), '修改公告'));
        return Number(before.id);
      });
      return { obj: { id } };
    },

    async activities(platId: string, keyword: string, page: Page) {
      const { rows, total } = await repo.pageActivitiesAdmin(k, platId, keyword, page.pageSize, (page.pageNum - 1) * page.pageSize);
      const items = await repo.activityItemsOf(k, rows.map((r) => Number(r.id)));
      const now = iso(clock.now());
      return listOf(
        rows.map((r) => ({
          id: Number(r.id),
          productId: Number(r.product_id),
          prodName: r.prod_name,
          exchangeType: Number(r.exchange_type),
          startAt: chinaTimeText(r.expiry_start_date),
          endAt: chinaTimeText(r.expiry_end_date),
          actState: now < r.expiry_start_date ? 1 : now < r.expiry_end_date ? 2 : 3,
          shown: Number(r.is_phone_show) === 1,
          sort: Number(r.sort),
          allUseNum: Number(r.all_use_num),
          items: items
            .filter((i) => Number(i.activity_id) === Number(r.id))
            .map((i) => ({
              singleProdId: Number(i.single_prod_id),
              specName: i.spec_disp_str,
              exchangeIntegral: Number(i.exchange_integral),
              exchangePrice: Number(i.exchange_price),
              lastNum: Number(i.last_num),
            })),
        })),
        total,
        page,
      );
    },

    async saveActivity(a: StaffActor, input: OpParsedInput<typeof saveActivity>) {
      const mismatch = exchangeMismatch(input.exchangeType, input.items);
      if (mismatch) throw new AppError('VALIDATION', mismatch);
      const v = {
        product_id: input.productId,
        exchange_type: input.exchangeType,
        expiry_start_date: toIso(input.startAt)!,
        expiry_end_date: toIso(input.endAt)!,
        is_phone_show: input.shown ? 1 : 0,
        sort: input.sort,
      };
      const id = await k.transaction().execute(async (trx) => {
        const specs = await repo.specsOfProduct(trx, a.platId, input.productId);
        if (specs.length === 0) throw new AppError('VALIDATION', M.productRequired);
        const names = new Map(specs.map((s) => [Number(s.id), s.spec_disp_str]));
        if (input.items.some((i) => !names.has(i.singleProdId))) throw new AppError('VALIDATION', M.itemSpecInvalid);
        const items = input.items.map((i) => ({
          single_prod_id: i.singleProdId,
          exchange_integral: i.exchangeIntegral,
          exchange_price: i.exchangePrice,
          last_num: i.lastNum,
          spec_info: names.get(i.singleProdId) ?? '',
          // A kept item's stock moves by what the editor changed, not to the number typed (exchanges go on meanwhile).
          stockDelta: i.lastNumWas === null || i.lastNumWas === undefined ? null : i.lastNum - i.lastNumWas,
        }));
        const before = input.id ? await repo.findActivity(trx, a.platId, input.id) : undefined;
        if (input.id && !before) throw new AppError('VALIDATION', M.activityNotFound);
        const id = before ? Number(before.id) : await repo.insertActivity(trx, a.platId, iso(clock.now()), v);
        if (before && !(await repo.updateActivity(trx, a.platId, id, v))) throw new AppError('VALIDATION', M.activityNotFound);
        const beforeItems = before ? await repo.activityItemsOf(trx, [id]) : [];
        if (!(await repo.replaceItems(trx, id, items))) throw new AppError('VALIDATION', M.stockTooLow);
        await recordAudit(trx, audit(a, 'saveActivity', 'activity', id, before ? { ...before, items: beforeItems } : null, { ...v, items }, before ? '修改活动' : '新增活动'));
        return id;
      });
      return { obj: { id } };
    },
  };
}
export type ContentAdmin = ReturnType<typeof createContentAdmin>;
