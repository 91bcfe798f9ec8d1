import type { Executor } from '../../db/types.js';

/** The agent's own WeChat payment by out_trade_no; another agent's answers undefined. */
export function findPaymentForAgent(db: Executor, agentId: number, outTradeNo: string) {
  return db
    .selectFrom('wechat_payments')
    .select(['id', 'subject_id', 'out_trade_no', 'amount', 'state', 'expires_at'])
    .where('subject_kind', '=', 'order')
    .where('out_trade_no', '=', outTradeNo)
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
}

/** The agent's own WeChat payment of any subject (order, top-up, upgrade, deposit): the sandbox pay sheet pays them all. */
export function findOwnPayment(db: Executor, agentId: number, outTradeNo: string) {
  return db
    .selectFrom('wechat_payments')
    .select(['id', 'subject_id', 'out_trade_no', 'amount', 'state', 'expires_at'])
    .where('out_trade_no', '=', outTradeNo)
    .where('agent_id', '=', agentId)
    // A consumer's VD payment names the store's agent, but only its consumer pays it (ADR 0038).
    .where('subject_kind', '!=', 'store_order')
    .executeTakeFirst();
}

/** A store consumer's own VD payment (ADR 0038): the sandbox pay sheet of the consumer store. */
export function findConsumerPayment(db: Executor, consumerId: number, outTradeNo: string) {
  return db
    .selectFrom('wechat_payments as p')
    .innerJoin('store_orders as o', 'o.id', 'p.subject_id')
    .select(['p.id', 'p.subject_id', 'p.out_trade_no', 'p.amount', 'p.state', 'p.expires_at'])
    .where('p.subject_kind', '=', 'store_order')
    .where('p.out_trade_no', '=', outTradeNo)
    .where('o.consumer_id', '=', consumerId)
    .executeTakeFirst();
}

/** The agent's order by a payment serial number: a WeChat out_trade_no, or the order code itself. */
export async function findOrderBySerial(db: Executor, agentId: number, serial: string) {
  const payment = await findPaymentForAgent(db, agentId, serial);
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('create_agent_id', '=', agentId)
    .$call((q) => (payment ? q.where('id', '=', payment.subject_id) : q.where('order_code', '=', serial)))
    .executeTakeFirst();
  return order ? { order, payment: payment ?? null } : null;
}
