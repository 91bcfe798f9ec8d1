import type { Insertable } from 'kysely';
import type { SettingProposalTable } from '../../db/schema.js';
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

/** Two-key proposals (ADR 0032). */
export async function insertProposal(db: Executor, row: Insertable<SettingProposalTable>): Promise<number> {
  const { id } = await db.insertInto('setting_proposals').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export function findProposal(db: Executor, platId: string, id: number) {
  return db.selectFrom('setting_proposals').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

/** Compare-and-set: a pending proposal is decided once. */
export async function decideProposal(db: Executor, id: number, to: 1 | 2, patch: { decided_by_id: number; decided_by_name: string; reason: string; decided_at: string }) {
  const res = await db.updateTable('setting_proposals').set({ ...patch, state: to }).where('id', '=', id).where('state', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function listProposals(db: Executor, platId: string, state: number | undefined, limit: number) {
  let q = db.selectFrom('setting_proposals').selectAll().where('plat_id', '=', platId);
  if (state !== undefined) q = q.where('state', '=', state);
  return q.orderBy('id', 'desc').limit(limit).execute();
}
