import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { idIn, int, optionalText } from './validation.js';

/**
 * Customer-service chat (spec 3 §2 Customer service, §3 chat record, §4 chat events, §5 Chat, §7, §9; ADR 0019).
 * Two WebSockets: the agent's at CHAT_AGENT_SOCKET/<agentId> and the staff's at CHAT_STAFF_SOCKET. A browser cannot set
 * headers on a WebSocket, so the first frame carries the token ({ type: 'auth', ... }); the agentId of the path must be
 * the session's. Every frame is JSON.
 */

export const CHAT_AGENT_SOCKET = '/api/ws/chat';
export const CHAT_STAFF_SOCKET = '/api/ws/staff-chat';
/** spec 3 §9: a message is at most 1000 characters. */
export const CHAT_TEXT_MAX = 1000;
/** spec 3 §9: 60 emoticons are offered. */
export const CHAT_EMOTICONS = 60;
export const CHAT_HISTORY_PAGE = 20;
/** msgType of a record (spec 3 §3). */
export const CHAT_MSG_TYPE = { text: 0, image: 1 } as const;
/** sendType of a record (spec 3 §3). */
export const CHAT_SEND_TYPE = { user: 0, service: 1 } as const;

/** spec 3 §5 Chat and §8 (the spec gives them in English; the natural Chinese of the product). */
export const CHAT_MESSAGES = {
  empty: '请输入发送内容',
  tooLong: '您输入的消息过长',
  closed: '会话已结束，请退出后重新进入',
  /** Said once, and the message is kept: the agent may leave a message for later. */
  noServiceOnline: '客服暂不在线，您可以留言，我们会尽快回复',
  noSocket: '您的浏览器不支持socket',
  badImage: '图片不存在，请重新上传',
  refused: '无权访问该会话',
  notFound: '会话不存在',
} as const;

/** Close codes of the sockets: the page tells a refusal (do not retry) from a drop (retry with back-off). */
export const CHAT_CLOSE = { unauthenticated: 4401, forbidden: 4403, expired: 4419 } as const;

/** imChatMessageRecordBo (spec 3 §3), plus the sender's client message id and the time. */
export const chatMessage = z.object({
  id: int(),
  platId: z.string(),
  chatId: int(),
  cusId: int(),
  suId: z.nullable(int()),
  content: z.string(),
  headImg: z.string(),
  cusType: int(),
  isReply: int(),
  sendType: int(),
  msgType: int(),
  /** A signed link for the viewer (images only), '' for text. */
  picUrl: z.string(),
  clientMsgId: z.string(),
  createDate: z.string(),
});
export type ChatMessage = z.output<typeof chatMessage>;

export const chatSettings = z.object({ greetings: z.string(), headImg: z.string() });
export type ChatSettings = z.output<typeof chatSettings>;

export const selImChatBaseSet = defineOp({
  name: 'selImChatBaseSet',
  path: '/api/im/selImChatBaseSet.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64) }),
  output: z.object({ obj: chatSettings }),
});

/** Earlier messages of the session's agent, newest page first: `beforeId` is the oldest id the page already shows. */
export const selImChatHistory = defineOp({
  name: 'selImChatHistory',
  path: '/api/im/selImChatHistory.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64), beforeId: z.optional(idIn()) }),
  output: z.object({ objs: z.array(chatMessage), hasMore: z.boolean() }),
});

// ---- socket frames ----

/** What the agent's page sends. */
export type AgentFrame =
  | { type: 'auth'; accessToken: string }
  | { type: 'message'; clientMsgId: string; msgType: 0; content: string }
  | { type: 'message'; clientMsgId: string; msgType: 1; picUrl: string };

/** What the staff client sends; an image reply carries the file as base64 (the upload rules apply on the server). */
export type StaffFrame =
  | { type: 'auth'; staffToken: string }
  | { type: 'list' }
  | { type: 'open'; chatId: number }
  | { type: 'reply'; chatId: number; clientMsgId: string; msgType: 0; content: string }
  | { type: 'reply'; chatId: number; clientMsgId: string; msgType: 1; imageBase64: string }
  | { type: 'close'; chatId: number };

/** An open conversation as the staff list shows it. */
export interface ChatConversation {
  chatId: number;
  cusId: number;
  cusName: string;
  unread: number;
  lastContent: string;
  lastDate: string;
}

/** What the server sends (spec 3 §4 events sayHello, close, noServiceOnline, message; the rest are ours). */
export type ServerFrame =
  | { event: 'sayHello'; data: ChatSettings & { chatId: number } }
  | { event: 'message'; data: ChatMessage }
  | { event: 'ack'; clientMsgId: string; data: ChatMessage }
  | { event: 'close'; chatId: number; msg: string }
  | { event: 'noServiceOnline'; msg: string }
  | { event: 'error'; clientMsgId?: string; msg: string }
  | { event: 'ready'; staffId: number }
  | { event: 'conversations'; data: ChatConversation[] }
  | { event: 'history'; chatId: number; data: ChatMessage[] };

/** spec 3 §5: blank → 请输入发送内容, over 1000 characters (not UTF-16 units) → too long; null when fine. */
export function chatTextProblem(content: string): string | null {
  if (!content.trim()) return CHAT_MESSAGES.empty;
  if (Array.from(content).length > CHAT_TEXT_MAX) return CHAT_MESSAGES.tooLong;
  return null;
}
