import type { Executor } from '../../db/types.js';

/** Materials and their classifications as the staff console reads and writes them (ADR 0022). */

export function classifiesWithCounts(db: Executor, platId: string) {
  return db
    .selectFrom('material_classifies as c')
    .leftJoin('materials as m', 'm.classify_id', 'c.id')
    .select(['c.id', 'c.classify_name', 'c.sort', (eb) => eb.fn.count<number>('m.id').as('n')])
    .where('c.plat_id', '=', platId)
    .groupBy(['c.id', 'c.classify_name', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}

export function findClassify(db: Executor, platId: string, id: number) {
  return db.selectFrom('material_classifies').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

export async function insertClassify(db: Executor, platId: string, v: { classify_name: string; sort: number }): Promise<number> {
  const row = await db.insertInto('material_classifies').values({ plat_id: platId, ...v }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateClassify(db: Executor, platId: string, id: number, v: { classify_name: string; sort: number }) {
  await db.updateTable('material_classifies').set(v).where('plat_id', '=', platId).where('id', '=', id).execute();
}

export async function pageMaterialsAdmin(db: Executor, platId: string, classifyId: number | null, limit: number, offset: number) {
  let q = db.selectFrom('materials as m').innerJoin('material_classifies as c', 'c.id', 'm.classify_id').where('m.plat_id', '=', platId);
  if (classifyId) q = q.where('m.classify_id', '=', classifyId);
  const [rows, count] = await Promise.all([
    q.selectAll('m').select('c.classify_name').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findMaterial(db: Executor, platId: string, id: number) {
  return db.selectFrom('materials').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

type MaterialValues = { classify_id: number; material_type: number; material_content: string; file_urls: string; video_picture_url: string };

export async function insertMaterial(db: Executor, platId: string, at: string, v: MaterialValues): Promise<number> {
  const row = await db.insertInto('materials').values({ plat_id: platId, created_at: at, ...v }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateMaterial(db: Executor, platId: string, id: number, v: MaterialValues) {
  await db.updateTable('materials').set(v).where('plat_id', '=', platId).where('id', '=', id).execute();
}
