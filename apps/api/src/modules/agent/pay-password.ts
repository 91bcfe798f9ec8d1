import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { MINUTE } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/secrets.js';
import type { Limits } from '../limits/limits.service.js';
import * as repo from './agent.repository.js';

// ASVS 6.3.1 / our choice: 5 wrong payment passwords lock payment by password for 15 minutes.
const PAY_FAILURES = { limit: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
// A check waits for a free slot while other checks of the same agent are under way (ADR 0024); argon2 takes tens of ms.
const BUSY_WAIT_MS = 25;
const BUSY_GIVE_UP_MS = 20_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The payment password is checked on the server only (ARCHITECTURE security departures), and every money-leaving path
 * needs one (ADR 0024: stricter than spec 3 §5, which asks for it only when set).
 */
export function createPayPasswordGuard({ db }: Deps, limits: Limits) {
  async function slot(key: string): Promise<void> {
    // Wall time on purpose: this bounds a wait, it decides nothing about the agent (tests keep the injected clock).
    const giveUp = Date.now() + BUSY_GIVE_UP_MS;
    for (;;) {
      const got = await limits.reserve(key, PAY_FAILURES);
      if (got === 'ok') return;
      if (got === 'locked') throw new AppError('PAY_PASSWORD_LOCKED');
      if (Date.now() > giveUp) throw new AppError('RATE_LIMITED');
      await sleep(BUSY_WAIT_MS);
    }
  }

  return {
    /**
     * `known`: the agent's row the caller already read in this request (its stored hash), so the row is not read again;
     * without it the hash is read here.
     */
    async verify(agentId: number, plain: string | undefined, known?: { pay_password_hash: string | null }): Promise<void> {
      const hash = known ? known.pay_password_hash : (await repo.findBalances(db.kysely, agentId)).pay_password_hash;
      if (!hash) throw new AppError('PAY_PASSWORD_NOT_SET');
      if (!plain) throw new AppError('PAY_PASSWORD_NEEDED');
      const key = `paypw:${agentId}`;
      // ADR 0024: a slot is held only while failures + checks under way < 5, so parallel guesses get 5 checks in all;
      // only a wrong password is counted, and a right one never adds to the count however many arrive at once.
      await slot(key);
      const ok = await verifyPassword(hash, plain); // never throws: a malformed hash answers false
      const failures = await limits.settle(key, ok, PAY_FAILURES);
      if (ok) return;
      // The keypad says how many tries are left (spec 3 §5); the last wrong one locks, and says so.
      const left = PAY_FAILURES.limit - failures;
      if (left <= 0) throw new AppError('PAY_PASSWORD_LOCKED');
      throw new AppError('PAY_PASSWORD_WRONG', `密码错误，还可输入${left}次`);
    },
  };
}
export type PayPasswordGuard = ReturnType<typeof createPayPasswordGuard>;
