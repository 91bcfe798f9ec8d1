import { SMS_FUNC, STAFF_AGENT_MESSAGES, type UserInfo } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError, HttpError } from '../../lib/errors.js';
import { addMs, DAY, HOUR, iso, MINUTE } from '../../lib/clock.js';
import { hashPassword, keyedHash, newToken, verifyPassword } from '../../lib/secrets.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { memoryInvalidation, type SessionInvalidation } from '../../lib/session-invalidation.js';
import * as agents from '../agent/agent.queries.js';
import { toUserInfo } from '../agent/agent.queries.js';
import type { Limits } from '../limits/limits.service.js';
import type { SmsService } from '../sms/sms.service.js';
import * as repo from './session.repository.js';
import type { Trx } from '../../db/types.js';

// Per-account lockout (ASVS 6.3.1): 5 wrong passwords in 15 minutes lock the account for 15 minutes.
const LOGIN_FAILURES = { limit: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };

export interface SessionResolver {
  /**
   * A session opened with a staff reset's one-time password is refused ('请先设置新的登录密码', ADR 0024) unless
   * `allowMustChange`: only the operations that let the agent set a new password pass it.
   */
  resolve(token: string, allowMustChange?: boolean): Promise<{ agentId: number; platId: string; tokenHash: string }>;
}

// ADR 0008: every call resolves its token; a resolved session is kept 5 s. ADR 0040: ending sessions (logout, password
// reset, disabled) is announced to every process (LISTEN/NOTIFY on PostgreSQL), which drop them at once; the 5 s are
// the bound only while a process cannot hear the announcements.
const SESSION_TTL_MS = 5_000;

export function createSessionService(deps: Deps, limits: Limits, sms: SmsService, ended: SessionInvalidation = memoryInvalidation()) {
  const { db, clock, config } = deps;
  const k = db.kysely;
  // Keyed by the token itself, so a hit costs no HMAC; the hash is kept to drop the entry on logout.
  const resolved = new TtlCache<string, { agentId: number; platId: string; expiresMs: number; hash: string; mustChange: boolean }>(SESSION_TTL_MS);
  const tokenHash = (token: string) => keyedHash(config.hashSecret, `session:${token}`);
  // An announcement also drops the reads under way (TtlCache.getOrLoad): a session read from the database while one
  // arrived is answered but not kept, so a read that raced a revocation cannot put the ended session back into the cache.
  ended.subscribe((e) => {
    if (e.kind === 'staff') return;
    if (e.kind === 'agent') resolved.deleteWhere((s) => s.agentId === e.agentId);
    else resolved.deleteWhere((s) => s.hash === e.hash);
  });
  const announce = (e: Parameters<SessionInvalidation['publish']>[0]) => void ended.publish(e);

  async function userInfo(agentId: number): Promise<UserInfo | null> {
    const row = await agents.findProfileById(k, agentId);
    return row && row.is_active ? toUserInfo(row) : null;
  }

  return {
    userInfo,

    async login(platId: string, input: { suAccount: string; suPassword: string; openId?: string; rememberMe?: number }) {
      const lockKey = `login:${platId}:${input.suAccount}`;
      if (await limits.isLocked(lockKey)) throw new AppError('LOGIN_LOCKED');
      // Counted before the slow password check: parallel guesses cannot get past the lockout.
      const tries = await limits.attempt(lockKey, LOGIN_FAILURES);
      if (tries > LOGIN_FAILURES.limit) throw new AppError('LOGIN_LOCKED');
      const account = await agents.findCredentialsByPhone(k, platId, input.suAccount);
      const ok = await verifyPassword(account?.password_hash, input.suPassword);
      if (!account || !ok) {
        await limits.failed(lockKey, tries, LOGIN_FAILURES);
        throw new AppError('LOGIN_FAILED');
      }
      await limits.clear(lockKey);
      if (!account.is_active) throw new AppError('ACCOUNT_DISABLED');
      // ADR 0020: staff turned this agent's login off (their sessions ended then).
      if (account.login_disabled_at) throw new AppError('ACCOUNT_DISABLED', STAFF_AGENT_MESSAGES.loginDisabled);
      if (input.openId) await agents.setOpenId(k, account.id, input.openId);

      const token = newToken();
      const now = clock.now();
      const remember = input.rememberMe === 1;
      // ADR 0024: a staff reset's one-time password opens a session that may only set a new password.
      const mustChange = Number(account.must_change_password) === 1;
      await repo.insertSession(k, {
        token_hash: tokenHash(token),
        agent_id: account.id,
        plat_id: platId,
        remember: remember ? 1 : 0,
        created_at: iso(now),
        expires_at: iso(addMs(now, remember ? config.rememberDays * DAY : config.sessionHours * HOUR)),
        must_change_password: mustChange ? 1 : 0,
      });
      return { obj: (await userInfo(account.id))!, accessToken: token, mustChangePassword: mustChange };
    },

    /** 401 for a missing, unknown or logged-out token; 403 for an expired one (spec 1 §8). */
    async resolve(token: string, allowMustChange = false) {
      // One read per token when its entry expires, shared by the calls that arrive meanwhile (ADR 0051).
      const session = await resolved.getOrLoad(token, async () => {
        const hash = tokenHash(token);
        const row = await repo.findSession(k, hash);
        if (!row) throw new HttpError(401, 'UNAUTHENTICATED');
        if (row.revoked_at) {
          // spec 1 §4 / ADR 0026: a session a full deposit refund ended is told why ('您已退保 系统自动退出').
          const agent = await agents.findProfileById(k, Number(row.agent_id));
          if (agent && !agent.is_active) throw new AppError('ACCOUNT_DISABLED');
          throw new HttpError(401, 'UNAUTHENTICATED');
        }
        return {
          agentId: Number(row.agent_id),
          platId: row.plat_id,
          // Compared as a number on every call (ADR 0051); an unreadable time counts as expired.
          expiresMs: Date.parse(row.expires_at),
          hash,
          mustChange: Number(row.must_change_password) === 1,
        };
      });
      if (!(clock.now().getTime() < session.expiresMs)) throw new HttpError(403, 'SESSION_EXPIRED');
      if (session.mustChange && !allowMustChange) throw new AppError('PASSWORD_CHANGE_REQUIRED');
      return { agentId: session.agentId, platId: session.platId, tokenHash: session.hash };
    },

    /** The WeChat openId of the browser the agent uses (OAuth after login, a plain link inside WeChat): WeChat Pay charges it. */
    async bindOpenId(agentId: number, openId: string) {
      await agents.setOpenId(k, agentId, openId);
    },

    /** Ends every session of an agent (password or phone changed) in the caller's transaction; then `forgetAgent`. */
    async revokeAll(trx: Trx, agentId: number) {
      await repo.revokeAgentSessions(trx, agentId, iso(clock.now()));
    },

    /** Drops the cached sessions of an agent once their revocation has committed. */
    forgetAgent(agentId: number) {
      announce({ kind: 'agent', agentId });
    },

    async logout(hash: string) {
      await repo.revokeSession(k, hash, iso(clock.now()));
      announce({ kind: 'token', hash });
    },

    /** Reset by SMS code: sets the password and ends every session of the agent (ASVS 7.4.3). */
    async resetPassword(platId: string, input: { suPhone: string; smsCode: string; newPassword: string }) {
      await sms.consume(platId, input.suPhone, SMS_FUNC.resetPassword, input.smsCode);
      const account = await agents.findCredentialsByPhone(k, platId, input.suPhone);
      if (!account) throw new AppError('SMS_CODE_WRONG');
      const hash = await hashPassword(input.newPassword);
      await k.transaction().execute(async (trx) => {
        await agents.setPasswordHash(trx, account.id, hash); // the agent's own choice: clears a must-change flag
        await repo.revokeAgentSessions(trx, account.id, iso(clock.now()));
      });
      announce({ kind: 'agent', agentId: account.id });
      await limits.clear(`login:${platId}:${input.suPhone}`);
    },

    async sendCode(platId: string, agentId: number | null, input: { funcType: number; suPhone: string }) {
      if (input.funcType === SMS_FUNC.payPassword) {
        // Payment-password codes go only to the logged-in agent's own phone.
        if (agentId === null) throw new HttpError(401, 'UNAUTHENTICATED');
        const me = await userInfo(agentId);
        if (!me || me.suPhone !== input.suPhone) throw new AppError('VALIDATION', '请输入本人手机号');
        return sms.send(platId, input.suPhone, input.funcType, true);
      }
      const account = await agents.findCredentialsByPhone(k, platId, input.suPhone);
      return sms.send(platId, input.suPhone, input.funcType, !!account?.is_active);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
