import { ACCOUNT_AREA_MESSAGES as M, SMS_FUNC } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { MINUTE } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/secrets.js';
import type { Limits } from '../limits/limits.service.js';
import type { SmsService } from '../sms/sms.service.js';
import * as repo from './profile.repository.js';

// As the login (ASVS 6.3.1): 5 wrong current passwords in 15 minutes lock the change for 15 minutes.
const CURRENT_FAILURES = { limit: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };

/** The session module's part in ending every session of an agent (revoked with the change, cache dropped after). */
export interface SessionEnder {
  revokeAll(trx: Trx, agentId: number): Promise<void>;
  forgetAgent(agentId: number): void;
}

/** Login and payment passwords of the session's agent (spec 3 §5); hashes are compared here and never answered. */
export function createPasswordsService({ db }: Deps, limits: Limits, sms: SmsService, sessions: SessionEnder) {
  const k = db.kysely;

  async function me(agentId: number) {
    const row = await repo.findProfile(k, agentId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return row;
  }

  return {
    /** The current password is checked; the new one ends every session of the agent (the page goes to /login). */
    async changeLogin(agentId: number, current: string, next: string) {
      const key = `curpw:${agentId}`;
      if (await limits.isLocked(key)) throw new AppError('LOGIN_LOCKED');
      const tries = await limits.attempt(key, CURRENT_FAILURES);
      if (tries > CURRENT_FAILURES.limit) throw new AppError('LOGIN_LOCKED');
      const row = await me(agentId);
      if (!(await verifyPassword(row.password_hash, current))) {
        await limits.failed(key, tries, CURRENT_FAILURES);
        throw new AppError('VALIDATION', M.currentWrong);
      }
      await limits.clear(key);
      const hash = await hashPassword(next);
      await k.transaction().execute(async (trx) => {
        await repo.setLoginPasswordHash(trx, agentId, hash);
        await sessions.revokeAll(trx, agentId);
      });
      sessions.forgetAgent(agentId);
    },

    /**
     * The first payment password: only while none is set, and SMS-verified like a change (ADR 0024: whoever holds the
     * login alone, e.g. after a leaked or reset login password, cannot give the account a payment password).
     */
    async setFirstPay(platId: string, agentId: number, input: { suPhone: string; smsCode: string; newPayPassword: string }) {
      const row = await me(agentId);
      if (input.suPhone !== row.phone) throw new AppError('VALIDATION', M.ownPhone);
      if (row.pay_password_hash) throw new AppError('VALIDATION', M.payAlreadySet);
      await sms.consume(platId, row.phone, SMS_FUNC.payPassword, input.smsCode);
      const hash = await hashPassword(input.newPayPassword);
      if (!(await repo.setFirstPayPasswordHash(k, agentId, hash))) throw new AppError('VALIDATION', M.payAlreadySet);
      await limits.clear(`paypw:${agentId}`);
      return { payPassword: true };
    },

    /** Change: the code (funcType 6) sent to the agent's own phone, and the new password must differ from the old. */
    async changePay(platId: string, agentId: number, input: { suPhone: string; smsCode: string; newPayPassword: string }) {
      const row = await me(agentId);
      if (input.suPhone !== row.phone) throw new AppError('VALIDATION', M.ownPhone);
      if (!row.pay_password_hash) throw new AppError('VALIDATION', M.payNotSet);
      const oldHash = row.pay_password_hash;
      // 「新支付密码不能与旧密码相同」 is checked with the right code but before it is spent, so the corrected retry
      // needs no new SMS; without the right code the old password is never compared (no guessing oracle, ADR 0024).
      await sms.consume(platId, row.phone, SMS_FUNC.payPassword, input.smsCode, async () => {
        if (await verifyPassword(oldHash, input.newPayPassword)) throw new AppError('VALIDATION', M.paySameAsOld);
      });
      await repo.setPayPasswordHash(k, agentId, await hashPassword(input.newPayPassword));
      // A new payment password starts with a clean count of wrong tries.
      await limits.clear(`paypw:${agentId}`);
      return { payPassword: true };
    },
  };
}
export type PasswordsService = ReturnType<typeof createPasswordsService>;
