import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { TransferTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export type TransferRow = Selectable<TransferTable>;

export async function insertTransfer(trx: Trx, row: Omit<Insertable<TransferTable>, 'transfer_code'>): Promise<TransferRow> {
  const { id } = await trx
    .insertInto('transfers')
    // A unique placeholder of exactly 40 characters, the column's width (PostgreSQL refuses longer text).
    .values({ ...row, transfer_code: `tmp-${randomUUID()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('transfers').set({ transfer_code: `ZZ${String(id).padStart(10, '0')}` }).where('id', '=', Number(id)).execute();
  return trx.selectFrom('transfers').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
}

export function findByKey(db: Executor, agentId: number, key: string) {
  return db.selectFrom('transfers').selectAll().where('from_agent_id', '=', agentId).where('idempotency_key', '=', key).executeTakeFirst();
}
