import type { Executor, Trx } from '../../db/types.js';

/** Code batches and the codes they made (migration 017); the codes live in trace_codes / review_codes (011). */

export interface NewBatch {
  plat_id: string;
  code_type: number;
  single_prod_id: number;
  count: number;
  staff_id: number;
  staff_name: string;
  created_at: string;
}

export async function insertBatch(trx: Trx, b: NewBatch): Promise<number> {
  const row = await trx.insertInto('code_batches').values(b).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Rows per INSERT: 6 values each stays far below SQLite's 32766 and PostgreSQL's 65535 parameters. */
const CHUNK = 1000;

/**
 * Inserts the codes of a batch; a code that already exists (anywhere on the platform) is skipped by the unique index,
 * not an error, so the caller counts what went in and makes up the difference with new codes.
 */
export async function insertCodes(trx: Trx, b: { id: number; platId: string; codeType: number; singleProdId: number; at: string }, codes: string[]): Promise<void> {
  for (let i = 0; i < codes.length; i += CHUNK) {
    const part = codes.slice(i, i + CHUNK);
    if (b.codeType === 1) {
      await trx
        .insertInto('trace_codes')
        .values(part.map((c) => ({ plat_id: b.platId, trace_code: c, single_prod_id: b.singleProdId, batch_id: b.id, created_at: b.at })))
        .onConflict((oc) => oc.columns(['plat_id', 'trace_code']).doNothing())
        .execute();
    } else {
      await trx
        .insertInto('review_codes')
        .values(part.map((c) => ({ plat_id: b.platId, review_code: c, single_prod_id: b.singleProdId, batch_id: b.id, created_at: b.at })))
        .onConflict((oc) => oc.columns(['plat_id', 'review_code']).doNothing())
        .execute();
    }
  }
}

export async function countCodes(db: Executor, codeType: number, batchId: number): Promise<number> {
  const table = codeType === 1 ? 'trace_codes' : 'review_codes';
  const row = await db.selectFrom(table).select((e) => e.fn.countAll<number>().as('n')).where('batch_id', '=', batchId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The batch's codes in the order they were made; `offset` / `limit` select a range of positions. */
export async function codesOf(db: Executor, codeType: number, batchId: number, limit: number, offset = 0): Promise<string[]> {
  if (codeType === 1) {
    const rows = await db.selectFrom('trace_codes').select('trace_code').where('batch_id', '=', batchId).orderBy('id').limit(limit).offset(offset).execute();
    return rows.map((r) => r.trace_code);
  }
  const rows = await db.selectFrom('review_codes').select('review_code').where('batch_id', '=', batchId).orderBy('id').limit(limit).offset(offset).execute();
  return rows.map((r) => r.review_code);
}

export function findBatch(db: Executor, platId: string, id: number) {
  return db.selectFrom('code_batches').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

export async function listBatches(db: Executor, platId: string, codeType: number | undefined, limit: number, offset: number) {
  let q = db.selectFrom('code_batches').where('plat_id', '=', platId);
  if (codeType) q = q.where('code_type', '=', codeType);
  const total = await q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total: Number(total.n) };
}

/** Trace codes of these batches already owned by an agent, by batch. */
export async function assignedCounts(db: Executor, batchIds: readonly number[]): Promise<Map<number, number>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('trace_codes')
    .select(['batch_id', (e) => e.fn.countAll<number>().as('n')])
    .where('batch_id', 'in', batchIds)
    .where('agent_type', '<>', 0)
    .groupBy('batch_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.batch_id), Number(r.n)]));
}

/** The trace codes of the list that exist on the platform, with their owning agent (null: headquarters holds it). */
export async function traceOwners(db: Executor, platId: string, codes: readonly string[]): Promise<Map<string, number | null>> {
  const found = new Map<string, number | null>();
  for (let i = 0; i < codes.length; i += CHUNK) {
    const rows = await db
      .selectFrom('trace_codes')
      .select(['trace_code', 'agent_type', 'agent_id'])
      .where('plat_id', '=', platId)
      .where('trace_code', 'in', codes.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) found.set(r.trace_code, r.agent_type !== 0 && r.agent_id ? Number(r.agent_id) : null);
  }
  return found;
}

/**
 * Makes the codes the agent's (held by an agent, no member named), only those headquarters still holds (compare-and-set:
 * of two staff assigning the same code at once, one wins); answers how many rows changed.
 */
export async function assignTrace(trx: Trx, platId: string, agentId: number, codes: readonly string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < codes.length; i += CHUNK) {
    const r = await trx
      .updateTable('trace_codes')
      .set({ agent_type: 1, agent_id: agentId, ascription_type: 0, cus_name: '', cus_phone: '', cus_grade_name: '' })
      .where('plat_id', '=', platId)
      .where('agent_type', '=', 0)
      .where('trace_code', 'in', codes.slice(i, i + CHUNK))
      .executeTakeFirst();
    n += Number(r.numUpdatedRows);
  }
  return n;
}
