import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { MINUTE, addMs, iso } from '../../lib/clock.js';
import * as repo from './notification.repository.js';
import { notify } from './notify.js';

/** ADR 0043: agents written per transaction; a batch is far below the lease's time. */
export const ANNOUNCEMENT_BATCH = 1_000;
/** A run holds an announcement this long per batch; a run that died frees it when it passes. */
export const ANNOUNCEMENT_LEASE_MS = 2 * MINUTE;

export interface FanOutOptions {
  batchSize?: number;
  /** Stop after this many batches (tests stand for a process that dies mid-fan-out); default: until done. */
  maxBatches?: number;
  /** Only this announcement (the send call runs its first batch at once). */
  only?: number;
}

/** The in-app message of one agent: insert-or-ignore on `announcement:<id>:<agentId>`, so a re-run never doubles. */
const keyOf = (id: number, agentId: number) => `announcement:${id}:${agentId}`;

/**
 * Fans announcements out to their agents in batches (ADR 0043): each batch is one transaction writing up to
 * `batchSize` messages and moving the position (`last_agent_id`, `sent`) by compare-and-set on the lease token, so a
 * crash loses at most the batch in flight (rolled back) and the next run resumes after the last committed agent.
 */
export async function fanOutAnnouncements({ db, clock }: Pick<Deps, 'db' | 'clock'>, now: Date, opts: FanOutOptions = {}) {
  const k = db.kysely;
  const size = opts.batchSize ?? ANNOUNCEMENT_BATCH;
  let batches = 0;
  let written = 0;
  const ids = opts.only !== undefined ? [opts.only] : (await repo.sendingAnnouncements(k, iso(now), 20)).map((r) => Number(r.id));
  for (const id of ids) {
    const token = randomUUID();
    if (!(await repo.leaseAnnouncement(k, id, iso(now), iso(addMs(now, ANNOUNCEMENT_LEASE_MS)), token))) continue;
    for (;;) {
      if (opts.maxBatches !== undefined && batches >= opts.maxBatches) return { batches, written };
      const at = iso(clock.now());
      const step = await k.transaction().execute(async (trx) => {
        const a = await repo.announcementById(trx, id);
        if (!a || a.state !== 'sending' || a.lease_token !== token) return null;
        const from = Number(a.last_agent_id);
        const agents = await repo.announcementBatch(trx, { plat_id: a.plat_id, grade_id: a.grade_id === null ? null : Number(a.grade_id), until_agent_id: Number(a.until_agent_id) }, from, size);
        let added = 0;
        for (const agent of agents) {
          const e = { platId: a.plat_id, agentId: Number(agent.id), key: keyOf(id, Number(agent.id)), kind: 'announcement' as const, title: a.title, body: a.body, link: '/messages?group=notice', at: a.created_at, wechat: false };
          if (await notify(trx, e)) added += 1;
        }
        const last = agents.length ? Number(agents.at(-1)!.id) : from;
        const done = agents.length < size;
        const patch = { last_agent_id: last, added, leased_until: iso(addMs(clock.now(), ANNOUNCEMENT_LEASE_MS)), done, at };
        // Another run took over (our lease ran out): nothing of this batch is kept.
        if (!(await repo.advanceAnnouncement(trx, id, token, from, patch))) throw new LeaseLost();
        return { added, done };
      }).catch((err) => {
        if (err instanceof LeaseLost) return null;
        throw err;
      });
      if (!step) break;
      batches += 1;
      written += step.added;
      if (step.done) break;
    }
  }
  return { batches, written };
}

class LeaseLost extends Error {}
