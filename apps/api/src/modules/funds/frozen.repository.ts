import type { Insertable, Selectable } from 'kysely';
import type { FrozenRecordTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export type FrozenRow = Selectable<FrozenRecordTable>;

/** The records still frozen, soonest release first. */
export function frozenOf(db: Executor, agentId: number) {
  return db
    .selectFrom('frozen_records')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('frozen_state', '=', 0)
    .orderBy('release_at')
    .orderBy('id')
    .execute();
}

export async function insertFrozen(trx: Trx, row: Insertable<FrozenRecordTable>): Promise<number> {
  const r = await trx.insertInto('frozen_records').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Compare-and-set frozen → thawed: true for the one caller that thaws it. */
export async function markThawed(trx: Trx, id: number, at: string): Promise<boolean> {
  const r = await trx
    .updateTable('frozen_records')
    .set({ frozen_state: 1, thawed_at: at })
    .where('id', '=', id)
    .where('frozen_state', '=', 0)
    .where('release_at', '<=', at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
