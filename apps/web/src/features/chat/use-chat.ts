import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_AGENT_SOCKET,
  CHAT_CLOSE,
  CHAT_MESSAGES as M,
  CHAT_MSG_TYPE,
  CHAT_SEND_TYPE,
  selImChatHistory,
  type ChatMessage,
  type ServerFrame,
} from '@shop/contract/chat';
import { call } from '../../lib/api.js';
import { session } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';

/** A message on screen: stored (id > 0), or still on its way (pending) with the client id it will be stored under. */
export type ShownMessage = ChatMessage & { pending?: boolean; failed?: boolean };
export type ChatStatus = 'connecting' | 'online' | 'reconnecting' | 'closed' | 'refused';

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const newClientId = () => (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_-]/g, '');

/** Merges by stored id, a pending message replaced by its stored self (same client id): nothing shows twice. */
function merge(list: ShownMessage[], incoming: ShownMessage[]): ShownMessage[] {
  const byKey = new Map<string, ShownMessage>();
  const key = (m: ShownMessage) => (m.sendType === CHAT_SEND_TYPE.user ? `c:${m.clientMsgId}` : `i:${m.id}`);
  for (const m of [...list, ...incoming]) {
    const k = key(m);
    const old = byKey.get(k);
    if (!old || old.pending || !m.pending) byKey.set(k, m);
  }
  return [...byKey.values()].sort((a, b) => (a.pending ? 1 : 0) - (b.pending ? 1 : 0) || a.id - b.id);
}

/**
 * The agent's chat socket (spec 3 §4): the token goes in the first frame, the greeting comes back (sayHello). A drop
 * reconnects with back-off; messages not yet stored are sent again with their client id (the server stores each once)
 * and the newest page of history is read again, so nothing sent meanwhile is lost.
 */
export function useChat() {
  const { userInfo, token } = session.get();
  const agentId = userInfo?.agentId ?? 0;
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [greeting, setGreeting] = useState<{ greetings: string; headImg: string } | null>(null);
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const [hasMore, setHasMore] = useState(true);
  /** spec 3 §4 noServiceOnline: said once in the conversation (not a toast on each open); messages are still kept. */
  const [noService, setNoService] = useState<string | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const pending = useRef(new Map<string, ShownMessage>());
  const closedChat = useRef(false);

  const add = useCallback((incoming: ShownMessage[]) => setMessages((list) => merge(list, incoming)), []);

  const loadEarlier = useCallback(async (beforeId?: number) => {
    const reply = await call(selImChatHistory, beforeId ? { beforeId } : {}, { background: true, quiet: true });
    add(reply.objs);
    if (beforeId || reply.objs.length === 0) setHasMore(reply.hasMore);
    else setHasMore((h) => h && reply.hasMore);
    return reply.objs.length;
  }, [add]);

  useEffect(() => {
    if (typeof WebSocket === 'undefined') {
      toast(M.noSocket);
      return;
    }
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${location.host}${CHAT_AGENT_SOCKET}/${agentId}`);
      socket.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', accessToken: token }));
      ws.onmessage = (e) => {
        const frame = JSON.parse(String(e.data)) as ServerFrame;
        if (frame.event === 'sayHello') {
          attempt = 0;
          closedChat.current = false;
          setGreeting(frame.data);
          setStatus('online');
          loadEarlier().catch(() => {});
          for (const m of pending.current.values()) ws.send(JSON.stringify(outgoing(m)));
        } else if (frame.event === 'message' || frame.event === 'ack') {
          pending.current.delete(frame.data.clientMsgId);
          add([frame.data]);
        } else if (frame.event === 'close') {
          closedChat.current = true;
          setStatus('closed');
          toast(frame.msg);
        } else if (frame.event === 'noServiceOnline') setNoService(M.noServiceOnline);
        else if (frame.event === 'error') {
          if (frame.clientMsgId) {
            pending.current.delete(frame.clientMsgId);
            setMessages((list) => list.map((m) => (m.clientMsgId === frame.clientMsgId && m.pending ? { ...m, failed: true } : m)));
          }
          toast(frame.msg);
        }
      };
      ws.onclose = (e) => {
        if (stopped) return;
        if (e.code === CHAT_CLOSE.forbidden || e.code === CHAT_CLOSE.unauthenticated || e.code === CHAT_CLOSE.expired) {
          setStatus('refused');
          return;
        }
        setStatus('reconnecting');
        timer = setTimeout(connect, BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)]);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket.current?.close();
    };
  }, [agentId, token, add, loadEarlier]);

  const send = useCallback(
    (body: { msgType: 0; content: string } | { msgType: 1; picUrl: string; preview: string }) => {
      if (closedChat.current) {
        toast(M.closed);
        return false;
      }
      const m: ShownMessage = {
        id: Number.MAX_SAFE_INTEGER,
        platId: '',
        chatId: 0,
        cusId: agentId,
        suId: null,
        content: body.msgType === CHAT_MSG_TYPE.text ? body.content : '',
        headImg: '',
        cusType: 0,
        isReply: 0,
        sendType: 0,
        msgType: body.msgType,
        picUrl: body.msgType === CHAT_MSG_TYPE.image ? body.preview : '',
        clientMsgId: newClientId(),
        createDate: '',
        pending: true,
      };
      pending.current.set(m.clientMsgId, body.msgType === CHAT_MSG_TYPE.image ? { ...m, picUrl: body.picUrl } : m);
      add([m]);
      const ws = socket.current;
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(outgoing(pending.current.get(m.clientMsgId)!)));
      return true;
    },
    [add, agentId],
  );

  return { messages, greeting, status, hasMore, noService, send, loadEarlier };
}

function outgoing(m: ShownMessage) {
  return m.msgType === CHAT_MSG_TYPE.image
    ? { type: 'message', clientMsgId: m.clientMsgId, msgType: 1, picUrl: m.picUrl }
    : { type: 'message', clientMsgId: m.clientMsgId, msgType: 0, content: m.content };
}
