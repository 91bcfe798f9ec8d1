import type { Deps } from '../deps.js';
import { jobDuration, jobRuns } from '../lib/metrics.js';
import { autoReceiveOrders } from './auto-receive-orders.js';
import { closeExpiredOrders } from './close-expired-orders.js';
import { releaseIncome } from './release-income.js';
import { reconcileBills } from './reconcile-bills.js';
import { sendNotifications } from './send-notifications.js';
import { sendAnnouncements } from './send-announcements.js';
import { reconcileWechatPayments, type WechatLifecycle } from '../modules/payment/payment.queries.js';
import type { StoreOrders } from '../flows/store-orders.js';

/**
 * Scheduled work. Each job must be safe to run in several processes at once (compare-and-set on what it moves), as
 * every server process runs the scheduler. Add a job by adding it to `jobs`.
 */
export interface Job {
  name: string;
  run(deps: Deps, now: Date): Promise<unknown>;
}

/** The jobs, given the flows they call by the composition root (compose.ts scheduledJobs). */
export function createJobs(flows: { wechat: WechatLifecycle; storeOrders?: StoreOrders }): Job[] {
  return [
    { name: 'close-expired-orders', run: (deps, now) => closeExpiredOrders(deps, now, flows.wechat) },
    // Lost notifications: open WeChat payments are queried, credited or closed; refunds asked again (modules/payment).
    { name: 'reconcile-wechat-payments', run: (deps, now) => reconcileWechatPayments(deps, now, flows.wechat) },
    // Yesterday's WeChat Pay bills matched with our payments and refunds, once a day (ADR 0032).
    { name: 'reconcile-wechat-bills', run: reconcileBills },
    // Shipped orders nobody confirmed are received N days after shipping (ADR 0027), before income is released.
    { name: 'auto-receive-orders', run: autoReceiveOrders },
    // The agents' stores (ADR 0038): VD orders close unpaid and are received automatically by the same rules.
    ...(flows.storeOrders ? storeOrderJobs(flows.storeOrders) : []),
    // Income from the network: paid orders accrue frozen income, due income is released (ADR 0017).
    { name: 'release-income', run: releaseIncome },
    // WeChat template messages from the notification outbox, with back-off and dead letters (ADR 0037).
    { name: 'send-notifications', run: sendNotifications },
    // Announcements fanned out in batches, resumable (ADR 0043).
    { name: 'send-announcements', run: sendAnnouncements },
  ];
}

function storeOrderJobs(store: StoreOrders): Job[] {
  return [
    { name: 'close-expired-store-orders', run: (_deps, now) => store.closeExpired(now) },
    { name: 'auto-receive-store-orders', run: (_deps, now) => store.autoReceive(now) },
  ];
}

export interface SchedulerSettings {
  enabled: boolean;
  intervalMs: number;
}

/** JOBS=off disables the scheduler; JOBS_INTERVAL_SECONDS (default 30) sets how often every job runs. */
export function schedulerSettings(env: NodeJS.ProcessEnv = process.env): SchedulerSettings {
  const seconds = Number(env.JOBS_INTERVAL_SECONDS ?? 30);
  return {
    enabled: (env.JOBS ?? '').trim().toLowerCase() !== 'off',
    intervalMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 30_000,
  };
}

/**
 * Runs every job each interval, at the deps' clock. A job still running from the previous tick is not started again;
 * a failing job is logged and tried again next tick. Started by server.ts only: tests call the job functions directly.
 */
export function startJobs(deps: Deps, given: SchedulerSettings | undefined, list: readonly Job[]): { stop(): Promise<void> } {
  const settings = given ?? schedulerSettings();
  if (!settings.enabled) return { stop: async () => undefined };
  const running = new Map<string, Promise<unknown>>();
  const tick = () => {
    for (const job of list) {
      if (running.has(job.name)) continue;
      // Runs and failures on /metrics (ADR 0039).
      const timed = jobDuration.startTimer({ job: job.name });
      const run = job
        .run(deps, deps.clock.now())
        .then(() => jobRuns.inc({ job: job.name, result: 'ok' }))
        .catch((err: unknown) => {
          jobRuns.inc({ job: job.name, result: 'failed' });
          deps.log.error({ job: job.name, err: String(err) }, 'job failed');
        })
        .finally(() => {
          timed();
          running.delete(job.name);
        });
      running.set(job.name, run);
    }
  };
  const timer = setInterval(tick, settings.intervalMs);
  timer.unref();
  tick();
  return {
    /** Stops scheduling and waits for the runs under way, so the database can be closed after. */
    async stop() {
      clearInterval(timer);
      await Promise.allSettled(running.values());
    },
  };
}
