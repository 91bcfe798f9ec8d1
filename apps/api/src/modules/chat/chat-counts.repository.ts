import type { Executor } from '../../db/types.js';

/** Open conversations of the platform (the dashboard's chat queue). */
export async function countOpenConversations(db: Executor, platId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plat_id', '=', platId)
    .where('state', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
