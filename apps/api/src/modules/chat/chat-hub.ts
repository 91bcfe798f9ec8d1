import { CHAT_MESSAGES, type ServerFrame } from '@shop/contract';
import type { ChatBus, ChatEvent } from './chat-bus.js';
import type { ChatService } from './chat.service.js';

export interface AgentConn {
  agentId: number;
  platId: string;
  send(frame: ServerFrame): void;
}
export interface StaffConn {
  staffId: number;
  platId: string;
  send(frame: ServerFrame): void;
}

const HEARTBEAT_MS = 30_000;

/**
 * This process's sockets. Whatever the bus announces (stored here or in another process) is read once and sent to the
 * sockets that may see it: the message's own agent, and the service staff of its platform. Nobody else.
 */
export function createChatHub(chat: ChatService, bus: ChatBus, log: (message: string, err?: unknown) => void) {
  const agents = new Map<number, Set<AgentConn>>();
  const staff = new Map<string, Set<StaffConn>>();
  const add = <K, V>(m: Map<K, Set<V>>, key: K, v: V) => (m.get(key) ?? m.set(key, new Set()).get(key)!).add(v);
  const remove = <K, V>(m: Map<K, Set<V>>, key: K, v: V) => {
    const set = m.get(key);
    set?.delete(v);
    if (set?.size === 0) m.delete(key);
  };
  const staffIds = () => [...staff.values()].flatMap((s) => [...s].map((c) => [c.staffId, c.platId] as const));

  async function deliver(event: ChatEvent) {
    const staffHere = staff.get(event.platId) ?? new Set<StaffConn>();
    const agentHere = agents.get(event.agentId) ?? new Set<AgentConn>();
    if (event.kind === 'closed') {
      for (const c of agentHere) c.send({ event: 'close', chatId: event.chatId, msg: CHAT_MESSAGES.closed });
      for (const c of staffHere) c.send({ event: 'close', chatId: event.chatId, msg: '会话已结束' });
      return;
    }
    if (staffHere.size === 0 && agentHere.size === 0) return;
    const row = await chat.messageById(event.messageId);
    if (!row || row.plat_id !== event.platId || Number(row.agent_id) !== event.agentId) return;
    const head = (await chat.settings(row.plat_id)).headImg;
    for (const c of agentHere) if (c.platId === row.plat_id) c.send({ event: 'message', data: chat.toWire(row, { agentId: c.agentId }, head) });
    for (const c of staffHere) c.send({ event: 'message', data: chat.toWire(row, { staffId: c.staffId }, head) });
  }
  bus.subscribe((event) => {
    deliver(event).catch((err) => log('chat delivery failed', err));
  });

  // Presence: each process refreshes the staff it holds; another process sees them as online within PRESENCE_TTL_MS.
  // The agents' sockets likewise (ADR 0043): a reply while none is open anywhere tells the agent by message.
  const beat = setInterval(() => {
    for (const [id, plat] of staffIds()) chat.touchPresence(id, plat).catch((err) => log('chat presence failed', err));
    for (const [id, set] of agents) {
      const first = [...set][0];
      if (first) chat.touchAgentPresence(id, first.platId, set.size).catch((err) => log('chat presence failed', err));
    }
  }, HEARTBEAT_MS);
  beat.unref();

  return {
    async addAgent(c: AgentConn) {
      add(agents, c.agentId, c);
      await chat.touchAgentPresence(c.agentId, c.platId, agents.get(c.agentId)?.size ?? 0);
    },
    async removeAgent(c: AgentConn) {
      remove(agents, c.agentId, c);
      await chat.touchAgentPresence(c.agentId, c.platId, agents.get(c.agentId)?.size ?? 0);
    },
    async addStaff(c: StaffConn) {
      add(staff, c.platId, c);
      await chat.touchPresence(c.staffId, c.platId);
    },
    async removeStaff(c: StaffConn) {
      remove(staff, c.platId, c);
      if (!staffIds().some(([id]) => id === c.staffId)) await chat.dropPresence(c.staffId);
    },
    async close() {
      clearInterval(beat);
      await bus.close();
      await chat.dropPresence().catch(() => {});
      await chat.dropAgentPresence().catch(() => {});
    },
  };
}
export type ChatHub = ReturnType<typeof createChatHub>;
