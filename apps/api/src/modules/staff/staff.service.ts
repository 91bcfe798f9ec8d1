import { STAFF_ROLES, type StaffInfo, type StaffRole } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError, HttpError } from '../../lib/errors.js';
import { addMs, HOUR, iso, MINUTE } from '../../lib/clock.js';
import { keyedHash, newToken, verifyPassword } from '../../lib/secrets.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { Limits } from '../limits/limits.service.js';
import * as repo from './staff.repository.js';

// The agents' rule (ADR 0005): 5 wrong passwords in 15 minutes lock the account for 15 minutes.
const LOGIN_FAILURES = { limit: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
/** Staff can move money and goods: a working day, no "remember me". */
const STAFF_SESSION_HOURS = 8;
// As for agents (ADR 0008): a resolved session is kept 5 s; logout drops it here at once.
const SESSION_TTL_MS = 5_000;

export interface StaffSession {
  staffId: number;
  platId: string;
  role: StaffRole;
  tokenHash: string;
}

/** What the operation routes need for auth 'staff' (header `staffToken`). */
export interface StaffResolver {
  resolve(token: string): Promise<StaffSession>;
}

const isRole = (r: string): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r);

export function createStaffSessions(deps: Deps, limits: Limits) {
  const { db, clock, config } = deps;
  const k = db.kysely;
  const resolved = new TtlCache<string, Omit<StaffSession, 'tokenHash'> & { expiresAt: string; hash: string }>(SESSION_TTL_MS);
  // A prefix of its own: a staff token's hash can never equal an agent session's, whatever the token.
  const tokenHash = (token: string) => keyedHash(config.hashSecret, `staff-session:${token}`);

  return {
    async login(platId: string, input: { username: string; password: string }): Promise<{ obj: StaffInfo; staffToken: string }> {
      const lockKey = `staff-login:${platId}:${input.username}`;
      if (await limits.isLocked(lockKey)) throw new AppError('LOGIN_LOCKED');
      // Counted before the slow password check: parallel guesses cannot get past the lockout.
      const tries = await limits.attempt(lockKey, LOGIN_FAILURES);
      if (tries > LOGIN_FAILURES.limit) throw new AppError('LOGIN_LOCKED');
      const staff = await repo.findStaffByUsername(k, platId, input.username);
      const ok = await verifyPassword(staff?.password_hash, input.password);
      if (!staff || !ok || !isRole(staff.role)) {
        await limits.failed(lockKey, tries, LOGIN_FAILURES);
        throw new AppError('LOGIN_FAILED');
      }
      await limits.clear(lockKey);

      const token = newToken();
      const now = clock.now();
      await repo.insertStaffSession(k, {
        token_hash: tokenHash(token),
        staff_id: Number(staff.id),
        created_at: iso(now),
        expires_at: iso(addMs(now, STAFF_SESSION_HOURS * HOUR)),
      });
      return {
        obj: { staffId: Number(staff.id), platId: staff.plat_id, username: staff.username, displayName: staff.display_name, role: staff.role },
        staffToken: token,
      };
    },

    /** 401 for a missing, unknown or logged-out token; 403 for an expired one (as for agents). */
    async resolve(token: string): Promise<StaffSession> {
      let session = resolved.get(token);
      if (!session) {
        const hash = tokenHash(token);
        const row = await repo.findStaffSession(k, hash);
        if (!row || row.revoked_at || !isRole(row.role)) throw new HttpError(401, 'UNAUTHENTICATED');
        session = resolved.set(token, { staffId: Number(row.staff_id), platId: row.plat_id, role: row.role, expiresAt: row.expires_at, hash });
      }
      if (session.expiresAt <= iso(clock.now())) throw new HttpError(403, 'SESSION_EXPIRED');
      return { staffId: session.staffId, platId: session.platId, role: session.role, tokenHash: session.hash };
    },

    async logout(hash: string) {
      resolved.deleteWhere((s) => s.hash === hash);
      await repo.revokeStaffSession(k, hash, iso(clock.now()));
    },
  };
}
export type StaffSessions = ReturnType<typeof createStaffSessions>;
