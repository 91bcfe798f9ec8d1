import { EventEmitter } from 'node:events';
import { pgListen } from './pg-listen.js';

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
  const handlers = new Set<(event: SessionEnded) => void>();
  const deliver = (event: SessionEnded) => handlers.forEach((h) => h(event));
  const listener = await pgListen(url, SESSION_CHANNEL, (v) => isEnded(v) && deliver(v), log, 'session');
  return {
    async publish(event) {
      // This process drops its own entries at once, whatever happens to the notification.
      deliver(event);
      try {
        const client = listener.client();
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
      handlers.clear();
      await listener.close();
    },
  };
}
