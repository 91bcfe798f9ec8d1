import type { Executor } from '../../db/types.js';

export function countInvited(db: Executor, agentId: number) {
  return db
    .selectFrom('agents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('inviter_id', '=', agentId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}
