import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { MINUTE } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/secrets.js';
import type { Limits } from '../limits/limits.service.js';
import * as repo from './agent.repository.js';

// ASVS 6.3.1 / our choice: 5 wrong payment passwords lock payment by password for 15 minutes.
const PAY_FAILURES = { limit: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };

/** The payment password is checked on the server only (ARCHITECTURE security departures). */
export function createPayPasswordGuard({ db }: Deps, limits: Limits) {
  return {
    async verify(agentId: number, plain: string | undefined): Promise<void> {
      const { pay_password_hash: hash } = await repo.findBalances(db.kysely, agentId);
      if (!hash) return;
      if (!plain) throw new AppError('PAY_PASSWORD_NEEDED');
      const key = `paypw:${agentId}`;
      if (await limits.isLocked(key)) throw new AppError('PAY_PASSWORD_LOCKED');
      const tries = await limits.attempt(key, PAY_FAILURES);
      if (tries > PAY_FAILURES.limit) throw new AppError('PAY_PASSWORD_LOCKED');
      if (!(await verifyPassword(hash, plain))) {
        await limits.failed(key, tries, PAY_FAILURES);
        // The keypad says how many tries are left (issue 7 §4); the last wrong one locks, and says so.
        const left = PAY_FAILURES.limit - tries;
        if (left <= 0) throw new AppError('PAY_PASSWORD_LOCKED');
        throw new AppError('PAY_PASSWORD_WRONG', `密码错误，还可输入${left}次`);
      }
      await limits.clear(key);
    },
  };
}
export type PayPasswordGuard = ReturnType<typeof createPayPasswordGuard>;
