import type { Executor } from '../../db/types.js';

/** The material centre (migration 011): the store data, classifications and materials of a platform. */

export function findStore(db: Executor, platId: string) {
  return db.selectFrom('material_stores').selectAll().where('plat_id', '=', platId).executeTakeFirst();
}

export function classifies(db: Executor, platId: string) {
  return db.selectFrom('material_classifies').select(['id', 'classify_name']).where('plat_id', '=', platId).orderBy('sort').orderBy('id').execute();
}

export async function pageMaterials(db: Executor, platId: string, classifyId: number, limit: number, offset: number) {
  const q = db.selectFrom('materials').where('plat_id', '=', platId).where('classify_id', '=', classifyId);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
