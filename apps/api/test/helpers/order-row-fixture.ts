import { ORDER_STATE } from '@shop/contract';
import type { TestApp } from './app.js';

/**
 * An order row of the agent in `state`, created (and, unless unpaid, paid) at `at`, with no lines: for the order
 * list's paging and counting, written straight into the table so a test can place orders at any time and state.
 */
export async function insertOrderRow(t: TestApp, agentId: number, state: number, at: string, payDeadline: string | null = null) {
  const row = await t.db.kysely
    .insertInto('orders')
    .values({
      plat_id: t.config.platId, order_code: `S${Math.random().toString(36).slice(2, 12)}`, order_type: 1, pay_type: 4,
      circulation_state: state, pay_state: state === ORDER_STATE.unpaid ? 0 : 1, close_state: 0,
      total_money: 1000, post_money: 0, all_money: 1000, actual_money: 1000, point_balance_money: 0, balance_point: 0,
      prod_all_point: 0, actual_point: 0, gift_point: 0, is_up_send_post: 0, up_agent_id: null, seckill_id: null, is_first_gift: 0,
      order_note: '', create_agent_id: agentId, create_agent_name: '', create_agent_tel: '', create_agent_code: '', apg_id: null,
      apg_code: null, apg_sys_code: null, receiver_name: 'x', receiver_phone: '13800000000', receiver_nation: '中国',
      receiver_province: '', receiver_city: '', receiver_county: '', receive_county_id: '', receiver_post_code: '',
      receiver_address: '', idempotency_key: null, created_at: at, pay_date: state === ORDER_STATE.unpaid ? null : at,
      close_date: null, close_reason: null, send_date: null, receipt_date: null, confirm_reject_reason: null, pay_serial: null,
      pay_deadline: payDeadline,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
