import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';

/** The greeting the chat page shows first (sayHello, from selImChatBaseSet). */
export const DEMO_CHAT_SETTING = { greetings: '您好，欢迎咨询在线客服，请问有什么可以帮您？', headImg: '' };

/** The demo customer-service member (README): answers the agents' chat through the staff socket. */
export const DEMO_SERVICE_STAFF = { username: 'kefu', display_name: '在线客服', role: 'service', password: 'staff1234' };

/** Demo data of the chat (ADR 0019); `hashes` maps each staff password to its hash, made before the transaction. */
export async function seedChat(trx: Transaction<Database>, platId: string, hashes: ReadonlyMap<string, string>, now: string) {
  await trx.insertInto('chat_settings').values({ plat_id: platId, greetings: DEMO_CHAT_SETTING.greetings, head_img: DEMO_CHAT_SETTING.headImg }).execute();
  const hash = hashes.get(DEMO_SERVICE_STAFF.password);
  if (!hash) throw new Error('seedChat: no hash for the service staff password');
  const { password: _password, ...staff } = DEMO_SERVICE_STAFF;
  await trx.insertInto('staff').values({ plat_id: platId, ...staff, password_hash: hash, created_at: now }).execute();
}
