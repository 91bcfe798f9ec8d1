import type { Executor } from '../../db/types.js';

/** Agents of the platform registered in [from, to) (ISO UTC): the dashboard's new agents. */
export async function countAgentsCreated(db: Executor, platId: string, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('agents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plat_id', '=', platId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
