import { chinaTimeText, noticeShownDate } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import * as repo from './content.repository.js';

/** How many notices the scrolling line on /home rotates through. */
const NOTICE_LINE_SIZE = 5;

/** Dates in China time; the screen shows noticeShownDate (spec 3 §9), the line on /home shows the same. */
function toNotice(n: repo.NoticeRow) {
  return {
    id: Number(n.id),
    noticeName: n.notice_name,
    isTimingRelease: n.is_timing_release,
    releaseDate: chinaTimeText(n.release_date),
    createDate: chinaTimeText(n.created_at),
    modifyDate: chinaTimeText(n.modified_at),
    noticeContent: n.notice_content,
  };
}

/** Home content of a platform: banners, notices and the point setting (sign-in switch). */
export function createContentService({ db, clock }: Deps) {
  const k = db.kysely;
  return {
    async banners(platId: string, type: number) {
      const rows = await repo.banners(k, platId, type, iso(clock.now()));
      return rows.map((b) => ({ id: Number(b.id), imgUrl: b.img_url, linkUrl: b.link_url }));
    },

    async latestNotices(platId: string) {
      const rows = await repo.latestNotices(k, platId, iso(clock.now()), NOTICE_LINE_SIZE);
      return rows.map((row) => {
        const n = toNotice(row);
        return { id: n.id, noticeName: n.noticeName, releaseDate: noticeShownDate(n) };
      });
    },

    /** /information (ADR 0018): released notices, newest first, searched by name, ten a page. */
    async pageNotices(platId: string, name: string, page: { pageNum: number; pageSize: number }) {
      const { rows, total } = await repo.pageNotices(k, platId, iso(clock.now()), name, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return {
        objs: rows.map((row) => {
          const n = toNotice(row);
          return { id: n.id, noticeName: n.noticeName, releaseDate: noticeShownDate(n) };
        }),
        phonePage: { ...page, pageTotal: Math.ceil(total / page.pageSize) },
      };
    },

    /** A timed notice is not found before its release date. */
    async notice(platId: string, id: number) {
      const row = await repo.findNotice(k, platId, iso(clock.now()), id);
      if (!row) throw new AppError('NOTICE_NOT_FOUND');
      return toNotice(row);
    },

    async pointSetting(platId: string) {
      const s = await repo.findPointSetting(k, platId);
      // No setting yet: the table's defaults (1 point per yuan, sign-in off).
      return {
        pointChange: s?.point_change ?? 1,
        state: s?.state ?? 1,
        signState: s?.sign_state ?? 0,
        chargeMoney: Number(s?.charge_money ?? 100),
        chargeGetPoint: s?.charge_get_point ?? 1,
        // spec 3 §3 Point settings: the sign-in fields travel with it.
        isContinuitySign: s?.is_continuity_sign ?? 0,
        continuityNum: s?.continuity_num ?? 0,
        fixedIntegral: s?.fixed_integral ?? 0,
        continuityIntegral: s?.continuity_integral ?? 0,
        bgImage: s?.bg_image ?? '',
      };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
