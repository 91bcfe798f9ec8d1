import { ACCOUNT_AREA_MESSAGES as M, chinaTimeText, RANK_PAGES, rankEntries, RANK_TYPE } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { addMs, chinaDate, chinaMidnight, DAY } from '../../lib/clock.js';
import * as repo from './points.repository.js';
import { shownStreak, streakLength } from './streak.js';

/** The first instant of this China-time month, as stored timestamps are written (UTC ISO). */
function monthStartIso(now: Date): string {
  return chinaMidnight(`${chinaDate(now).slice(0, 7)}-01`);
}

export function createPointsService({ db, clock }: Deps) {
  const k = db.kysely;

  async function setting(platId: string) {
    const s = await repo.findSignSetting(k, platId);
    if (!s) throw new AppError('VALIDATION', M.signClosed);
    return s;
  }

  function days() {
    const now = clock.now();
    return { now, today: chinaDate(now), yesterday: chinaDate(addMs(now, -DAY)) };
  }

  return {
    async history(agentId: number, page: { pageNum: number; pageSize: number }) {
      const { total, rows } = await repo.pointRecords(k, agentId, (page.pageNum - 1) * page.pageSize, page.pageSize);
      return {
        obj: {
          laveIntegral: await repo.laveIntegral(k, agentId),
          phonePage: { pageNum: page.pageNum, pageSize: page.pageSize, pageTotal: Math.ceil(total / page.pageSize) },
        },
        objs: rows.map((r) => ({
          id: Number(r.id),
          changeSource: r.change_state,
          changeType: Number(r.amount) >= 0 ? 1 : 2,
          changeCount: Math.abs(Number(r.amount)),
          createDate: chinaTimeText(r.created_at),
        })),
      };
    },

    async signPage(platId: string, agentId: number) {
      const s = await setting(platId);
      const { now, today, yesterday } = days();
      const last = await repo.lastSign(k, agentId);
      return {
        basePointSetBo: {
          state: s.state,
          signState: s.sign_state,
          isContinuitySign: s.is_continuity_sign ?? 0,
          continuityNum: s.continuity_num ?? 0,
          fixedIntegral: s.fixed_integral ?? 0,
          continuityIntegral: s.continuity_integral ?? 0,
          bgImage: s.bg_image ?? '',
        },
        agentPointSignSummaryBo: {
          lastSignDateStr: last?.sign_date ?? '',
          countinueSign: shownStreak(last, today, yesterday, streakLength(s)),
          isSignToday: last?.sign_date === today ? 1 : 0,
        },
        nowDate: chinaTimeText(now),
        laveIntegral: await repo.laveIntegral(k, agentId),
      };
    },

    /** spec 3 §4: by points spent, ties of equal totals share a rank; only the first RANK_PAGES pages exist. */
    async rank(platId: string, type: number, page: { nowPage: number; everyPage: number }) {
      const by = type === RANK_TYPE.month ? 'month' : 'history';
      const rows = await repo.spentRanking(k, platId, by, monthStartIso(clock.now()), RANK_PAGES * page.everyPage);
      const ranked = rankEntries(
        rows.map((r) => ({
          agentName: r.agent_name,
          gradeName: r.grade_name,
          headImgUrl: r.head_img_url,
          pointCount: r.point_count,
          monthPointCount: r.month_point_count,
        })),
      );
      const start = (page.nowPage - 1) * page.everyPage;
      return ranked.slice(start, start + page.everyPage);
    },
  };
}
export type PointsService = ReturnType<typeof createPointsService>;
