import { sql } from 'kysely';
import { POINTS_CHANGE } from '@shop/contract';
import type { Executor, Trx } from '../../db/types.js';

/** The sign-in settings with the on/off switch of the point setting (point_settings.sign_state, read only here). */
export function findSignSetting(db: Executor, platId: string) {
  return db
    .selectFrom('point_settings as p')
    .leftJoin('sign_settings as s', 's.plat_id', 'p.plat_id')
    .select([
      'p.state',
      'p.sign_state',
      's.is_continuity_sign',
      's.continuity_num',
      's.fixed_integral',
      's.continuity_integral',
      's.bg_image',
    ])
    .where('p.plat_id', '=', platId)
    .executeTakeFirst();
}

export function lastSign(db: Executor, agentId: number) {
  return db
    .selectFrom('point_signs')
    .select(['sign_date', 'streak_day'])
    .where('agent_id', '=', agentId)
    .orderBy('sign_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Fails on the (agent_id, sign_date) unique index when the day is already signed. */
export async function insertSign(
  trx: Trx,
  row: { plat_id: string; agent_id: number; sign_date: string; streak_day: number; points: number; bonus: number; created_at: string },
) {
  await trx.insertInto('point_signs').values(row).execute();
}

export async function laveIntegral(db: Executor, agentId: number): Promise<number> {
  const row = await db.selectFrom('agents').select('lave_integral').where('id', '=', agentId).executeTakeFirstOrThrow();
  return Number(row.lave_integral);
}

/** The agent's points records (ledger account 'integral'), newest first. */
export async function pointRecords(db: Executor, agentId: number, offset: number, limit: number) {
  const base = db.selectFrom('account_changes').where('agent_id', '=', agentId).where('account', '=', 'integral');
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'change_state', 'amount', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { total: Number(n), rows };
}

// Points spent: exchanges and offsets take (negative amounts), give-backs of closed or cancelled orders return them.
const SPENT = [POINTS_CHANGE.exchange, POINTS_CHANGE.offset, POINTS_CHANGE.orderClosedRefund, POINTS_CHANGE.orderCancelledRefund];

/** Agents of the platform by points spent (all time, or since `monthStart`), highest first. */
export async function spentRanking(db: Executor, platId: string, by: 'history' | 'month', monthStart: string, limit: number) {
  const month = sql<number>`coalesce(sum(case when c.created_at >= ${monthStart} then -c.amount else 0 end), 0)`;
  const history = sql<number>`coalesce(sum(-c.amount), 0)`;
  const rows = await db
    .selectFrom('account_changes as c')
    .innerJoin('agents as a', 'a.id', 'c.agent_id')
    .innerJoin('grades as g', 'g.id', 'a.grade_id')
    .select(['a.id', 'a.agent_name', 'a.head_img_url', 'g.grade_name', history.as('point_count'), month.as('month_point_count')])
    .where('c.plat_id', '=', platId)
    .where('c.account', '=', 'integral')
    .where('c.change_state', 'in', SPENT)
    .where('a.is_active', '=', 1)
    .groupBy(['a.id', 'a.agent_name', 'a.head_img_url', 'g.grade_name'])
    .having(by === 'month' ? month : history, '>', 0)
    .orderBy(by === 'month' ? month : history, 'desc')
    .orderBy(by === 'month' ? history : month, 'desc')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, point_count: Number(r.point_count), month_point_count: Number(r.month_point_count) }));
}
