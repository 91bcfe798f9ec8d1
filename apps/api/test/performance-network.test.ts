import { describe, expect, it } from 'vitest';
import { selEveryMonthMoney, selPerformanceDetails } from '@shop/contract';
import { ID_CHUNK } from '../src/lib/id-chunks.js';
import { rebuildPerformanceMonths } from '../src/db/migrations/036-performance-rollup.js';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';

const t = useTestApp();
const page = { pageNum: 1, pageSize: 10 };
let made = 0;

/** `count` agents invited by `inviterId`, inserted in batches (a large network, ADR 0041); answers their ids. */
async function invitees(inviterId: number, count: number): Promise<number[]> {
  const grade = await t.db.kysely.selectFrom('grades').select('id').orderBy('grade_level').executeTakeFirstOrThrow();
  const tag = String((process.pid * 7 + Date.now()) % 10000).padStart(4, '0');
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const n = String((made + start + i) % 100000).padStart(5, '0');
      return {
        plat_id: t.config.platId, phone: `16${tag}${n}`, agent_name: `网${n}`, agent_code: `N${tag}${n}`, password_hash: 'x',
        pay_password_hash: null, grade_id: Number(grade.id), agent_type: 1, agent_status: 1, is_need_bond_status: 0, is_active: 1,
        inviter_id: inviterId, head_img_url: '', open_id: null, last_store: 0, lave_income: 0, lave_integral: 0, bond_money: 0, frozen_store: 0,
        created_at: '2026-01-01T00:00:00.000Z',
      };
    });
    const got = await t.db.kysely.insertInto('agents').values(rows).returning('id').execute();
    ids.push(...got.map((r) => Number(r.id)));
  }
  made += count;
  return ids;
}

async function paidOrder(agentId: number, fen: number, paidAt: string) {
  await t.db.kysely
    .insertInto('orders')
    .values({
      plat_id: t.config.platId, order_code: `P${Math.random().toString(36).slice(2, 12)}`, order_type: 1, pay_type: 4,
      circulation_state: 5, pay_state: 1, close_state: 0,
      total_money: fen, post_money: 1000, all_money: fen + 1000, actual_money: fen + 1000, point_balance_money: 0, balance_point: 0,
      prod_all_point: 0, actual_point: 0, gift_point: 0, is_up_send_post: 0, up_agent_id: null, seckill_id: null, is_first_gift: 0,
      order_note: '', create_agent_id: agentId, create_agent_name: '', create_agent_tel: '', create_agent_code: '', apg_id: null,
      apg_code: null, apg_sys_code: null, receiver_name: 'x', receiver_phone: '13800000000', receiver_nation: '中国',
      receiver_province: '', receiver_city: '', receiver_county: '', receive_county_id: '', receiver_post_code: '',
      receiver_address: '', idempotency_key: null, created_at: paidAt, pay_date: paidAt,
      close_date: null, close_reason: null, send_date: null, receipt_date: null, confirm_reject_reason: null, pay_serial: null,
      pay_deadline: null,
    })
    .execute();
  // Rows written directly, not by a payment: the monthly rollup is rebuilt from them as migration 036 does (ADR 0045).
  await rebuildPerformanceMonths(t.db.kysely, t.db.dialect, t.config.platId);
}

describe('performance of a large network (spec 3 §2 /performance, ADR 0041)', () => {
  it('counts every agent of a network larger than one statement binds, per China month at the hour it turns', async () => {
    const top = await newAgent(t, { name: '顶层' });
    const leader = await newAgent(t, { name: '团队长', inviterId: top.id });
    // More agents on one level than one read takes: the level below them and their orders are read in pieces.
    const level = await invitees(leader.id, ID_CHUNK + 7);
    const first = level[0]!;
    const last = level[level.length - 1]!;
    const [below] = await invitees(last, 1);
    // 15:59 UTC on 31 October is still October in China; 16:00 is 1 November.
    await paidOrder(first, 10_000, '2026-10-31T15:59:00.000Z');
    await paidOrder(last, 20_000, '2026-10-31T16:00:00.000Z');
    await paidOrder(below!, 30_000, '2026-11-15T08:00:00.000Z');
    await paidOrder(leader.id, 40_000, '2026-09-30T16:30:00.000Z');

    const r = (await t.call(selEveryMonthMoney, { phonePage: page }, { token: top.token })).body;
    expect(r.errorType).toBe('SUCCESS');
    expect(r.obj.allCountMoney).toBe('1000.00');
    expect(r.objs).toEqual([
      { orderTimeYYmm: '2026-11', payDateYYmm: '2026年11月', allProfitMoney: '500.00' },
      { orderTimeYYmm: '2026-10', payDateYYmm: '2026年10月', allProfitMoney: '500.00' },
    ]);
    // The month's detail lists the same orders as the month's sum.
    const nov = (await t.call(selPerformanceDetails, { orderTimeYYmm: '2026-11', phonePage: page }, { token: top.token })).body;
    expect(nov.obj.allProfitMoney).toBe('500.00');
    expect(nov.objs.map((d: any) => d.perforMoney).sort()).toEqual(['200.00', '300.00']);
  }, 60_000);
});
