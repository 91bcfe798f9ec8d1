import type { Executor } from '../../db/types.js';

/** Home content of a platform: banners, notices, the point setting. */

export function banners(db: Executor, platId: string, type: number) {
  return db
    .selectFrom('banners')
    .select(['id', 'img_url', 'link_url'])
    .where('plat_id', '=', platId)
    .where('type', '=', type)
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

export function findNotice(db: Executor, platId: string, now: string, id: number) {
  return releasedNotices(db, platId, now).selectAll().where('id', '=', id).executeTakeFirst();
}
export type NoticeRow = NonNullable<Awaited<ReturnType<typeof findNotice>>>;

export function findPointSetting(db: Executor, platId: string) {
  return db.selectFrom('point_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst();
}
