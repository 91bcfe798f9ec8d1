import { EventEmitter } from 'node:events';
import { pgListen } from '../../lib/pg-listen.js';

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
  const handlers = new Set<(event: ChatEvent) => void>();
  const listener = await pgListen(url, CHAT_CHANNEL, (v) => isEvent(v) && handlers.forEach((h) => h(v)), log, 'chat');
  return {
    async publish(event) {
      await notify(CHAT_CHANNEL, JSON.stringify(event));
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
