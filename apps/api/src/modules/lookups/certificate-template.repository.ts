import type { Executor, Trx } from '../../db/types.js';

/** The platform's certificate template (migration 017): at most one row per platform. */
export function findTemplate(db: Executor, platId: string) {
  return db.selectFrom('certificate_templates').selectAll().where('plat_id', '=', platId).executeTakeFirst();
}

export async function upsertTemplate(trx: Trx, row: { plat_id: string; background_key: string; fields: string; updated_by: number; updated_at: string }): Promise<void> {
  await trx
    .insertInto('certificate_templates')
    .values(row)
    .onConflict((oc) => oc.column('plat_id').doUpdateSet({ background_key: row.background_key, fields: row.fields, updated_by: row.updated_by, updated_at: row.updated_at }))
    .execute();
}
