import { EventEmitter } from 'node:events';

/**
 * ADR 0040: a session ended in one process (agent disabled, staff disabled, password changed, logout) ends in every
 * process at once. Each process keeps resolved sessions a few seconds (ADR 0008); after the revocation has committed,
 * the process that made it announces what ended and every process drops those entries from its cache.
 *
 * - PostgreSQL: LISTEN/NOTIFY on one channel with a dedicated connection per process (reconnected with back-off; while it
 *   is down the cache's 5 s lifetime is the bound, as before).
 * - SQLite: one process by design; an in-process emitter.
 */
export type SessionEnded =
  | { kind: 'agent'; agentId: number }
  | { kind: 'staff'; staffId: number; keepHash?: string }
  | { kind: 'token'; hash: string };

export interface SessionInvalidation {
  /** Announces, after commit, that these sessions ended. Never throws: a lost announcement falls back to the cache lifetime. */
  publish(event: SessionEnded): Promise<void>;
  subscribe(handler: (event: SessionEnded) => void): void;
  close(): Promise<void>;
}

export const SESSION_CHANNEL = 'shop_sessions';

export function memoryInvalidation(): SessionInvalidation {
  const emitter = new EventEmitter();
  return {
    async publish(event) {
      emitter.emit('ended', event);
    },
    subscribe(handler) {
      emitter.on('ended', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const isEnded = (v: any): v is SessionEnded =>
  !!v &&
  ((v.kind === 'agent' && Number.isInteger(v.agentId)) ||
    (v.kind === 'staff' && Number.isInteger(v.staffId)) ||
    (v.kind === 'token' && typeof v.hash === 'string'));

export async function postgresInvalidation(url: string, log: (message: string) => void = () => {}): Promise<SessionInvalidation> {
  const pg = (await import('pg')).default;
  const handlers = new Set<(event: SessionEnded) => void>();
  let client: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;
  const deliver = (event: SessionEnded) => handlers.forEach((h) => h(event));

  const listen = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel !== SESSION_CHANNEL || !n.payload) return;
      try {
        const event: unknown = JSON.parse(n.payload);
        if (isEnded(event)) deliver(event);
      } catch {
        // not ours
      }
    });
    c.on('error', (err) => {
      log(`session listen connection lost: ${err.message}`);
      again();
    });
    c.on('end', () => again());
    await c.connect();
    await c.query(`LISTEN ${SESSION_CHANNEL}`);
    client = c;
    delay = 500;
  };
  const again = () => {
    if (closed || retry) return;
    client = null;
    retry = setTimeout(() => {
      retry = null;
      listen().catch((err) => {
        log(`session listen reconnect failed: ${String(err)}`);
        delay = Math.min(delay * 2, 10_000);
        again();
      });
    }, delay);
    retry.unref();
  };

  await listen();
  return {
    async publish(event) {
      // This process drops its own entries at once, whatever happens to the notification.
      deliver(event);
      try {
        if (!client) throw new Error('not listening');
        await client.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, JSON.stringify(event)]);
      } catch (err) {
        log(`session end not announced (other processes drop it within 5 s): ${String(err)}`);
      }
    },
    subscribe(handler) {
      handlers.add(handler);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      handlers.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
