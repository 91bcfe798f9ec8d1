import { describe, expect, it } from 'vitest';
import { selectAnnouncements, sendAnnouncement } from '@shop/contract';
import { ANNOUNCEMENT_BATCH, ANNOUNCEMENT_LEASE_MS } from '../src/modules/notification/announcement-fanout.js';
import { fanOutAnnouncements } from '../src/modules/notification/notification.queries.js';
import { sendAnnouncements } from '../src/jobs/send-announcements.js';
import { useTestApp } from './helpers/app.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { depsOf } from './helpers/wechatpay-fixture.js';

/**
 * ADR 0043: an announcement is one row; its messages are written by the job in batches (1,000 agents per transaction),
 * resumable after the last agent written, each agent once by `announcement:<id>:<agentId>`; the console lists 已发送 N / M.
 */
const t = useTestApp();
let seq = 0;

/** A grade of its own with `n` agents (more than one batch), and the ids of those agents. */
async function gradeWithAgents(n: number) {
  const k = t.db.kysely;
  seq += 1;
  const grade = await k
    .insertInto('grades')
    .values({ plat_id: t.config.platId, grade_name: `公告测试${seq}`, grade_level: 90 + seq, first_recharge_money: 0, bond_money: 0, created_at: t.clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const model = await k.selectFrom('agents').selectAll().where('phone', '=', '13800000002').executeTakeFirstOrThrow();
  for (let from = 0; from < n; from += 200) {
    const rows = Array.from({ length: Math.min(200, n - from) }, (_, i) => {
      const phone = `166${String(seq).padStart(2, '0')}${String(from + i).padStart(6, '0')}`;
      return { ...model, id: undefined, phone, agent_code: `G${phone}`, agent_name: `公告${from + i}`, grade_id: Number(grade.id), open_id: null };
    });
    await k.insertInto('agents').values(rows).execute();
  }
  const ids = await k.selectFrom('agents').select('id').where('grade_id', '=', Number(grade.id)).execute();
  return { gradeId: Number(grade.id), agentIds: ids.map((r) => Number(r.id)) };
}

/** Messages of announcement `id` per agent. */
async function deliveries(id: number) {
  const rows = await t.db.kysely.selectFrom('notifications').select(['agent_id', 'event_key']).where('event_key', 'like', `announcement:${id}:%`).execute();
  const per = new Map<number, number>();
  for (const r of rows) per.set(Number(r.agent_id), (per.get(Number(r.agent_id)) ?? 0) + 1);
  return { rows, per };
}

describe('announcements in batches (ADR 0043)', () => {
  it('a crash mid-fan-out (one batch, then the job again) delivers each agent of the grade exactly once; progress 已发送 N / M', async () => {
    const { gradeId, agentIds } = await gradeWithAgents(ANNOUNCEMENT_BATCH + 5);
    const outside = await t.db.kysely.selectFrom('agents').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
    const operator = await staffLoginAs(t, 'admin');
    const sent = await staffCall(t, sendAnnouncement, { title: '五一发货安排', body: '5月1日至3日暂停发货', gradeId }, { staffToken: operator });
    expect(sent.body.errorType, sent.text).toBe('SUCCESS');
    expect(sent.body.obj.count).toBe(agentIds.length);
    const id = Number(sent.body.obj.id);
    const progress = async () => (await staffCall(t, selectAnnouncements, {}, { staffToken: operator })).body.objs.find((a: { id: number }) => a.id === id);
    // More agents than one batch: the send answers at once and the job writes the messages.
    expect(await progress()).toMatchObject({ title: '五一发货安排', scopeText: expect.stringContaining('公告测试'), total: agentIds.length, sent: 0, state: 'sending', stateText: '发送中' });

    // One batch of 400, then the process "dies" holding the lease.
    expect(await fanOutAnnouncements(depsOf(t), t.clock.now(), { batchSize: 400, maxBatches: 1 })).toEqual({ batches: 1, written: 400 });
    expect(await progress()).toMatchObject({ sent: 400, state: 'sending' });
    // While the lease is alive, another run leaves it alone.
    expect(await sendAnnouncements(depsOf(t), t.clock.now())).toEqual({ batches: 0, written: 0 });
    expect((await deliveries(id)).rows).toHaveLength(400);

    t.clock.advance(ANNOUNCEMENT_LEASE_MS + 1000);
    // Two processes run the job at once: one takes the lease, the other does nothing.
    await Promise.all([sendAnnouncements(depsOf(t), t.clock.now()), sendAnnouncements(depsOf(t), t.clock.now())]);
    await sendAnnouncements(depsOf(t), t.clock.now());

    const { rows, per } = await deliveries(id);
    expect(rows).toHaveLength(agentIds.length);
    expect(agentIds.every((a) => per.get(a) === 1)).toBe(true);
    expect(per.has(Number(outside.id))).toBe(false);
    expect(await progress()).toMatchObject({ sent: agentIds.length, total: agentIds.length, state: 'done', stateText: '已完成' });
    expect((await progress()).finishDate).not.toBe('');
  });

  it('the next run resumes after the last committed batch; a message already written for an agent is not doubled', async () => {
    const { gradeId, agentIds } = await gradeWithAgents(ANNOUNCEMENT_BATCH + 3);
    const admin = await staffLoginAs(t, 'admin');
    const sent = await staffCall(t, sendAnnouncement, { title: '系统维护', body: '今晚22点维护', gradeId }, { staffToken: admin });
    const id = Number(sent.body.obj.id);
    // A message already there for one agent of the second batch (a replay): its insert is ignored, not doubled.
    const third = agentIds[600]!;
    expect(await fanOutAnnouncements(depsOf(t), t.clock.now(), { only: id, batchSize: 500, maxBatches: 1 })).toMatchObject({ written: 500 });
    await t.db.kysely
      .insertInto('notifications')
      .values({ plat_id: t.config.platId, agent_id: third, event_key: `announcement:${id}:${third}`, kind: 'announcement', title: '系统维护', body: '今晚22点维护', link: '/messages?group=notice', created_at: t.clock.now().toISOString() })
      .execute();
    t.clock.advance(ANNOUNCEMENT_LEASE_MS + 1000);
    await sendAnnouncements(depsOf(t), t.clock.now());
    const { rows, per } = await deliveries(id);
    expect(rows).toHaveLength(agentIds.length);
    expect(agentIds.every((a) => per.get(a) === 1)).toBe(true);
  });

  it('a small reach is written before the answer; operators see the list, finance does not', async () => {
    const { gradeId, agentIds } = await gradeWithAgents(3);
    const admin = await staffLoginAs(t, 'admin');
    const sent = await staffCall(t, sendAnnouncement, { title: '新品上架', body: '本周新品', gradeId }, { staffToken: admin });
    const { per } = await deliveries(Number(sent.body.obj.id));
    expect(agentIds.every((a) => per.get(a) === 1)).toBe(true);
    const list = await staffCall(t, selectAnnouncements, {}, { staffToken: admin });
    expect(list.body.objs[0]).toMatchObject({ title: '新品上架', sent: 3, total: 3, state: 'done' });
    expect((await staffCall(t, selectAnnouncements, {}, { staffToken: await staffLoginAs(t, 'caiwu') })).body.errorType).toBe('FORBIDDEN');
  });
});
