import type { Executor, Trx } from '../../db/types.js';

/** The version of each settings area (migration 015), which the settings flow moves by compare-and-set. */
export function readVersions(db: Executor, platId: string) {
  return db.selectFrom('setting_versions').select(['setting_key', 'version']).where('plat_id', '=', platId).execute();
}

/**
 * Moves an area's version from `expected` one up; false when another save moved it first. The row is created at 0 the
 * first time (a conflict-free insert), so the first two saves of an area race on the same conditional update too.
 */
export async function bumpVersion(trx: Trx, platId: string, key: string, expected: number): Promise<boolean> {
  await trx
    .insertInto('setting_versions')
    .values({ plat_id: platId, setting_key: key, version: 0 })
    .onConflict((oc) => oc.columns(['plat_id', 'setting_key']).doNothing())
    .execute();
  const r = await trx
    .updateTable('setting_versions')
    .set({ version: expected + 1 })
    .where('plat_id', '=', platId)
    .where('setting_key', '=', key)
    .where('version', '=', expected)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
