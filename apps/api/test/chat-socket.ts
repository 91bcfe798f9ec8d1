import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { CHAT_AGENT_SOCKET, CHAT_STAFF_SOCKET } from '@shop/contract';

// ws 8 (shipped with @fastify/websocket) has no types here; the browser's WebSocket API is what we use of it.
const WS: any = createRequire(import.meta.url)('ws');

/** A real WebSocket client that keeps every frame it received; `next` waits for the first unseen frame that matches. */
export interface ChatSocket {
  frames: any[];
  send(frame: unknown): void;
  next(match: (f: any) => boolean, timeoutMs?: number): Promise<any>;
  /** Resolves with the close code once the server (or we) closed the socket. */
  closed: Promise<number>;
  close(): Promise<number>;
}

export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `ws://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  return listening(app);
}

export async function openSocket(url: string): Promise<ChatSocket> {
  const ws = new WS(url);
  const frames: any[] = [];
  const used = new Set<number>();
  const waiters = new Set<() => void>();
  ws.on('message', (raw: Buffer) => {
    frames.push(JSON.parse(String(raw)));
    waiters.forEach((w) => w());
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const find = (match: (f: any) => boolean) => frames.findIndex((f, i) => !used.has(i) && match(f));
  return {
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const i = find(match);
          if (i < 0) return false;
          used.add(i);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(frames[i]);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    closed,
    close() {
      ws.close();
      return closed;
    },
  };
}

/** The agent's socket, authenticated by the first frame. */
export async function agentSocket(base: string, agentId: number, token: string, pathAgentId = agentId) {
  const s = await openSocket(`${base}${CHAT_AGENT_SOCKET}/${pathAgentId}`);
  s.send({ type: 'auth', accessToken: token });
  return s;
}

export async function staffSocket(base: string, staffToken: string) {
  const s = await openSocket(`${base}${CHAT_STAFF_SOCKET}`);
  s.send({ type: 'auth', staffToken });
  await s.next((f) => f.event === 'ready' || f.event === 'error');
  return s;
}

/** Frames a test waits for. */
export const isEvent = (event: string, extra: (f: any) => boolean = () => true) => (f: any) => f.event === event && extra(f);
export const messageWith = (content: string) => (f: any) => f.event === 'message' && f.data.content === content;
