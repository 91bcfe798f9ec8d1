import { randomUUID } from 'node:crypto';
import {
  CHAT_HISTORY_PAGE,
  CHAT_MESSAGES as M,
  CHAT_MSG_TYPE,
  CHAT_SEND_TYPE,
  chatTextProblem,
  chinaTimeText,
  type ChatConversation,
  type ChatMessage,
  type ChatSettings,
} from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { MINUTE, addMs, iso } from '../../lib/clock.js';
import { findProfileById } from '../agent/agent.queries.js';
import { notify } from '../notification/notification.queries.js';
import type { UploadService, Viewer } from '../upload/upload.service.js';
import * as repo from './chat.repository.js';

/** A staff member counts as online while some process saw its socket within this time (heartbeat every 30 s). */
export const PRESENCE_TTL_MS = 90_000;
/** ADR 0043: after telling an away agent of a reply, the next one waits until the agent opens the chat, or this long. */
export const AWAY_QUIET_MS = 10 * MINUTE;
export const AWAY_TITLE = '客服回复了您的消息';
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface AgentSend {
  clientMsgId: unknown;
  msgType: unknown;
  content?: unknown;
  picUrl?: unknown;
}
export interface StaffSend {
  chatId: unknown;
  clientMsgId: unknown;
  msgType: unknown;
  content?: unknown;
  imageBase64?: unknown;
}
/** A message as stored, and whether this call stored it (false: a resend of one stored before). */
export interface Sent {
  row: repo.ChatMessageRow;
  created: boolean;
}

const refuse = (msg: string) => new AppError('VALIDATION', msg);

function clientId(v: unknown): string {
  if (typeof v !== 'string' || !CLIENT_ID.test(v)) throw refuse('消息编号有误');
  return v;
}

function text(v: unknown): string {
  const content = typeof v === 'string' ? v : '';
  const problem = chatTextProblem(content);
  if (problem) throw refuse(problem);
  return content;
}

/** Chat rules (spec 3 §4, §5): conversations, stored messages, who may read what; the socket is routes/sockets/chat.sockets.ts. */
export function createChatService({ db, clock }: Deps, uploads: UploadService) {
  const k = db.kysely;
  const instanceId = randomUUID();

  async function settings(platId: string): Promise<ChatSettings> {
    const s = await repo.findSettings(k, platId);
    return { greetings: s?.greetings ?? '', headImg: s?.head_img ?? '' };
  }

  function toWire(r: repo.ChatMessageRow, viewer: Viewer, serviceHead = ''): ChatMessage {
    return {
      id: Number(r.id),
      platId: r.plat_id,
      chatId: Number(r.chat_id),
      cusId: Number(r.agent_id),
      suId: r.staff_id === null ? null : Number(r.staff_id),
      content: r.content,
      headImg: r.send_type === CHAT_SEND_TYPE.service ? serviceHead : '',
      cusType: 0,
      isReply: r.is_reply,
      sendType: r.send_type,
      msgType: r.msg_type,
      picUrl: r.msg_type === CHAT_MSG_TYPE.image ? uploads.signedUrl(r.pic_url, viewer) : '',
      clientMsgId: r.client_msg_id,
      createDate: chinaTimeText(r.created_at),
    };
  }

  /** Stores once per (agent, sender, client id); the second send answers the first row. */
  async function store(row: Parameters<typeof repo.insertMessage>[1] & { agent_id: number; sender: string; client_msg_id: string }): Promise<Sent> {
    const created = await repo.insertMessage(k, row);
    return { row: await repo.findByClientId(k, row.agent_id, row.sender, row.client_msg_id), created };
  }

  async function earlier(agentId: number, sender: string, id: string) {
    return repo.findByClientId(k, agentId, sender, id).catch(() => undefined);
  }

  return {
    instanceId,
    settings,
    toWire,

    /** The agent's open conversation, opened now when there is none (a closed one stays closed: spec 3 §4 close). */
    async openFor(agent: { agentId: number; platId: string }) {
      const open = await repo.findOpenConversation(k, agent.agentId);
      if (open) return open;
      const profile = await findProfileById(k, agent.agentId);
      await repo.insertConversation(k, { plat_id: agent.platId, agent_id: agent.agentId, agent_name: profile?.agent_name ?? '', created_at: iso(clock.now()) });
      const made = await repo.findOpenConversation(k, agent.agentId);
      if (!made) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      return made;
    },

    async sendFromAgent(agent: { agentId: number; platId: string }, frame: AgentSend): Promise<Sent> {
      const id = clientId(frame.clientMsgId);
      const before = await earlier(agent.agentId, 'a', id);
      if (before) return { row: before, created: false };
      let content = '';
      let picUrl = '';
      if (frame.msgType === CHAT_MSG_TYPE.image) {
        // spec 3 §4: an image is sent after its upload; only the agent's own upload (upload rules: type, size, content).
        picUrl = typeof frame.picUrl === 'string' ? frame.picUrl.split('?')[0]! : '';
        if (!(await uploads.ownedBy(agent.agentId, [picUrl]))) throw refuse(M.badImage);
      } else if (frame.msgType === CHAT_MSG_TYPE.text) {
        content = text(frame.content);
      } else throw refuse(M.empty);
      const conv = await repo.findOpenConversation(k, agent.agentId);
      if (!conv) throw refuse(M.closed);
      return store({
        plat_id: agent.platId,
        chat_id: Number(conv.id),
        agent_id: agent.agentId,
        staff_id: null,
        sender: 'a',
        client_msg_id: id,
        send_type: CHAT_SEND_TYPE.user,
        msg_type: frame.msgType as number,
        content,
        pic_url: picUrl,
        created_at: iso(clock.now()),
      });
    },

    async reply(staff: { staffId: number; platId: string }, frame: StaffSend): Promise<Sent> {
      const id = clientId(frame.clientMsgId);
      const conv = Number.isInteger(frame.chatId) ? await repo.findConversation(k, staff.platId, frame.chatId as number) : undefined;
      if (!conv) throw refuse(M.notFound);
      const agentId = Number(conv.agent_id);
      const sender = `s${staff.staffId}`;
      const before = await earlier(agentId, sender, id);
      if (before) return { row: before, created: false };
      if (conv.state !== 1) throw refuse(M.closed);
      let content = '';
      let picUrl = '';
      if (frame.msgType === CHAT_MSG_TYPE.image) {
        const data = Buffer.from(typeof frame.imageBase64 === 'string' ? frame.imageBase64 : '', 'base64');
        // The upload rules (type by content, size, re-encoding); the image belongs to the conversation's agent.
        [picUrl] = (await uploads.store({ agentId, platId: staff.platId }, [{ field: '0', filename: 'reply.jpg', data }])) as [string];
      } else if (frame.msgType === CHAT_MSG_TYPE.text) {
        content = text(frame.content);
      } else throw refuse(M.empty);
      await repo.markRead(k, Number(conv.id));
      const now = clock.now();
      const at = iso(now);
      const chatId = Number(conv.id);
      const row = { plat_id: staff.platId, chat_id: chatId, agent_id: agentId, staff_id: staff.staffId, sender, client_msg_id: id, send_type: CHAT_SEND_TYPE.service, msg_type: frame.msgType as number, content, pic_url: picUrl, created_at: at };
      // ADR 0043: the reply and, when no process holds an open chat socket of the agent, the one message telling
      // them (in-app and WeChat) commit together; a resend of a stored reply tells nobody again.
      const created = await k.transaction().execute(async (trx) => {
        if (!(await repo.insertMessage(trx, row))) return false;
        if (await repo.agentSeenSince(trx, agentId, iso(addMs(now, -PRESENCE_TTL_MS)))) return true;
        const episode = await repo.claimAwayNotice(trx, chatId, at, iso(addMs(now, -AWAY_QUIET_MS)));
        if (episode === null) return true;
        const preview = frame.msgType === CHAT_MSG_TYPE.image ? '[图片]' : content.slice(0, 100);
        await notify(trx, { platId: staff.platId, agentId, key: `chat:${chatId}:away:${episode}`, kind: 'chat', title: AWAY_TITLE, body: preview, link: '/im', at });
        return true;
      });
      return { row: await repo.findByClientId(k, agentId, sender, id), created };
    },

    /** Closes an open conversation of the staff member's platform; the agent is told (close) and must reconnect. */
    async close(staff: { staffId: number; platId: string }, chatId: unknown) {
      const conv = Number.isInteger(chatId) ? await repo.findConversation(k, staff.platId, chatId as number) : undefined;
      if (!conv) throw refuse(M.notFound);
      const closed = await repo.closeConversation(k, Number(conv.id), staff.staffId, iso(clock.now()));
      return { chatId: Number(conv.id), agentId: Number(conv.agent_id), closed };
    },

    /** Earlier messages of this agent only, a page at a time, oldest first within the page. */
    async history(agentId: number, beforeId: number | undefined) {
      const rows = await repo.agentHistory(k, agentId, beforeId, CHAT_HISTORY_PAGE + 1);
      const page = rows.slice(0, CHAT_HISTORY_PAGE).reverse();
      return { rows: page, hasMore: rows.length > CHAT_HISTORY_PAGE };
    },

    /** A staff member opens a conversation: its agent's messages count as read; the latest messages, oldest first. */
    async openForStaff(platId: string, chatId: unknown) {
      const conv = Number.isInteger(chatId) ? await repo.findConversation(k, platId, chatId as number) : undefined;
      if (!conv) throw refuse(M.notFound);
      await repo.markRead(k, Number(conv.id));
      return { chatId: Number(conv.id), rows: (await repo.conversationMessages(k, Number(conv.id), 50)).reverse() };
    },

    async conversations(platId: string): Promise<ChatConversation[]> {
      const rows = await repo.openConversations(k, platId);
      const last = new Map((await repo.findMessagesByIds(k, rows.flatMap((r) => (r.last_id ? [Number(r.last_id)] : [])))).map((m) => [Number(m.id), m]));
      return rows.map((r) => {
        const m = r.last_id ? last.get(Number(r.last_id)) : undefined;
        return {
          chatId: Number(r.id),
          cusId: Number(r.agent_id),
          cusName: r.agent_name,
          unread: Number(r.unread ?? 0),
          lastContent: m ? (m.msg_type === CHAT_MSG_TYPE.image ? '[图片]' : m.content) : '',
          lastDate: chinaTimeText(m?.created_at ?? r.created_at),
        };
      });
    },

    messageById: async (id: number) => (await repo.findMessagesByIds(k, [id]))[0],

    // ---- presence of service staff (any process) ----
    touchPresence: (staffId: number, platId: string) => repo.touchPresence(k, { instance_id: instanceId, staff_id: staffId, plat_id: platId, seen_at: iso(clock.now()) }),
    dropPresence: (staffId?: number) => repo.dropPresence(k, instanceId, staffId),
    staffOnline: (platId: string) => repo.anyStaffSeenSince(k, platId, iso(addMs(clock.now(), -PRESENCE_TTL_MS))),
    // ---- presence of agents in the chat (any process, ADR 0043) ----
    touchAgentPresence: (agentId: number, platId: string, sockets: number) =>
      repo.touchAgentPresence(k, { instance_id: instanceId, agent_id: agentId, plat_id: platId, sockets, seen_at: iso(clock.now()) }),
    dropAgentPresence: () => repo.dropAgentPresence(k, instanceId),
    /** The agent opened the chat: a later reply while away tells them again (ADR 0043). */
    agentBack: (agentId: number) => repo.clearAwayNotice(k, agentId),
    notify: (channel: string, payload: string) => repo.notify(k, channel, payload),
  };
}
export type ChatService = ReturnType<typeof createChatService>;
