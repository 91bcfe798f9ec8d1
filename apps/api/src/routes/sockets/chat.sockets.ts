import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { CHAT_AGENT_SOCKET, CHAT_CLOSE, CHAT_MESSAGES as M, CHAT_STAFF_SOCKET, type ServerFrame } from '@shop/contract';
import { AppError, HttpError } from '../../lib/errors.js';
import { inputRefusal } from '../../lib/input-bounds.js';
import type { SessionResolver } from '../../modules/session/session.service.js';
import type { StaffResolver } from '../../modules/staff/staff.service.js';
import type { ChatBus } from '../../modules/chat/chat-bus.js';
import type { ChatHub } from '../../modules/chat/chat-hub.js';
import type { ChatService, Sent } from '../../modules/chat/chat.service.js';
import { mayCall } from '../../modules/staff/staff.queries.js';
import type { WebSocket } from '../../lib/web-socket.js';

/** The first frame must be the token within this time (a browser cannot set headers on a WebSocket). */
const AUTH_WAIT_MS = 10_000;
/** Staff image replies travel inside the frame as base64: 10 MB of image (upload rules) and its encoding. */
const MAX_FRAME = 14 * 1024 * 1024;

interface Wiring {
  chat: ChatService;
  hub: ChatHub;
  bus: ChatBus;
  sessions: SessionResolver;
  staffSessions: StaffResolver;
  log: (message: string, err?: unknown) => void;
}

const sendTo = (socket: WebSocket) => (frame: ServerFrame) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
};

/** A session failure closes the socket: 4401 unknown token, 4419 expired (the page goes to the login then). */
function closeFor(socket: WebSocket, err: unknown) {
  const expired = err instanceof HttpError && err.statusCode === 403;
  sendTo(socket)({ event: 'error', msg: expired ? '登录过期，请重新登录' : '请先登录' });
  socket.close(expired ? CHAT_CLOSE.expired : CHAT_CLOSE.unauthenticated, expired ? 'expired' : 'unauthenticated');
}

/**
 * Frames are handled one after another per socket (the auth frame before any message); a refusal is answered as an
 * error frame with the spec's message, the socket stays open.
 */
function serial(socket: WebSocket, handle: (frame: any) => Promise<void>, log: Wiring['log']) {
  let chain = Promise.resolve();
  socket.on('message', (raw) => {
    chain = chain.then(async () => {
      let frame: any;
      try {
        frame = JSON.parse(String(raw));
      } catch {
        return sendTo(socket)({ event: 'error', msg: '请求参数有误' });
      }
      // The same bounds as every operation's `in` (ADR 0002): a NUL in a message is refused on both databases.
      const refusal = inputRefusal(frame);
      if (refusal) return sendTo(socket)({ event: 'error', clientMsgId: typeof frame?.clientMsgId === 'string' ? frame.clientMsgId : undefined, msg: refusal });
      try {
        await handle(frame);
      } catch (err) {
        if (err instanceof AppError) return sendTo(socket)({ event: 'error', clientMsgId: frame?.clientMsgId, msg: err.message });
        if (err instanceof HttpError) return closeFor(socket, err);
        log('chat frame failed', err);
        sendTo(socket)({ event: 'error', clientMsgId: frame?.clientMsgId, msg: '服务器请求异常' });
      }
    });
  });
}

export async function registerChatSockets(app: FastifyInstance, w: Wiring) {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME } });
  const { chat, hub, bus } = w;
  const announce = async (s: Sent) => {
    if (s.created) await bus.publish({ kind: 'message', platId: s.row.plat_id, agentId: Number(s.row.agent_id), messageId: Number(s.row.id) });
  };

  // The agent's socket: the agentId in the path must be the session's (never trusted alone).
  app.get(`${CHAT_AGENT_SOCKET}/:agentId`, { websocket: true }, (socket, req) => {
    const pathAgent = Number((req.params as { agentId: string }).agentId);
    const send = sendTo(socket);
    let token: string | null = null;
    let conn: Parameters<ChatHub['addAgent']>[0] | null = null;
    const timer = setTimeout(() => socket.close(CHAT_CLOSE.unauthenticated, 'no auth'), AUTH_WAIT_MS);
    socket.on('close', () => {
      clearTimeout(timer);
      if (conn) hub.removeAgent(conn).catch((err) => w.log('chat presence failed', err));
    });
    serial(
      socket,
      async (frame) => {
        if (!token) {
          if (frame?.type !== 'auth' || typeof frame.accessToken !== 'string') throw new HttpError(401, 'UNAUTHENTICATED');
          const session = await w.sessions.resolve(frame.accessToken);
          if (session.agentId !== pathAgent) {
            send({ event: 'error', msg: M.refused });
            socket.close(CHAT_CLOSE.forbidden, 'forbidden');
            return;
          }
          clearTimeout(timer);
          token = frame.accessToken;
          const conv = await chat.openFor(session);
          conn = { agentId: session.agentId, platId: session.platId, send };
          await hub.addAgent(conn);
          await chat.agentBack(session.agentId);
          send({ event: 'sayHello', data: { ...(await chat.settings(session.platId)), chatId: Number(conv.id) } });
          if (!(await chat.staffOnline(session.platId))) send({ event: 'noServiceOnline', msg: M.noServiceOnline });
          return;
        }
        // Every message checks the session again: a logout or expiry ends the conversation's socket.
        const session = await w.sessions.resolve(token);
        if (frame?.type !== 'message') throw new AppError('VALIDATION');
        const sent = await chat.sendFromAgent(session, frame);
        send({ event: 'ack', clientMsgId: sent.row.client_msg_id, data: chat.toWire(sent.row, { agentId: session.agentId }) });
        await announce(sent);
      },
      w.log,
    );
  });

  // The service staff's socket: role service (or admin); every open conversation of the platform.
  app.get(CHAT_STAFF_SOCKET, { websocket: true }, (socket) => {
    const send = sendTo(socket);
    let token: string | null = null;
    let conn: Parameters<ChatHub['addStaff']>[0] | null = null;
    const timer = setTimeout(() => socket.close(CHAT_CLOSE.unauthenticated, 'no auth'), AUTH_WAIT_MS);
    socket.on('close', () => {
      clearTimeout(timer);
      if (conn) hub.removeStaff(conn).catch((err) => w.log('chat presence failed', err));
    });
    serial(
      socket,
      async (frame) => {
        const session = await w.staffSessions.resolve(token ?? (frame?.type === 'auth' && typeof frame.staffToken === 'string' ? frame.staffToken : ''));
        if (!mayCall(session.role, 'ws:staff-chat') || session.secondFactorMissing) {
          send({ event: 'error', msg: '无权执行此操作' });
          socket.close(CHAT_CLOSE.forbidden, 'forbidden');
          return;
        }
        const staff = { staffId: session.staffId, platId: session.platId };
        if (!token) {
          clearTimeout(timer);
          token = frame.staffToken as string;
          conn = { ...staff, send };
          await hub.addStaff(conn);
          send({ event: 'ready', staffId: staff.staffId });
          send({ event: 'conversations', data: await chat.conversations(staff.platId) });
          return;
        }
        if (frame?.type === 'list') return send({ event: 'conversations', data: await chat.conversations(staff.platId) });
        if (frame?.type === 'open') {
          const opened = await chat.openForStaff(staff.platId, frame.chatId);
          const head = (await chat.settings(staff.platId)).headImg;
          return send({ event: 'history', chatId: opened.chatId, data: opened.rows.map((r) => chat.toWire(r, { staffId: staff.staffId }, head)) });
        }
        if (frame?.type === 'reply') {
          const sent = await chat.reply(staff, frame);
          send({ event: 'ack', clientMsgId: sent.row.client_msg_id, data: chat.toWire(sent.row, { staffId: staff.staffId }) });
          return announce(sent);
        }
        if (frame?.type === 'close') {
          const c = await chat.close(staff, frame.chatId);
          if (c.closed) await bus.publish({ kind: 'closed', platId: staff.platId, agentId: c.agentId, chatId: c.chatId });
          return;
        }
        throw new AppError('VALIDATION');
      },
      w.log,
    );
  });
}
