import { EventEmitter } from 'node:events';

/** What one process tells the others after a change is stored: ids only, every receiver reads the row itself. */
export type ChatEvent =
  | { kind: 'message'; platId: string; agentId: number; messageId: number }
  | { kind: 'closed'; platId: string; agentId: number; chatId: number };

/**
 * The fan-out (ARCHITECTURE Realtime): on SQLite one process, an EventEmitter; on PostgreSQL every process LISTENs on
 * one channel with a dedicated client and a change is announced with NOTIFY, so a process delivers what another stored.
 * A publisher hears its own NOTIFY too: in both kinds a process delivers through subscribe() only, never twice.
 */
export interface ChatBus {
  publish(event: ChatEvent): Promise<void>;
  subscribe(handler: (event: ChatEvent) => void): void;
  close(): Promise<void>;
}

export const CHAT_CHANNEL = 'shop_chat';

export function memoryBus(): ChatBus {
  const emitter = new EventEmitter();
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(handler) {
      emitter.on('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const isEvent = (v: any): v is ChatEvent =>
  v && (v.kind === 'message' || v.kind === 'closed') && typeof v.platId === 'string' && Number.isInteger(v.agentId);

/**
 * PostgreSQL: `notify` sends through the pool (the repository's pg_notify); the LISTEN client is this process's own
 * connection, reconnected with back-off when it drops (notifications sent meanwhile are lost: the pages read history).
 */
export async function postgresBus(
  url: string,
  notify: (channel: string, payload: string) => Promise<void>,
  log: (message: string) => void = () => {},
): Promise<ChatBus> {
  const pg = (await import('pg')).default;
  const handlers = new Set<(event: ChatEvent) => void>();
  let client: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;

  const listen = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel !== CHAT_CHANNEL || !n.payload) return;
      let event: unknown;
      try {
        event = JSON.parse(n.payload);
      } catch {
        return;
      }
      if (isEvent(event)) handlers.forEach((h) => h(event));
    });
    c.on('error', (err) => {
      log(`chat listen connection lost: ${err.message}`);
      again();
    });
    c.on('end', () => again());
    await c.connect();
    await c.query(`LISTEN ${CHAT_CHANNEL}`);
    client = c;
    delay = 500;
  };
  const again = () => {
    if (closed || retry) return;
    client = null;
    retry = setTimeout(() => {
      retry = null;
      listen().catch((err) => {
        log(`chat listen reconnect failed: ${String(err)}`);
        delay = Math.min(delay * 2, 10_000);
        again();
      });
    }, delay);
    retry.unref();
  };

  await listen();
  return {
    async publish(event) {
      await notify(CHAT_CHANNEL, JSON.stringify(event));
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
