import { describe, expect, it } from 'vitest';
import {
  changeAgentInviter,
  changeOrderAddress,
  correctWaybill,
  createAgentByStaff,
  CORRECTION_MESSAGES as M,
  editAgentProfile,
  markOrderNotShipped,
  selectMyAccoutInfo,
  selectOrderInfoByOrderId,
  selectOrderLogistics,
  shipOrder,
  staffLogin,
} from '@shop/contract';
import { autoReceiveOrders } from '../src/jobs/auto-receive-orders.js';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { orderInState, STAFF_PASSWORD, staffCall } from './helpers/staff-fixture.js';
import { DAY } from './helpers/time.js';

/** ADR 0035: corrections by staff, each audited, refused when it must be, decided once when two race. */
const t = useTestApp();

type Staff = 'admin' | 'caiwu' | 'cangku' | 'kefu';
const tokens = new Map<Staff, Promise<string>>();
function tokenOf(username: Staff) {
  if (!tokens.has(username)) {
    tokens.set(
      username,
      staffCall(t, staffLogin, { username, password: STAFF_PASSWORD }).then((r) => {
        if (r.body.errorType !== 'SUCCESS') throw new Error(`staff login ${username}: ${r.text}`);
        return r.body.staffToken as string;
      }),
    );
  }
  return tokens.get(username)!;
}
const as = async (username: Staff, op: Parameters<typeof staffCall>[1], payload: unknown) => staffCall(t, op, payload, { staffToken: await tokenOf(username) });

const k = () => t.db.kysely;
const orderRow = (id: number) => k().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const parcels = (id: number) => k().selectFrom('order_parcels').selectAll().where('order_id', '=', id).orderBy('id').execute();
const agentRow = (id: number) => k().selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const audits = (kind: string, id: number, operation: string) =>
  k().selectFrom('audit_logs').selectAll().where('target_kind', '=', kind).where('target_id', '=', id).where('operation', '=', operation).orderBy('id').execute();

/** A paid order of the demo agent, shipped by the warehouse with one parcel; with the agent's token. */
async function shipped(waybillCode = `ZT${Date.now() % 1_000_000_000}${Math.floor(Math.random() * 1000)}`) {
  const o = await orderInState(t, 3);
  const ship = await as('cangku', shipOrder, { orderId: o.orderId, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode }] });
  expect(ship.body.errorType).toBe('SUCCESS');
  const [parcel] = await parcels(o.orderId);
  const { token } = await t.login('13800000001', 'demo1234');
  return { orderId: o.orderId, parcelId: Number(parcel!.id), waybillCode, token };
}
const history = async (orderId: number, token: string) => (await t.call(selectOrderInfoByOrderId, { id: orderId }, { token })).body.obj.history as { title: string; remark: string }[];

describe('correctWaybill (warehouse)', () => {
  it('corrects the carrier and number; the agent’s tracking and order history follow; audited before → after', async () => {
    const s = await shipped();
    const input = { orderId: s.orderId, parcelId: s.parcelId, fromWaybillCode: s.waybillCode, logisticsName: '顺丰速运', shipperCode: 'sf', waybillCode: 'sf1234567890', reason: '面单贴错' };
    const reply = await as('cangku', correctWaybill, input);
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '运单已更正', obj: { id: s.orderId, parcelId: s.parcelId, shipperCode: 'SF', waybillCode: 'SF1234567890' } });
    expect(await parcels(s.orderId)).toEqual([expect.objectContaining({ logistics_name: '顺丰速运', shipper_code: 'SF', waybill_code: 'SF1234567890' })]);
    const tracking = await t.call(selectOrderLogistics, { logisticsId: s.orderId }, { token: s.token });
    expect(JSON.stringify(tracking.body)).toContain('SF1234567890');
    expect(JSON.stringify(tracking.body)).not.toContain(s.waybillCode);
    const h = await history(s.orderId, s.token);
    expect(h.map((e) => e.title)).toContain('物流单号已更正');
    expect(h.find((e) => e.title === '物流单号已更正')!.remark).toContain('SF1234567890');
    expect(JSON.stringify(h)).not.toContain('面单贴错');
    expect(await audits('order', s.orderId, 'correctWaybill')).toEqual([
      expect.objectContaining({ staff_name: 'cangku', role: 'warehouse', before_state: `中通快递 ${s.waybillCode}`, after_state: '顺丰速运 SF1234567890', reason: '面单贴错' }),
    ]);
  });

  it('refuses the same waybill, an order not shipped, a parcel of another order, a missing reason and the service desk', async () => {
    const s = await shipped();
    const base = { orderId: s.orderId, parcelId: s.parcelId, fromWaybillCode: s.waybillCode, logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: s.waybillCode, reason: '核对' };
    expect((await as('cangku', correctWaybill, base)).body.msg).toBe(M.waybillSame);
    expect((await as('cangku', correctWaybill, { ...base, waybillCode: 'ZT0000000001', reason: ' ' })).body.msg).toBe(M.reasonRequired);
    expect((await as('kefu', correctWaybill, { ...base, waybillCode: 'ZT0000000001' })).body.errorType).toBe('FORBIDDEN');
    const other = await shipped();
    expect((await as('cangku', correctWaybill, { ...base, parcelId: other.parcelId, waybillCode: 'ZT0000000001' })).body.msg).toBe(M.parcelNotFound);
    const toShip = await orderInState(t, 3);
    expect((await as('cangku', correctWaybill, { ...base, orderId: toShip.orderId, waybillCode: 'ZT0000000001' })).body.msg).toBe(M.waybillOnlyShipped);
    expect((await parcels(s.orderId))[0]!.waybill_code).toBe(s.waybillCode);
    expect(await audits('order', s.orderId, 'correctWaybill')).toHaveLength(0);
  });

  it('two corrections of one parcel at once: one wins, the other is told to refresh, one audit record', async () => {
    const s = await shipped();
    const input = (waybillCode: string) => ({ orderId: s.orderId, parcelId: s.parcelId, fromWaybillCode: s.waybillCode, logisticsName: '圆通速递', shipperCode: 'YTO', waybillCode, reason: '更正' });
    const replies = await Promise.all([as('cangku', correctWaybill, input('YT1111111111')), as('admin', correctWaybill, input('YT2222222222'))]);
    const won = replies.filter((r) => r.body.errorType === 'SUCCESS');
    expect(won).toHaveLength(1);
    expect(replies.find((r) => r !== won[0])!.body.msg).toBe(M.parcelChanged);
    expect((await parcels(s.orderId))[0]!.waybill_code).toBe(won[0]!.body.obj.waybillCode);
    expect(await audits('order', s.orderId, 'correctWaybill')).toHaveLength(1);
  });
});

describe('markOrderNotShipped (warehouse)', () => {
  it('returns the order to 待发货, removes the parcels, and two marks at once decide once', async () => {
    const s = await shipped();
    const replies = await Promise.all([as('cangku', markOrderNotShipped, { orderId: s.orderId, reason: '快递未揽收' }), as('admin', markOrderNotShipped, { orderId: s.orderId, reason: '快递未揽收' })]);
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.find((r) => r.body.errorType !== 'SUCCESS')!.body.msg).toMatch(/^(订单状态已变化，请刷新后重试|只有待收货的订单可以标记为未发货)$/);
    expect(await orderRow(s.orderId)).toMatchObject({ circulation_state: 3, send_state: 0, send_date: null });
    expect(await parcels(s.orderId)).toEqual([]);
    expect((await history(s.orderId, s.token)).at(-1)!.title).toBe('包裹未发出，订单回到待发货');
    expect(await audits('order', s.orderId, 'markOrderNotShipped')).toEqual([expect.objectContaining({ before_state: '4', after_state: '3', reason: '快递未揽收' })]);
    expect((await as('cangku', markOrderNotShipped, { orderId: s.orderId, reason: 'x' })).body.msg).toBe(M.unshipOnlyShipped);
    expect((await as('kefu', markOrderNotShipped, { orderId: s.orderId, reason: 'x' })).body.errorType).toBe('FORBIDDEN');
  });

  it('the auto-receipt clock runs from the next shipping, not the old one (ADR 0027)', async () => {
    const s = await shipped();
    const firstShip = t.clock.now();
    await as('cangku', markOrderNotShipped, { orderId: s.orderId, reason: '快递未揽收' });
    t.clock.advance(8 * DAY);
    tokens.clear(); // the staff sessions of eight days ago have ended
    expect((await as('cangku', shipOrder, { orderId: s.orderId, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: 'ZT9090909090' }] })).body.errorType).toBe('SUCCESS');
    // 11 days after the first shipping, 3 after the second: not yet received.
    await autoReceiveOrders(t, new Date(firstShip.getTime() + 11 * DAY));
    expect((await orderRow(s.orderId)).circulation_state).toBe(4);
    await autoReceiveOrders(t, new Date(firstShip.getTime() + 19 * DAY));
    expect((await orderRow(s.orderId)).circulation_state).toBe(5);
  });
});

describe('changeOrderAddress (warehouse)', () => {
  const address = { receiverNmae: '王芳', receiverPhone: '13912345678', provinceCode: '310000', cityCode: '310100', districtCode: '310104', address: '漕溪北路88号', postCode: '200030', reason: '代理商来电改地址' };

  it('changes the address of an order not yet shipped with the names from the codes; the agent sees it in the history', async () => {
    const o = await orderInState(t, 3);
    const reply = await as('cangku', changeOrderAddress, { orderId: o.orderId, ...address });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '收货地址已修改', obj: { receiverName: '王芳', receiverPhone: '13912345678' } });
    expect(reply.body.obj.receiverFullAddress).toContain('漕溪北路88号');
    const row = await orderRow(o.orderId);
    expect(row).toMatchObject({ receiver_name: '王芳', receiver_phone: '13912345678', receive_county_id: '310104', receiver_address: '漕溪北路88号', receiver_post_code: '200030' });
    expect(row.receiver_province).toMatch(/上海/);
    const { token } = await t.login('13800000001', 'demo1234');
    expect((await history(o.orderId, token)).at(-1)).toMatchObject({ title: '收货地址已修改', remark: expect.stringContaining('王芳') });
    const [audit] = await audits('order', o.orderId, 'changeOrderAddress');
    expect(audit).toMatchObject({ reason: '代理商来电改地址', after_state: expect.stringContaining('漕溪北路88号') });
    expect(audit!.before_state).not.toContain('漕溪北路88号');
    expect((await as('cangku', changeOrderAddress, { orderId: o.orderId, ...address })).body.msg).toBe(M.addressSame);
  });

  it('refuses a shipped order, a region that does not fit, a bad phone and the service desk; nothing changes', async () => {
    const s = await shipped();
    const before = await orderRow(s.orderId);
    expect((await as('cangku', changeOrderAddress, { orderId: s.orderId, ...address })).body.msg).toBe(M.addressOnlyUnshipped);
    const o = await orderInState(t, 3);
    const unchanged = await orderRow(o.orderId);
    expect((await as('cangku', changeOrderAddress, { orderId: o.orderId, ...address, districtCode: '110101' })).body.msg).toBe('所选省市区有误，请重新选择');
    expect((await as('cangku', changeOrderAddress, { orderId: o.orderId, ...address, receiverPhone: '12345' })).body.msg).toBe('请输入正确的手机号码');
    expect((await as('kefu', changeOrderAddress, { orderId: o.orderId, ...address })).body.errorType).toBe('FORBIDDEN');
    expect(await orderRow(o.orderId)).toEqual(unchanged);
    expect(await orderRow(s.orderId)).toEqual(before);
  });

  it('two changes at once lose nothing: each applied change is audited from the address it replaced', async () => {
    const o = await orderInState(t, 3);
    const original = (await orderRow(o.orderId)).receiver_address;
    const replies = await Promise.all([
      as('cangku', changeOrderAddress, { orderId: o.orderId, ...address, address: '甲路1号' }),
      as('admin', changeOrderAddress, { orderId: o.orderId, ...address, address: '乙路2号' }),
    ]);
    const won = replies.filter((r) => r.body.errorType === 'SUCCESS');
    // Compare-and-set on the address read: a change that read a replaced address is refused; one that came after applies.
    for (const r of replies.filter((x) => x.body.errorType !== 'SUCCESS')) expect(r.body.msg).toBe('订单状态已变化，请刷新后重试');
    const trail = await audits('order', o.orderId, 'changeOrderAddress');
    expect(trail).toHaveLength(won.length);
    expect(trail[0]!.before_state).toContain(original);
    if (trail.length === 2) expect(trail[1]!.before_state).toBe(trail[0]!.after_state);
    expect(trail.at(-1)!.after_state).toContain((await orderRow(o.orderId)).receiver_address);
  });
});

describe('editAgentProfile (service or admin)', () => {
  it('edits name and WeChat number without ending sessions; a new phone ends them and becomes the login', async () => {
    const a = await newAgent(t, { name: '改名前' });
    const r1 = await as('kefu', editAgentProfile, { agentId: a.id, agentName: '改名后', wxNumber: 'wx_after', phone: a.phone, reason: '本人来电' });
    expect(r1.body).toMatchObject({ errorType: 'SUCCESS', obj: { agentName: '改名后', wxNumber: 'wx_after', sessionsEnded: false } });
    expect((await t.call(selectMyAccoutInfo, {}, { token: a.token })).status).toBe(200);
    const fresh = (await newAgent(t)).phone.replace(/^1397/, '1396');
    const r2 = await as('admin', editAgentProfile, { agentId: a.id, agentName: '改名后', wxNumber: 'wx_after', phone: fresh, reason: '换号' });
    expect(r2.body).toMatchObject({ errorType: 'SUCCESS', obj: { phone: fresh, sessionsEnded: true } });
    expect((await t.call(selectMyAccoutInfo, {}, { token: a.token })).status).toBe(401);
    expect((await t.login(fresh, 'demo1234')).token).toBeTruthy();
    expect((await agentRow(a.id)).phone).toBe(fresh);
    const trail = await audits('agent', a.id, 'editAgentProfile');
    expect(trail.map((r) => [r.staff_name, r.reason])).toEqual([['kefu', '本人来电'], ['admin', '换号']]);
    expect(trail[1]!.before_state).toContain(a.phone);
    expect(trail[1]!.after_state).toContain(fresh);
  });

  it('refuses a phone of another agent without naming them, an unchanged profile, bad input and the warehouse', async () => {
    const a = await newAgent(t);
    const b = await newAgent(t, { name: '号码主人' });
    const taken = await as('kefu', editAgentProfile, { agentId: a.id, agentName: '甲', wxNumber: '', phone: b.phone, reason: '换号' });
    expect(taken.body.msg).toBe(M.phoneTaken);
    expect(taken.text).not.toContain('号码主人');
    const row = await agentRow(a.id);
    expect((await as('kefu', editAgentProfile, { agentId: a.id, agentName: row.agent_name, wxNumber: row.wx_number, phone: a.phone, reason: 'x' })).body.msg).toBe(M.profileSame);
    expect((await as('kefu', editAgentProfile, { agentId: a.id, agentName: ' ', wxNumber: '', phone: a.phone, reason: 'x' })).body.msg).toBe(M.nameRequired);
    expect((await as('kefu', editAgentProfile, { agentId: a.id, agentName: '甲', wxNumber: '', phone: '1234', reason: 'x' })).body.msg).toBe(M.phoneInvalid);
    expect((await as('cangku', editAgentProfile, { agentId: a.id, agentName: '甲', wxNumber: '', phone: a.phone, reason: 'x' })).body.errorType).toBe('FORBIDDEN');
    expect(await agentRow(a.id)).toEqual(row);
    expect((await t.call(selectMyAccoutInfo, {}, { token: a.token })).status).toBe(200);
  });

  it('two agents given one free phone at once: one gets it, the other is refused', async () => {
    const [a, b] = [await newAgent(t), await newAgent(t)];
    const phone = a.phone.replace(/^1397/, '1395');
    const replies = await Promise.all([a, b].map((x) => as('kefu', editAgentProfile, { agentId: x.id, agentName: '抢号', wxNumber: '', phone, reason: '换号' })));
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.find((r) => r.body.errorType !== 'SUCCESS')!.body.msg).toBe(M.phoneTaken);
    expect((await k().selectFrom('agents').select('id').where('phone', '=', phone).execute())).toHaveLength(1);
  });
});

describe('changeAgentInviter (admin, ADR 0035)', () => {
  it('moves an agent under a new inviter, audited before → after; refuses self, its own downline and other roles', async () => {
    const top = await newAgent(t, { name: '原上级' });
    const a = await newAgent(t, { name: '被改者', inviterId: top.id });
    const child = await newAgent(t, { name: '下级', inviterId: a.id });
    const grandchild = await newAgent(t, { name: '下下级', inviterId: child.id });
    const other = await newAgent(t, { name: '新上级' });
    expect((await as('kefu', changeAgentInviter, { agentId: a.id, inviterPhone: other.phone, reason: 'x' })).body.errorType).toBe('FORBIDDEN');
    expect((await as('admin', changeAgentInviter, { agentId: a.id, inviterPhone: a.phone, reason: 'x' })).body.msg).toBe(M.inviterSelf);
    expect((await as('admin', changeAgentInviter, { agentId: a.id, inviterPhone: grandchild.phone, reason: 'x' })).body.msg).toBe(M.inviterCycle);
    expect((await as('admin', changeAgentInviter, { agentId: a.id, inviterPhone: top.phone, reason: 'x' })).body.msg).toBe(M.inviterSame);
    expect((await as('admin', changeAgentInviter, { agentId: a.id, inviterPhone: '13000000000', reason: 'x' })).body.msg).toBe(M.inviterNotFound);
    expect(Number((await agentRow(a.id)).inviter_id)).toBe(top.id);
    const moved = await as('admin', changeAgentInviter, { agentId: a.id, inviterPhone: other.phone, reason: '线下协商转团队' });
    expect(moved.body).toMatchObject({ errorType: 'SUCCESS', obj: { agentId: a.id, inviterId: other.id, inviterName: '新上级' } });
    expect(Number((await agentRow(a.id)).inviter_id)).toBe(other.id);
    expect(await audits('agent', a.id, 'changeAgentInviter')).toEqual([
      expect.objectContaining({ before_state: `原上级 ${top.phone}`, after_state: `新上级 ${other.phone}`, reason: '线下协商转团队' }),
    ]);
  });

  it('two changes at once that would together close a loop: one is made, the other refused', async () => {
    const x = await newAgent(t, { name: '甲方' });
    const y = await newAgent(t, { name: '乙方' });
    const replies = await Promise.all([
      as('admin', changeAgentInviter, { agentId: x.id, inviterPhone: y.phone, reason: '并发' }),
      as('admin', changeAgentInviter, { agentId: y.id, inviterPhone: x.phone, reason: '并发' }),
    ]);
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.find((r) => r.body.errorType !== 'SUCCESS')!.body.msg).toBe(M.inviterCycle);
    const [rx, ry] = [await agentRow(x.id), await agentRow(y.id)];
    expect(Number(rx.inviter_id) === y.id && Number(ry.inviter_id) === x.id).toBe(false);
  });
});

describe('createAgentByStaff (admin)', () => {
  const grade = (name: string) => k().selectFrom('grades').select('id').where('plat_id', '=', t.config.platId).where('grade_name', '=', name).executeTakeFirstOrThrow();

  it('creates an agent under the registration rules; the one-time password goes by SMS and must be changed at first login', async () => {
    const inviter = await newAgent(t, { name: '线下邀请人' });
    const phone = inviter.phone.replace(/^1397/, '1394');
    const { id: gradeId } = await grade('体验代理');
    const reply = await as('admin', createAgentByStaff, { agentName: '线下新人', phone, gradeId: Number(gradeId), inviterPhone: inviter.phone });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '代理商已创建，一次性登录密码已短信发送', obj: { phone: `${phone.slice(0, 3)}****${phone.slice(7)}` } });
    const row = await agentRow(reply.body.obj.agentId);
    // As if registered: first top-up due (agentStatus 0), under the inviter, at the grade.
    expect(row).toMatchObject({ agent_name: '线下新人', phone, agent_status: 0, is_active: 1, must_change_password: 1, agent_code: reply.body.obj.agentCode });
    expect(Number(row.inviter_id)).toBe(inviter.id);
    expect(Number(row.grade_id)).toBe(Number(gradeId));
    const otp = (await t.app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${phone}` })).json().password as string;
    expect(otp).toBeTruthy();
    expect(reply.text).not.toContain(otp);
    const login = await t.call('/api/home/newLogin.do', { suAccount: phone, suPassword: otp });
    expect(login.body.mustChangePassword).toBe(true);
    const [audit] = await audits('agent', row.id, 'createAgentByStaff');
    expect(audit).toMatchObject({ staff_name: 'admin', after_state: `线下新人 ${phone}` });
    expect(JSON.stringify(audit)).not.toContain(otp);
  });

  it('refuses a taken phone, a grade closed to registration, an unknown inviter and other roles; creates nothing', async () => {
    const inviter = await newAgent(t);
    const { id: open } = await grade('体验代理');
    const { id: closed } = await grade('钻石代理');
    const phone = inviter.phone.replace(/^1397/, '1393');
    const base = { agentName: '不该建', phone, gradeId: Number(open), inviterPhone: inviter.phone };
    expect((await as('admin', createAgentByStaff, { ...base, phone: inviter.phone })).body.msg).toBe('该手机号已注册');
    expect((await as('admin', createAgentByStaff, { ...base, gradeId: Number(closed) })).body.msg).toBe('该代理商级别暂不开放注册');
    expect((await as('admin', createAgentByStaff, { ...base, inviterPhone: '13000000000' })).body.msg).toBe('邀请人不存在');
    expect((await as('kefu', createAgentByStaff, base)).body.errorType).toBe('FORBIDDEN');
    expect(await k().selectFrom('agents').select('id').where('phone', '=', phone).execute()).toEqual([]);
  });
});
