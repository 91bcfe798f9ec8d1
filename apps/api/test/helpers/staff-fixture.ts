import { saveOrderInfo, staffLogin, type Operation } from '@shop/contract';
import type { Reply, TestApp } from './app.js';
import { withIdempotencyKey } from './idempotency-key.js';
import { addAddress, addProduct } from './shop-fixture.js';

/** A staff call: header `staffToken` (or, to prove it is refused, an agent's `accessToken`). */
export async function staffCall<Obj = any>(
  t: TestApp,
  op: Operation | string,
  payload: unknown,
  headers: { staffToken?: string; accessToken?: string } = {},
): Promise<Reply<Obj>> {
  const res = await t.app.inject({
    method: 'POST',
    url: typeof op === 'string' ? op : op.path,
    remoteAddress: t.ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ platId: t.config.platId, in: JSON.stringify(withIdempotencyKey(op, payload)) }).toString(),
  });
  let body: any = null;
  try {
    body = JSON.parse(res.body);
  } catch {
    // not JSON
  }
  return { status: res.statusCode, headers: res.headers, text: res.body, body } as Reply<Obj>;
}

export const STAFF_PASSWORD = 'staff1234';

/** Logs a demo staff member in (admin, caiwu = finance, cangku = warehouse) and answers the staffToken. */
export async function staffLoginAs(t: TestApp, username: 'admin' | 'caiwu' | 'cangku'): Promise<string> {
  const reply = await staffCall(t, staffLogin, { username, password: STAFF_PASSWORD });
  if (reply.body?.errorType !== 'SUCCESS') throw new Error(`staff login ${username} failed: ${reply.status} ${reply.text}`);
  return reply.body.staffToken as string;
}

/**
 * A fresh order of the demo agent 13800000001 (goods fund 50000.00) through saveOrderInfo, then put directly into
 * `state` (the steps between belong to other modules), optionally with a pending offline receipt record.
 */
export async function orderInState(
  t: TestApp,
  state: number,
  opts: { phone?: string; receipt?: boolean; patch?: Record<string, unknown> } = {},
) {
  const { token, user } = await t.login(opts.phone ?? '13800000001', 'demo1234');
  const addressId = await addAddress(t, token);
  const p = await addProduct(t, { stock: 100, finalPrice: 10_000 });
  const reply = await t.call(
    saveOrderInfo,
    { orderType: 1, payType: 1, addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }] },
    { token },
  );
  if (reply.body.errorType !== 'SUCCESS') throw new Error(`order: ${reply.text}`);
  const orderId = Number(reply.body.obj.id);
  const k = t.db.kysely;
  await k
    .updateTable('orders')
    .set({ circulation_state: state, ...(state === 2 ? { confirm_pay_state: 1, pay_type: 4 } : {}), ...opts.patch })
    .where('id', '=', orderId)
    .execute();
  if (opts.receipt) {
    const o = await k.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    await k
      .insertInto('receipt_records')
      .values({
        plat_id: o.plat_id,
        order_id: orderId,
        agent_id: o.create_agent_id,
        pay_money: o.actual_money,
        post_money: o.post_money,
        receive_bank_name: '中国工商银行',
        receive_account_name: '健康优选（深圳）有限公司',
        receive_account_number: '4000023409200156789',
        remit_account_name: '张明',
        remit_account_number: '6222020000000000',
        voucher_img_url: '/api/common/upload/00000000-0000-4000-8000-000000000000.jpg',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
  }
  return { token, agentId: user.agentId, orderId, orderCode: reply.body.obj.orderCode as string };
}
