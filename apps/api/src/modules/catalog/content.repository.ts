import type { Executor } from '../../db/types.js';

/** Home content of a platform: banners, notices, the point setting. */

/** Enabled banners inside their window (an empty start or end is open), in the staff's order. */
export function banners(db: Executor, platId: string, type: number, now: string) {
  return db
    .selectFrom('banners')
    .select(['id', 'img_url', 'link_url'])
    .where('plat_id', '=', platId)
    .where('type', '=', type)
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Released notices (a timed notice shows from its release date), newest first. */
function releasedNotices(db: Executor, platId: string, now: string) {
  return db.selectFrom('notices').where('plat_id', '=', platId).where('release_date', '<=', now);
}

export function latestNotices(db: Executor, platId: string, now: string, limit: number) {
  return releasedNotices(db, platId, now).selectAll().orderBy('release_date', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A page of released notices whose name contains `name` (the /information search, ADR 0018), with the count. */
export async function pageNotices(db: Executor, platId: string, now: string, name: string, limit: number, offset: number) {
  let q = releasedNotices(db, platId, now);
  // Wildcards typed by the user are dropped: both databases then read the pattern alike (no ESCAPE clause needed).
  const text = name.replace(/[\\%_]/g, '');
  if (text) q = q.where('notice_name', 'like', `%${text}%`);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('release_date', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findNotice(db: Executor, platId: string, now: string, id: number) {
  return releasedNotices(db, platId, now).selectAll().where('id', '=', id).executeTakeFirst();
}
export type NoticeRow = NonNullable<Awaited<ReturnType<typeof findNotice>>>;

/** The point setting with its sign-in part (spec 3 §3 Point settings; sign_settings may have no row yet). */
export function findPointSetting(db: Executor, platId: string) {
  return db
    .selectFrom('point_settings as p')
    .leftJoin('sign_settings as s', 's.plat_id', 'p.plat_id')
    .select([
      'p.point_change',
      'p.state',
      'p.sign_state',
      'p.charge_money',
      'p.charge_get_point',
      's.is_continuity_sign',
      's.continuity_num',
      's.fixed_integral',
      's.continuity_integral',
      's.bg_image',
    ])
    .where('p.plat_id', '=', platId)
    .executeTakeFirst();
}
