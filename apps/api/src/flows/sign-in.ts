import { ACCOUNT_AREA_MESSAGES as M, POINTS_CHANGE } from '@shop/contract';
import type { Deps } from '../deps.js';
import { AppError } from '../lib/errors.js';
import { addMs, chinaDate, DAY, iso } from '../lib/clock.js';
import { moveBalance } from '../modules/ledger/ledger.repository.js';
import * as points from '../modules/points/points.queries.js';
import { isUniqueViolation } from '../lib/db-errors.js';


/**
 * Daily sign-in (spec 3 §4): once per agent per China day. The unique (agent, day) row is written
 * first in the transaction, so of 20 parallel taps one credits and the others answer 今日已签到. The reward goes
 * through the ledger: fixedIntegral (code 12), plus continuityIntegral (code 13) on the last day of the streak. What
 * the client says about its streak (changeCountAll, countinueSign) is never read.
 */
export function createSignIn({ db, clock }: Deps) {
  const k = db.kysely;
  return {
    async sign(platId: string, agentId: number) {
      const s = await points.findSignSetting(k, platId);
      if (!s || s.sign_state !== 1) throw new AppError('VALIDATION', M.signClosed);
      const now = clock.now();
      const today = chinaDate(now);
      const length = points.streakLength(s);
      try {
        return await k.transaction().execute(async (trx) => {
          const last = await points.lastSign(trx, agentId);
          if (last?.sign_date === today) throw new AppError('VALIDATION', M.signedToday);
          const day = points.nextStreakDay(last, chinaDate(addMs(now, -DAY)), length);
          const fixed = Number(s.fixed_integral ?? 0);
          const bonus = length > 0 && day === length ? Number(s.continuity_integral ?? 0) : 0;
          await points.insertSign(trx, { plat_id: platId, agent_id: agentId, sign_date: today, streak_day: day, points: fixed, bonus, created_at: iso(now) });
          let balance = await points.laveIntegral(trx, agentId);
          for (const [amount, changeState, remark] of [
            [fixed, POINTS_CHANGE.signIn, `签到第${day}天`],
            [bonus, POINTS_CHANGE.signInStreak, `连续签到${day}天`],
          ] as const) {
            if (amount <= 0) continue;
            const after = await moveBalance(trx, { platId, agentId, account: 'integral', amount, changeState, orderCode: null, remark, at: iso(now) });
            if (after !== null) balance = after;
          }
          return { changeCountAll: fixed + bonus, countinueSign: day, laveIntegral: balance };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('VALIDATION', M.signedToday);
        throw err;
      }
    },
  };
}
export type SignIn = ReturnType<typeof createSignIn>;
