import { chinaTimeText, STAFF_LOGIN_RESULT_TEXT, STAFF_ROLES, STAFF_SESSION_MESSAGES, type StaffInfo, type StaffRole } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError, HttpError } from '../../lib/errors.js';
import { addMs, chinaMidnight, HOUR, iso, MINUTE } from '../../lib/clock.js';
import { hashPassword, keyedHash, newToken, verifyPassword } from '../../lib/secrets.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { memoryInvalidation, type SessionInvalidation } from '../../lib/session-invalidation.js';
import type { Limits } from '../limits/limits.service.js';
import { operationsOf } from './staff-permissions.js';
import { checkTotp, newTotpSecret, totpUri } from './totp.js';
import * as repo from './staff.repository.js';
import * as logins from './staff-login-log.repository.js';
import { recordAudit } from '../audit/audit.queries.js';

/** Where a login came from, for the login log (ADR 0033). */
export interface LoginOrigin {
  ip: string;
  userAgent?: string;
}

/** The login log's name for a refusal (ADR 0033): what the member was told, kept apart from an unknown account. */
const RESULT_OF: Readonly<Record<string, string>> = {
  LOGIN_LOCKED: 'locked',
  STAFF_DISABLED: 'disabled',
  TOTP_REQUIRED: 'totpRequired',
  TOTP_WRONG: 'totpWrong',
};

// The agents' rule (ADR 0005): 5 wrong passwords in 15 minutes lock the account for 15 minutes.
const LOGIN_FAILURES = { limit: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
/** Staff can move money and goods: a working day, no "remember me". */
const STAFF_SESSION_HOURS = 8;
// As for agents (ADR 0008): a resolved session is kept 5 s; logout drops it here at once.
const SESSION_TTL_MS = 5_000;
/** Roles that must give a second factor when STAFF_2FA=required: they move money and manage staff. */
const SECOND_FACTOR_ROLES: ReadonlySet<StaffRole> = new Set(['admin', 'finance']);

export interface StaffSession {
  staffId: number;
  platId: string;
  role: StaffRole;
  tokenHash: string;
  /** STAFF_2FA=required, the role needs a second factor and this session has none: only enrolment is open. */
  secondFactorMissing: boolean;
}

/** What the operation routes need for auth 'staff' (header `staffToken`). */
export interface StaffResolver {
  resolve(token: string): Promise<StaffSession>;
}

const isRole = (r: string): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r);

export function createStaffSessions(deps: Deps, limits: Limits, ended: SessionInvalidation = memoryInvalidation()) {
  const { db, clock, config } = deps;
  const k = db.kysely;
  const resolved = new TtlCache<string, Omit<StaffSession, 'tokenHash'> & { expiresAt: string; hash: string }>(SESSION_TTL_MS);
  // ADR 0040: ended sessions are announced to every process, which drop them at once (the agents' rule, session.service).
  let generation = 0;
  ended.subscribe((e) => {
    if (e.kind === 'agent') return;
    generation += 1;
    if (e.kind === 'staff') resolved.deleteWhere((s) => s.staffId === e.staffId && s.hash !== e.keepHash);
    else resolved.deleteWhere((s) => s.hash === e.hash);
  });
  const announce = (e: Parameters<SessionInvalidation['publish']>[0]) => void ended.publish(e);
  // A prefix of its own: a staff token's hash can never equal an agent session's, whatever the token.
  const tokenHash = (token: string) => keyedHash(config.hashSecret, `staff-session:${token}`);
  const needsSecondFactor = (role: StaffRole) => config.staff2fa === 'required' && SECOND_FACTOR_ROLES.has(role);

  const info = (staff: repo.StaffRow, role: StaffRole, secondFactor: boolean): StaffInfo => ({
    staffId: Number(staff.id),
    platId: staff.plat_id,
    username: staff.username,
    displayName: staff.display_name,
    role,
    operations: operationsOf(role),
    totpEnabled: !!staff.totp_secret,
    secondFactorMissing: needsSecondFactor(role) && !secondFactor,
  });

  /** One login attempt: lockout, password, disabled, second factor, then a new session; `seen` learns who it was. */
  async function attempt(platId: string, input: { username: string; password: string; totpCode?: string | null }, seen: { staffId: number | null }): Promise<{ obj: StaffInfo; staffToken: string }> {
    const lockKey = `staff-login:${platId}:${input.username}`;
    if (await limits.isLocked(lockKey)) throw new AppError('LOGIN_LOCKED');
    // Counted before the slow password check: parallel guesses cannot get past the lockout.
    const tries = await limits.attempt(lockKey, LOGIN_FAILURES);
    if (tries > LOGIN_FAILURES.limit) throw new AppError('LOGIN_LOCKED');
    const staff = await repo.findStaffByUsername(k, platId, input.username);
    seen.staffId = staff ? Number(staff.id) : null;
    const ok = await verifyPassword(staff?.password_hash, input.password);
    if (!staff || !ok || !isRole(staff.role)) {
      await limits.failed(lockKey, tries, LOGIN_FAILURES);
      throw new AppError('LOGIN_FAILED');
    }
    // ADR 0033: told only after the right password; with the reason the admin recorded when there is one.
    if (staff.disabled_at) throw new AppError('STAFF_DISABLED', staff.disabled_reason ? `账号已停用（原因：${staff.disabled_reason}），请联系管理员` : undefined);
    // A bound second factor is always asked for; without one, only STAFF_2FA=required makes admin and finance enrol.
    let secondFactor = false;
    if (staff.totp_secret) {
      if (!input.totpCode) throw new AppError('TOTP_REQUIRED');
      const step = checkTotp(staff.totp_secret, input.totpCode, staff.totp_last_step, clock.now());
      // A code is accepted once (its time step is remembered): a replayed code counts as a failure.
      if (step === null || !(await repo.acceptTotpStep(k, Number(staff.id), step))) {
        await limits.failed(lockKey, tries, LOGIN_FAILURES);
        throw new AppError('TOTP_WRONG');
      }
      secondFactor = true;
    }
    await limits.clear(lockKey);

    const token = newToken();
    const now = clock.now();
    await repo.insertStaffSession(k, {
      token_hash: tokenHash(token),
      staff_id: Number(staff.id),
      created_at: iso(now),
      expires_at: iso(addMs(now, STAFF_SESSION_HOURS * HOUR)),
      second_factor: secondFactor ? 1 : 0,
    });
    return { obj: info(staff, staff.role, secondFactor), staffToken: token };
  }

  return {
    /** staffLogin, every attempt written to the login log (ADR 0033) whatever its outcome. */
    async login(platId: string, input: { username: string; password: string; totpCode?: string | null }, from: LoginOrigin = { ip: '' }) {
      const seen: { staffId: number | null } = { staffId: null };
      const log = (success: boolean, result: string) =>
        logins.insertLoginLog(k, {
          plat_id: platId,
          staff_id: seen.staffId,
          username: input.username.slice(0, 64),
          success: success ? 1 : 0,
          result,
          ip: from.ip.slice(0, 64),
          user_agent: (from.userAgent ?? '').slice(0, 255),
          created_at: iso(clock.now()),
        });
      try {
        const answer = await attempt(platId, input, seen);
        await log(true, 'ok');
        return answer;
      } catch (e) {
        const code = e instanceof AppError ? e.code : '';
        await log(false, RESULT_OF[code] ?? (seen.staffId === null && code === 'LOGIN_FAILED' ? 'unknownUser' : 'wrongPassword'));
        throw e;
      }
    },

    /**
     * changeOwnStaffPassword (ADR 0033): the current password first, then the new one replaces it (compare-and-set on
     * the old hash) and every other session of the member ends; the tab that asked stays logged in.
     */
    async changeOwnPassword(who: { staffId: number; tokenHash: string; ip: string }, input: { oldPassword: string; newPassword: string }) {
      const staff = await repo.findStaffById(k, who.staffId);
      if (!staff) throw new HttpError(401, 'UNAUTHENTICATED');
      if (!(await verifyPassword(staff.password_hash, input.oldPassword))) throw new AppError('VALIDATION', STAFF_SESSION_MESSAGES.oldPasswordWrong);
      const hash = await hashPassword(input.newPassword);
      const at = iso(clock.now());
      const count = await k.transaction().execute(async (trx) => {
        if (!(await logins.replacePasswordHash(trx, who.staffId, staff.password_hash, hash))) throw new AppError('VALIDATION', STAFF_SESSION_MESSAGES.oldPasswordWrong);
        const n = await logins.revokeOtherSessions(trx, who.staffId, who.tokenHash, at);
        await recordAudit(trx, {
          platId: staff.plat_id,
          staffId: who.staffId,
          staffName: staff.username,
          role: staff.role,
          operation: 'changeOwnStaffPassword',
          targetKind: 'staff',
          targetId: who.staffId,
          detail: `结束其他会话 ${n} 个`,
          ip: who.ip,
          at,
        });
        return n;
      });
      announce({ kind: 'staff', staffId: who.staffId, keepHash: who.tokenHash });
      return { obj: { endedSessions: count } };
    },

    /** selectStaffLoginLog (ADR 0033): the platform's login attempts, newest first. */
    async loginLog(
      platId: string,
      input: { phonePage: { pageNum: number; pageSize: number }; username?: string | null; outcome?: 'ok' | 'failed' | '' | null; ip?: string | null; from?: string | null; to?: string | null },
    ) {
      const f = {
        username: input.username || null,
        outcome: input.outcome || null,
        ip: input.ip || null,
        fromUtc: input.from ? chinaMidnight(input.from) : null,
        beforeUtc: input.to ? chinaMidnight(input.to, 1) : null,
      };
      const { pageNum, pageSize } = input.phonePage;
      const total = await logins.countLoginLog(k, platId, f);
      const rows = total ? await logins.pageLoginLog(k, platId, f, pageSize, (pageNum - 1) * pageSize) : [];
      return {
        objs: rows.map((r) => ({
          id: Number(r.id),
          username: r.username,
          displayName: r.display_name ?? '',
          success: Number(r.success) === 1,
          result: r.result,
          resultText: STAFF_LOGIN_RESULT_TEXT[r.result] ?? r.result,
          ip: r.ip,
          userAgent: r.user_agent,
          createdAt: chinaTimeText(r.created_at),
        })),
        obj: { phonePage: { pageNum, pageSize, pageTotal: Math.ceil(total / pageSize) }, total },
      };
    },


    /** 401 for a missing, unknown, logged-out or disabled member's token; 403 for an expired one (as for agents). */
    async resolve(token: string): Promise<StaffSession> {
      let session = resolved.get(token);
      if (!session) {
        const seen = generation;
        const hash = tokenHash(token);
        const row = await repo.findStaffSession(k, hash);
        if (!row || row.revoked_at || row.disabled_at || !isRole(row.role)) throw new HttpError(401, 'UNAUTHENTICATED');
        session = {
          staffId: Number(row.staff_id),
          platId: row.plat_id,
          role: row.role,
          expiresAt: row.expires_at,
          hash,
          secondFactorMissing: needsSecondFactor(row.role) && !row.second_factor,
        };
        // Read while an end was announced: answered, not kept (it may be the very session that ended).
        if (seen === generation) resolved.set(token, session);
      }
      if (session.expiresAt <= iso(clock.now())) throw new HttpError(403, 'SESSION_EXPIRED');
      const { expiresAt: _e, hash, ...rest } = session;
      return { ...rest, tokenHash: hash };
    },

    /** The member as the console shows them (selectStaffSelf). */
    async self(staffId: number, tokenHash: string): Promise<StaffInfo> {
      const staff = await repo.findStaffById(k, staffId);
      const row = await repo.findStaffSession(k, tokenHash);
      if (!staff || !row || !isRole(staff.role)) throw new HttpError(401, 'UNAUTHENTICATED');
      return info(staff, staff.role, !!row.second_factor);
    },

    async logout(hash: string) {
      await repo.revokeStaffSession(k, hash, iso(clock.now()));
      announce({ kind: 'token', hash });
    },

    /** Ends every session of a member at once, in every process (disabled, role changed, password reset). */
    async endSessionsOf(staffId: number) {
      await repo.revokeSessionsOfStaff(k, staffId, iso(clock.now()));
      announce({ kind: 'staff', staffId });
    },

    /** A new pending secret for the member's authenticator; the bound one (if any) stays until a code confirms. */
    async startTotp(staffId: number): Promise<{ obj: { secret: string; otpauthUri: string } }> {
      const staff = await repo.findStaffById(k, staffId);
      if (!staff) throw new HttpError(401, 'UNAUTHENTICATED');
      const secret = newTotpSecret();
      await repo.setPendingTotp(k, staffId, secret);
      return { obj: { secret, otpauthUri: totpUri('代理商城后台', `${staff.username}@${staff.plat_id}`, secret) } };
    },

    /** A code from the pending secret binds it; this session has then given the second factor. */
    async confirmTotp(staffId: number, hash: string, code: string): Promise<{ obj: StaffInfo }> {
      const staff = await repo.findStaffById(k, staffId);
      if (!staff?.totp_pending_secret || !isRole(staff.role)) throw new AppError('VALIDATION', '请先获取绑定二维码');
      const step = checkTotp(staff.totp_pending_secret, code, null, clock.now());
      if (step === null) throw new AppError('TOTP_WRONG');
      if (!(await repo.bindPendingTotp(k, staffId, staff.totp_pending_secret, step))) throw new AppError('VALIDATION', '请先获取绑定二维码');
      await repo.markSessionSecondFactor(k, hash);
      announce({ kind: 'token', hash });
      return { obj: info({ ...staff, totp_secret: staff.totp_pending_secret }, staff.role, true) };
    },
  };
}
export type StaffSessions = ReturnType<typeof createStaffSessions>;
