import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_CLOSE,
  CHAT_MSG_TYPE,
  CHAT_SEND_TYPE,
  CHAT_STAFF_SOCKET,
  type ChatConversation,
  type ChatMessage,
  type ServerFrame,
  type StaffFrame,
} from '@shop/contract/chat';
import { staffSession } from '../../lib/session.js';

/** online: authenticated; reconnecting: dropped, trying again with back-off; refused: the role may not chat. */
export type LinkState = 'connecting' | 'online' | 'reconnecting' | 'refused';

/** A message on screen: stored (has an id) or still on its way (sending / failed, keyed by clientMsgId). */
export interface ShownMessage extends Partial<ChatMessage> {
  clientMsgId: string;
  sendType: number;
  msgType: number;
  content: string;
  picUrl: string;
  status: 'sent' | 'sending' | 'failed';
  failure?: string;
}

const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000];
/** The list is asked again this often: unread counts of conversations other members answered, and a keep-alive. */
const REFRESH_MS = 30_000;

const socketUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CHAT_STAFF_SOCKET}`;
const newClientId = () => `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
const preview = (m: { msgType: number; content: string }) => (m.msgType === CHAT_MSG_TYPE.image ? '[图片]' : m.content);
const stored = (m: ChatMessage): ShownMessage => ({ ...m, status: 'sent' });

/**
 * The service member's chat socket (contract chat.ts): the open conversations with unread counts, the selected one's
 * messages live, replies (text, image, emoticons) and closing. A dropped socket reconnects and reloads what is shown.
 */
export function useStaffChat(onError: (msg: string) => void) {
  const [link, setLink] = useState<LinkState>('connecting');
  const [conversations, setConversations] = useState<ChatConversation[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [closed, setClosed] = useState<Set<number>>(new Set());
  const socket = useRef<WebSocket | null>(null);
  const selectedRef = useRef<number | null>(null);
  const known = useRef(new Set<number>());
  const errorRef = useRef(onError);
  errorRef.current = onError;

  const send = useCallback((frame: StaffFrame) => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }, []);

  const handle = useCallback(
    (f: ServerFrame) => {
      const current = selectedRef.current;
      switch (f.event) {
        case 'ready':
          setLink('online');
          if (current !== null) send({ type: 'open', chatId: current });
          return;
        case 'conversations':
          known.current = new Set(f.data.map((c) => c.chatId));
          return setConversations(f.data.map((c) => (c.chatId === current ? { ...c, unread: 0 } : c)));
        case 'history':
          if (f.chatId === current) setMessages(f.data.map(stored));
          return;
        case 'message':
        case 'ack': {
          const m = f.data;
          if (m.chatId === current) {
            setMessages((list) => {
              const rest = list.filter((x) => x.id !== m.id && !(x.status !== 'sent' && x.clientMsgId === m.clientMsgId));
              return [...rest, stored(m)];
            });
            // The member is reading it: the server marks the conversation read when it is opened again.
            if (f.event === 'message' && m.sendType === CHAT_SEND_TYPE.user) send({ type: 'open', chatId: m.chatId });
          }
          // A conversation this list does not have yet (opened since): ask for the list again.
          if (!known.current.has(m.chatId)) send({ type: 'list' });
          setConversations((list) =>
            list.map((c) =>
              c.chatId === m.chatId
                ? {
                    ...c,
                    lastContent: preview(m),
                    lastDate: m.createDate,
                    unread: m.chatId !== current && f.event === 'message' && m.sendType === CHAT_SEND_TYPE.user ? c.unread + 1 : c.chatId === current ? 0 : c.unread,
                  }
                : c,
            ),
          );
          return;
        }
        case 'close':
          setClosed((s) => new Set(s).add(f.chatId));
          setConversations((list) => list.filter((c) => c.chatId !== f.chatId));
          return;
        case 'error':
          if (f.clientMsgId) setMessages((list) => list.map((x) => (x.clientMsgId === f.clientMsgId ? { ...x, status: 'failed', failure: f.msg } : x)));
          errorRef.current(f.msg);
          return;
        default:
          return;
      }
    },
    [send],
  );

  useEffect(() => {
    let attempt = 0;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const ws = new WebSocket(socketUrl());
      socket.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', staffToken: staffSession.get()?.token ?? '' } satisfies StaffFrame));
      ws.onmessage = (e) => {
        const frame = JSON.parse(String(e.data)) as ServerFrame;
        if (frame.event === 'ready') attempt = 0;
        handle(frame);
      };
      ws.onclose = (e) => {
        if (stopped) return;
        if (e.code === CHAT_CLOSE.unauthenticated || e.code === CHAT_CLOSE.expired) return staffSession.set(null);
        if (e.code === CHAT_CLOSE.forbidden) return setLink('refused');
        setLink('reconnecting');
        retry = setTimeout(connect, BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)]);
      };
    };
    connect();
    const refresh = setInterval(() => send({ type: 'list' }), REFRESH_MS);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(refresh);
      socket.current?.close();
    };
  }, [handle, send]);

  const select = useCallback(
    (chatId: number) => {
      selectedRef.current = chatId;
      setSelected(chatId);
      setMessages([]);
      setConversations((list) => list.map((c) => (c.chatId === chatId ? { ...c, unread: 0 } : c)));
      send({ type: 'open', chatId });
    },
    [send],
  );

  /** Sends a reply to the selected conversation; false when the socket is down (nothing is queued then). */
  const reply = useCallback(
    (body: { msgType: 0; content: string } | { msgType: 1; imageBase64: string; previewUrl: string }) => {
      const chatId = selectedRef.current;
      if (chatId === null) return false;
      const clientMsgId = newClientId();
      const frame: StaffFrame = body.msgType === CHAT_MSG_TYPE.text ? { type: 'reply', chatId, clientMsgId, msgType: 0, content: body.content } : { type: 'reply', chatId, clientMsgId, msgType: 1, imageBase64: body.imageBase64 };
      if (!send(frame)) {
        errorRef.current('连接已断开，正在重新连接，请稍后再发送');
        return false;
      }
      const shown: ShownMessage = { clientMsgId, sendType: CHAT_SEND_TYPE.service, msgType: body.msgType, content: body.msgType === CHAT_MSG_TYPE.text ? body.content : '', picUrl: body.msgType === CHAT_MSG_TYPE.image ? body.previewUrl : '', status: 'sending' };
      setMessages((list) => [...list, shown]);
      return true;
    },
    [send],
  );

  const close = useCallback((chatId: number) => send({ type: 'close', chatId }), [send]);

  return { link, conversations, selected, messages, closed: selected !== null && closed.has(selected), select, reply, close };
}
