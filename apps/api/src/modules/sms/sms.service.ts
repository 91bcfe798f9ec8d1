import { randomUUID } from 'node:crypto';
import { SMS_FUNC } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { addMs, chinaDate, DAY, iso, MINUTE } from '../../lib/clock.js';
import { keyedHash, sameHash, sixDigitCode } from '../../lib/secrets.js';
import type { SmsPurpose } from '../../providers/sms/sms-provider.js';
import type { Limits } from '../limits/limits.service.js';
import * as repo from './sms.repository.js';

const CODE_TTL_MS = 5 * MINUTE;
const MAX_WRONG_TRIES = 5;
const PURPOSE: Record<number, SmsPurpose> = {
  [SMS_FUNC.resetPassword]: 'reset_password',
  [SMS_FUNC.payPassword]: 'reset_pay_password',
  // A store consumer's phone (ADR 0038, modules/store STORE_PHONE_SMS_FUNC).
  9: 'confirm_phone',
};

/** One-time SMS codes (ASVS 6.5): 6 digits, 5 minutes, single use, void after 5 wrong tries, stored hashed. */
export function createSmsService(deps: Deps, limits: Limits) {
  const { db, clock, config, providers } = deps;
  const codeHash = (platId: string, phone: string, funcType: number, code: string) =>
    keyedHash(config.hashSecret, `sms:${platId}:${phone}:${funcType}:${code}`);

  return {
    /** Sends a code, after the 60-second cooldown and the daily cap per phone. Never answers the code. */
    async send(platId: string, phone: string, funcType: number, deliver: boolean): Promise<void> {
      if (!(await limits.take(`sms-cooldown:${phone}`, { limit: 1, windowMs: MINUTE }))) {
        throw new AppError('SMS_TOO_FREQUENT');
      }
      // '今日' is the calendar day in China time, not a rolling 24 hours.
      const today = chinaDate(clock.now());
      if (!(await limits.take(`sms-day:${phone}:${today}`, { limit: config.smsDailyLimit, windowMs: DAY }))) {
        throw new AppError('SMS_DAILY_LIMIT');
      }
      if (!deliver) return; // an unknown phone: answered like a known one, so accounts cannot be discovered
      const code = sixDigitCode();
      const now = clock.now();
      await repo.insertCode(db.kysely, {
        plat_id: platId,
        phone,
        func_type: funcType,
        code_hash: codeHash(platId, phone, funcType, code),
        created_at: iso(now),
        expires_at: iso(addMs(now, CODE_TTL_MS)),
      });
      const result = await providers.sms.send({
        phone,
        purpose: PURPOSE[funcType]!,
        params: { code },
        traceId: randomUUID(),
      });
      if (!result.accepted) throw new AppError(result.rateLimited ? 'SMS_DAILY_LIMIT' : 'SMS_SEND_FAILED');
    },

    /**
     * A staff reset's one-time login password, straight to the agent's phone (ADR 0024): staff never see it. Not
     * behind the code quotas (staff resets are audited and rare); a refusal by the provider fails the reset.
     */
    async sendOneTimePassword(phone: string, password: string): Promise<void> {
      const result = await providers.sms.send({ phone, purpose: 'one_time_password', params: { password }, traceId: randomUUID() });
      if (!result.accepted) throw new AppError(result.rateLimited ? 'SMS_DAILY_LIMIT' : 'SMS_SEND_FAILED');
    },

    /**
     * Checks and consumes a code (atomically single use), before the change it authorises. `beforeUse` runs once the
     * code is known right and before it is spent: a rule it refuses leaves the code usable for the corrected retry
     * (ADR 0029), and only the code's holder ever learns that rule's answer.
     */
    async consume(platId: string, phone: string, funcType: number, code: string, beforeUse?: () => Promise<void>): Promise<void> {
      const k = db.kysely;
      const row = await repo.latestCode(k, platId, phone, funcType);
      const now = iso(clock.now());
      if (!row) throw new AppError('SMS_CODE_WRONG');
      // Every try is counted before the comparison, in one statement: parallel guesses cannot exceed the limit.
      if (!(await repo.takeTry(k, row.id, now, MAX_WRONG_TRIES))) throw new AppError('SMS_CODE_EXPIRED');
      if (!sameHash(row.code_hash, codeHash(platId, phone, funcType, code))) throw new AppError('SMS_CODE_WRONG');
      if (beforeUse) await beforeUse();
      if (!(await repo.markUsed(k, row.id, now))) throw new AppError('SMS_CODE_EXPIRED');
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
