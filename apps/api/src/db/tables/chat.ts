import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/chat, whose repositories are their only writers (ADR 0013): chat_settings,
 * chat_conversations, chat_messages, chat_staff_presence, chat_agent_presence.
 */

/** Migration 012 (ADR 0019): customer-service chat. */
export interface ChatSettingTable {
  plat_id: string;
  greetings: Generated<string>;
  head_img: Generated<string>;
}

export interface ChatConversationTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  agent_name: Generated<string>;
  /** 1 open, 0 closed. */
  state: Generated<number>;
  created_at: Timestamp;
  closed_at: Timestamp | null;
  closed_by: number | null;
  /** ADR 0043 (migration 035): when the agent was last told of a reply while away; null once the agent opened the chat. */
  away_notice_at: Generated<Timestamp | null>;
  /** How many such messages this conversation gave (the episode of the event key). */
  away_notices: Generated<number>;
}

export interface ChatMessageTable {
  id: Generated<number>;
  plat_id: string;
  chat_id: number;
  agent_id: number;
  staff_id: number | null;
  /** 'a' the agent, 's<staffId>' a staff member. */
  sender: string;
  client_msg_id: string;
  send_type: Generated<number>;
  msg_type: Generated<number>;
  content: Generated<string>;
  pic_url: Generated<string>;
  is_reply: Generated<number>;
  created_at: Timestamp;
}

export interface ChatStaffPresenceTable {
  instance_id: string;
  staff_id: number;
  plat_id: string;
  seen_at: Timestamp;
}

/** ADR 0043 (migration 035): an agent's open chat sockets in one server process; stale past the presence time. */
export interface ChatAgentPresenceTable {
  instance_id: string;
  agent_id: number;
  plat_id: string;
  sockets: number;
  seen_at: Timestamp;
}
