import { describe, expect, it } from 'vitest';
import {
  NOTIFY_KINDS,
  adjustAgentBalance,
  payBondManage,
  reviewBondPayment,
  reviewOfflinePayment,
  reviewRecharge,
  saveNotifyTemplates,
  selectNotifyTemplates,
  shipOrder,
  submitApplicationsForPersonal,
} from '@shop/contract';
import { closeExpiredOrders } from '../src/jobs/close-expired-orders.js';
import { sendNotifications } from '../src/jobs/send-notifications.js';
import type { LocalTemplateProvider } from '../src/providers/wechat-template/local-template.js';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { orderInState, staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { depsOf, wechatOf } from './helpers/wechatpay-fixture.js';

const t = useTestApp();

/** Every kind has a template, so each event's outbox row is sent by the local provider (ADR 0037). */
async function templatesForAll() {
  // The demo agent whose orders these tests use has bound WeChat (at the silent OAuth); without it only in-app is kept.
  await t.db.kysely.updateTable('agents').set({ open_id: 'o_demo_13800000001' }).where('phone', '=', '13800000001').where('open_id', 'is', null).execute();
  const admin = await staffLoginAs(t, 'admin');
  const current = await staffCall(t, selectNotifyTemplates, {}, { staffToken: admin });
  if (current.body.objs.every((x: { templateId: string }) => x.templateId)) return;
  const templates = NOTIFY_KINDS.filter((k) => k !== 'announcement').map((kind) => ({ kind, templateId: `TPL_${kind}`, fields: [{ key: 'first', source: 'title' }, { key: 'remark', source: 'body' }] }));
  expect((await staffCall(t, saveNotifyTemplates, { version: current.body.obj.version, templates }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
}

/**
 * The event `key` gave exactly one in-app message and, after two job runs at once (and one more), exactly one
 * template message; answers the message.
 */
async function toldOnce(key: string) {
  const messages = await t.db.kysely.selectFrom('notifications').selectAll().where('event_key', '=', key).execute();
  expect(messages, key).toHaveLength(1);
  await Promise.all([sendNotifications(depsOf(t), t.clock.now()), sendNotifications(depsOf(t), t.clock.now())]);
  await sendNotifications(depsOf(t), t.clock.now());
  expect((t.providers.wechatTemplate as LocalTemplateProvider).of(key), key).toHaveLength(1);
  return messages[0]!;
}

describe('each decision tells the agent once, in-app and by WeChat (ADR 0037)', () => {
  it('an order shipped names the carrier and waybill and opens the order', async () => {
    await templatesForAll();
    const o = await orderInState(t, 3);
    const warehouse = await staffLoginAs(t, 'cangku');
    const ship = { orderId: o.orderId, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: `6386${o.orderId}` }] };
    expect((await staffCall(t, shipOrder, ship, { staffToken: warehouse })).body.errorType).toBe('SUCCESS');
    const m = await toldOnce(`order:${o.orderId}:shipped:ZTO:6386${o.orderId}`);
    expect(m).toMatchObject({ kind: 'orderShipped', title: '订单已发货', link: `/ordersDetail?id=${o.orderId}`, agent_id: o.agentId });
    expect(m.body).toContain(`中通快递 6386${o.orderId}`);
  });

  it('an offline payment approved, and one rejected with its reason', async () => {
    await templatesForAll();
    const finance = await staffLoginAs(t, 'caiwu');
    const ok = await orderInState(t, 2, { receipt: true });
    const bad = await orderInState(t, 2, { receipt: true });
    // Two clerks at once on each: one decision, one message.
    await Promise.all([1, 2].map(() => staffCall(t, reviewOfflinePayment, { orderId: ok.orderId, approve: true }, { staffToken: finance })));
    await Promise.all([1, 2].map(() => staffCall(t, reviewOfflinePayment, { orderId: bad.orderId, approve: false, reason: '凭证不清晰' }, { staffToken: finance })));
    const receipt = async (orderId: number) => (await t.db.kysely.selectFrom('receipt_records').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow()).id;
    expect(await toldOnce(`offline-payment:${await receipt(ok.orderId)}:approved`)).toMatchObject({ title: '线下支付已确认' });
    const rejected = await toldOnce(`offline-payment:${await receipt(bad.orderId)}:rejected`);
    expect(rejected.body).toContain('凭证不清晰');
  });

  it('an unpaid order closed by the job when its window ran out (not one the agent closed)', async () => {
    await templatesForAll();
    const o = await orderInState(t, 1, { patch: { pay_deadline: new Date(t.clock.now().getTime() - 1000).toISOString() } });
    await Promise.all([closeExpiredOrders(depsOf(t), t.clock.now(), wechatOf(t)), closeExpiredOrders(depsOf(t), t.clock.now(), wechatOf(t))]);
    expect(await toldOnce(`order:${o.orderId}:auto-closed`)).toMatchObject({ kind: 'orderClosed', title: '订单已自动关闭' });
  });

  it('a staff balance adjustment says the amount and the reason', async () => {
    await templatesForAll();
    const a = await freshAgent(t, { status: 1 });
    const finance = await staffLoginAs(t, 'caiwu');
    const body = { agentId: a.agentId, account: 'store', amount: '500', reason: '活动补贴', idempotencyKey: `adj-${a.agentId}` };
    // A retry of the same request (same key) is one adjustment and one message.
    await Promise.all([staffCall(t, adjustAgentBalance, body, { staffToken: finance }), staffCall(t, adjustAgentBalance, body, { staffToken: finance })]);
    const staffId = (await t.db.kysely.selectFrom('staff').select('id').where('username', '=', 'caiwu').executeTakeFirstOrThrow()).id;
    const m = await toldOnce(`adjustment:${staffId}:adj-${a.agentId}`);
    expect(m).toMatchObject({ kind: 'adjustment', title: '货款余额已增加', link: '/income' });
    expect(m.body).toContain('500.00元');
    expect(m.body).toContain('活动补贴');
  });

  it('a first top-up rejected with the reason; a deposit payment approved', async () => {
    await templatesForAll();
    const finance = await staffLoginAs(t, 'caiwu');
    const a = await freshAgent(t, { status: 0, incomeFen: 100_000 });
    const r = await t.call(submitApplicationsForPersonal, { payPassword: '123456', rechargeMoney: '1000.00', payType: 3 }, { token: a.token });
    expect(r.body.errorType).toBe('SUCCESS');
    expect((await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: false, reason: '信息不符' }, { staffToken: finance })).body.errorType).toBe('SUCCESS');
    const m = await toldOnce(`recharge:${r.body.obj.id}:rejected`);
    expect(m).toMatchObject({ kind: 'recharge', title: '首充申请被驳回', link: '/investRecord' });
    expect(m.body).toContain('信息不符');

    const d = await freshAgent(t, { status: 1, gradeIndex: 1, needBond: 1, incomeFen: 300_000 });
    const b = await t.call(payBondManage, { payPassword: '123456', bondMoney: '1000.00', payType: 3 }, { token: d.token });
    expect(b.body.errorType).toBe('SUCCESS');
    expect((await staffCall(t, reviewBondPayment, { id: b.body.obj.id, approve: true }, { staffToken: finance })).body.errorType).toBe('SUCCESS');
    expect(await toldOnce(`bond:${b.body.obj.id}:approved`)).toMatchObject({ kind: 'bond', title: '合规金缴纳已通过' });
  });
});
