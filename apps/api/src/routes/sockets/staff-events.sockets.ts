import type { FastifyInstance } from 'fastify';
import { CHAT_CLOSE, DASHBOARD_QUEUES, STAFF_EVENTS_SOCKET, type DashboardQueue, type DashboardQueues, type StaffEventFrame, type StaffRole } from '@shop/contract';
import { HttpError } from '../../lib/errors.js';
import { mayCall } from '../../modules/staff/staff-permissions.js';
import type { StaffResolver, StaffSession } from '../../modules/staff/staff.service.js';
import type { WebSocket } from '../../lib/web-socket.js';

/** The first frame must be the token within this time (a browser cannot set headers on a WebSocket). */
const AUTH_WAIT_MS = 10_000;
/** How often the counts are read again while somebody watches (ADR 0020: "live"). */
export const STAFF_EVENTS_EVERY_MS = 3_000;

interface Wiring {
  staffSessions: StaffResolver;
  /** Every queue's pending count of a platform, read from the database (so several processes agree). */
  counts: (platId: string) => Promise<Record<DashboardQueue, number>>;
  log: (message: string, err?: unknown) => void;
  everyMs?: number;
}

interface Watcher {
  token: string;
  platId: string;
  send: (frame: StaffEventFrame) => void;
  refuse: (err: unknown) => void;
  /** The last counts sent (JSON): only a change is pushed. */
  last: string;
}

const mayWatch = (s: StaffSession) => mayCall(s.role, 'ws:staff-events') && !s.secondFactorMissing;

/** The queues a role may open; the others are not sent at all (the console shows no queue it cannot open). */
export function visibleQueues(counts: Record<DashboardQueue, number>, role: StaffRole): DashboardQueues {
  const out: DashboardQueues = {};
  for (const [queue, operation] of Object.entries(DASHBOARD_QUEUES) as [DashboardQueue, string][]) {
    if (mayCall(role, operation)) out[queue] = counts[queue];
  }
  return out;
}

/**
 * The dashboard's live counts (`/api/ws/staff-events`): while at least one socket is open, the counts of the watched
 * platforms are read again every few seconds and pushed to each socket whose numbers changed. Each round checks the
 * member's session again, so a logout, a disabled member or an expired session closes the socket.
 */
export function registerStaffEvents(app: FastifyInstance, w: Wiring) {
  const watchers = new Set<Watcher>();
  const every = w.everyMs ?? STAFF_EVENTS_EVERY_MS;
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  const push = (watcher: Watcher, session: StaffSession, counts: Record<DashboardQueue, number>) => {
    const queues = visibleQueues(counts, session.role);
    const text = JSON.stringify(queues);
    if (text === watcher.last) return;
    watcher.last = text;
    watcher.send({ type: 'counts', queues });
  };

  async function round() {
    if (running) return;
    running = true;
    try {
      const byPlatform = new Map<string, Promise<Record<DashboardQueue, number>>>();
      for (const watcher of [...watchers]) {
        let session: StaffSession;
        try {
          session = await w.staffSessions.resolve(watcher.token);
          if (!mayWatch(session)) throw new HttpError(401, 'UNAUTHENTICATED');
        } catch (err) {
          watchers.delete(watcher);
          watcher.refuse(err);
          continue;
        }
        if (!byPlatform.has(watcher.platId)) byPlatform.set(watcher.platId, w.counts(watcher.platId));
        push(watcher, session, await byPlatform.get(watcher.platId)!);
      }
    } catch (err) {
      w.log('staff events: counting failed', err);
    } finally {
      running = false;
    }
    if (watchers.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });

  app.get(STAFF_EVENTS_SOCKET, { websocket: true }, (socket: WebSocket) => {
    const send = (frame: StaffEventFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };
    const refuse = (err: unknown) => {
      const expired = err instanceof HttpError && err.statusCode === 403;
      const forbidden = err === 'forbidden';
      send({ type: 'error', msg: expired ? '登录过期，请重新登录' : forbidden ? '无权执行此操作' : '请先登录' });
      socket.close(expired ? CHAT_CLOSE.expired : forbidden ? CHAT_CLOSE.forbidden : CHAT_CLOSE.unauthenticated, 'refused');
    };
    let watcher: Watcher | null = null;
    let closed = false;
    const wait = setTimeout(() => refuse(new HttpError(401, 'UNAUTHENTICATED')), AUTH_WAIT_MS);
    socket.on('close', () => {
      closed = true;
      clearTimeout(wait);
      if (watcher) watchers.delete(watcher);
    });
    let authing = false;
    socket.on('message', (raw) => {
      // One auth frame; anything after it is ignored (the socket only listens).
      if (authing) return;
      authing = true;
      void (async () => {
        let frame: { type?: unknown; staffToken?: unknown } | null = null;
        try {
          frame = JSON.parse(String(raw));
        } catch {
          // not JSON: refused below
        }
        try {
          if (frame?.type !== 'auth' || typeof frame.staffToken !== 'string') throw new HttpError(401, 'UNAUTHENTICATED');
          const session = await w.staffSessions.resolve(frame.staffToken);
          clearTimeout(wait);
          if (!mayWatch(session)) return refuse('forbidden');
          watcher = { token: frame.staffToken, platId: session.platId, send, refuse, last: '' };
          push(watcher, session, await w.counts(session.platId));
          if (closed) return;
          watchers.add(watcher);
          timer ??= setInterval(() => void round(), every);
        } catch (err) {
          clearTimeout(wait);
          if (!(err instanceof HttpError)) w.log('staff events: auth failed', err);
          refuse(err);
        }
      })();
    });
  });
}
