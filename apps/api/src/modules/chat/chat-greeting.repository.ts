import type { Executor } from '../../db/types.js';

/** The platform's chat greeting (chat_settings.greetings), as the staff console reads and writes it. */
export async function findGreeting(db: Executor, platId: string): Promise<string | null> {
  const row = await db.selectFrom('chat_settings').select('greetings').where('plat_id', '=', platId).executeTakeFirst();
  return row ? row.greetings : null;
}

export async function saveGreeting(db: Executor, platId: string, greetings: string) {
  await db
    .insertInto('chat_settings')
    .values({ plat_id: platId, greetings })
    .onConflict((oc) => oc.column('plat_id').doUpdateSet({ greetings }))
    .execute();
}
