import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARCEL_TABS, selectOrderLogistics, shipOrder } from '@shop/contract';
import { kdniaoDataSign, kdniaoRequestData, KdniaoLogisticsProvider } from '../src/providers/logistics/kdniao-logistics.js';
import { LocalLogisticsProvider, localJourney } from '../src/providers/logistics/local-logistics.js';
import { makeApp, useTestApp, type TestApp } from './helpers/app.js';
import { orderInState, staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY, HOUR } from './helpers/time.js';

const CHINA_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('Kdniao DataSign (reference §6, vector V8)', () => {
  const requestData = '{"OrderCode":"","ShipperCode":"ZTO","LogisticCode":"638650888018"}';

  it('is base64 of the md5 hex text of RequestData + AppKey', () => {
    expect(kdniaoDataSign(requestData, 'test-appkey-0000')).toBe('NWY2MDIxZWVlNjNiMzgyZjA1NGI0YWRiYzRjOTE0MTk=');
    expect(Buffer.from(kdniaoDataSign(requestData, 'test-appkey-0000'), 'base64').toString()).toBe('5f6021eee63b382f054b4adbc4c91419');
  });

  it('signs exactly the RequestData it sends (CustomerName only when given)', () => {
    expect(kdniaoRequestData({ shipperCode: 'ZTO', logisticCode: '638650888018' })).toBe(requestData);
    expect(JSON.parse(kdniaoRequestData({ shipperCode: 'SF', logisticCode: 'SF1', customerName: '5678' })).CustomerName).toBe('5678');
  });
});

/** A fake Kdniao: checks the form and the DataSign (V8 key), answers fixtures keyed by the waybill's ending. */
async function fakeKdniao(appKey: string) {
  const seen: Record<string, string>[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = Object.fromEntries(new URLSearchParams(raw));
    seen.push({ ...form, contentType: String(req.headers['content-type']) });
    const data = JSON.parse(form.RequestData ?? '{}');
    const reply = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (form.DataSign !== kdniaoDataSign(form.RequestData ?? '', appKey)) return reply({ Success: false, Reason: '签名错误' });
    const code: string = data.LogisticCode;
    const base = { EBusinessID: form.EBusinessID, OrderCode: '', ShipperCode: data.ShipperCode, LogisticCode: code };
    if (code.endsWith('500')) return res.writeHead(500).end('oops');
    if (code.endsWith('00')) return reply({ ...base, Success: true, State: '0', Reason: '暂无轨迹信息', Traces: [] });
    if (code.endsWith('99')) return reply({ ...base, Success: false, Reason: '单号不存在' });
    const signed = code.endsWith('3');
    return reply({
      ...base,
      Success: true,
      State: signed ? '3' : '2',
      Traces: [
        { AcceptTime: '2026-11-20 09:00:00', AcceptStation: '【深圳市】已揽收' },
        { AcceptTime: '2026-11-20 18:30:00', AcceptStation: '快件已到达【深圳转运中心】' },
        ...(signed ? [{ AcceptTime: '2026-11-22 15:10:00', AcceptStation: '已签收，签收人：本人' }] : []),
      ],
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/Ebusiness/EbusinessOrderHandle.aspx`;
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('Kdniao adapter', () => {
  let fake: Awaited<ReturnType<typeof fakeKdniao>>;
  beforeAll(async () => {
    fake = await fakeKdniao('test-appkey-0000');
  });
  afterAll(() => fake.close());
  const provider = () =>
    new KdniaoLogisticsProvider({ eBusinessId: '1237100', appKey: 'test-appkey-0000', url: fake.url, requestType: '1002' });

  it('posts the form with the V8 DataSign and reads State and Traces', async () => {
    const result = await provider().track({ shipperCode: 'ZTO', logisticCode: '638650888018' });
    const sent = fake.seen.at(-1)!;
    expect(sent).toMatchObject({
      RequestData: '{"OrderCode":"","ShipperCode":"ZTO","LogisticCode":"638650888018"}',
      EBusinessID: '1237100',
      RequestType: '1002',
      DataSign: 'NWY2MDIxZWVlNjNiMzgyZjA1NGI0YWRiYzRjOTE0MTk=',
      DataType: '2',
    });
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(result).toMatchObject({ success: true, state: 2, logisticCode: '638650888018', shipperCode: 'ZTO' });
    expect(result.traces).toEqual([
      { acceptTime: '2026-11-20 09:00:00', acceptStation: '【深圳市】已揽收' },
      { acceptTime: '2026-11-20 18:30:00', acceptStation: '快件已到达【深圳转运中心】' },
    ]);
  });

  it('answers success false with the reason for refusals, empty traces, HTTP errors and a wrong key', async () => {
    expect(await provider().track({ shipperCode: 'ZTO', logisticCode: 'ZT99' })).toMatchObject({ success: false, state: 0, traces: [], reason: '单号不存在' });
    expect(await provider().track({ shipperCode: 'ZTO', logisticCode: 'ZT00' })).toMatchObject({ success: true, state: 0, traces: [] });
    expect(await provider().track({ shipperCode: 'ZTO', logisticCode: 'ZT500' })).toMatchObject({ success: false, traces: [] });
    const wrongKey = new KdniaoLogisticsProvider({ eBusinessId: '1237100', appKey: 'other-key', url: fake.url, requestType: '8001' });
    expect(await wrongKey.track({ shipperCode: 'ZTO', logisticCode: 'ZT12' })).toMatchObject({ success: false, reason: '签名错误' });
    expect(fake.seen.at(-1)!.RequestType).toBe('8001');
  });

  it('keeps an answer a while instead of asking again (the instant query is metered)', async () => {
    const p = provider();
    const before = fake.seen.length;
    await p.track({ shipperCode: 'STO', logisticCode: 'ST1233' });
    await p.track({ shipperCode: 'STO', logisticCode: 'ST1233' });
    expect(fake.seen.length).toBe(before + 1);
  });

  it('gives up after its timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
    const p = new KdniaoLogisticsProvider({ eBusinessId: '1', appKey: 'k', url, requestType: '1002', timeoutMs: 200 });
    expect(await p.track({ shipperCode: 'ZTO', logisticCode: '1234567' })).toMatchObject({ success: false, state: 0, traces: [] });
    silent.closeAllConnections();
    silent.close();
  });
});

describe('local logistics provider', () => {
  const shippedAt = new Date('2026-11-21T02:00:00.000Z');
  const local = new LocalLogisticsProvider();

  it('tells the same journey for the same waybill: collected → transit → out for delivery → signed over a few days', () => {
    const journey = localJourney('ZTO', '638650888018', shippedAt);
    expect(journey).toEqual(localJourney('ZTO', '638650888018', shippedAt));
    expect(journey.map((s) => s.text).join('\n')).not.toEqual(localJourney('ZTO', '638650888019', shippedAt).map((s) => s.text).join('\n'));
    expect(journey[0]!.text).toContain('已揽收');
    expect(journey.at(-2)!.text).toContain('派送中');
    expect(journey.at(-1)!.text).toContain('签收');
    for (let i = 1; i < journey.length; i++) expect(journey[i]!.at).toBeGreaterThan(journey[i - 1]!.at);
    const days = (journey.at(-1)!.at - shippedAt.getTime()) / DAY;
    expect(days).toBeGreaterThan(1);
    expect(days).toBeLessThan(4);
  });

  it('shows the steps that happened by now: State 2 moving, 3 signed, 0 before the hand-over', async () => {
    const q = { shipperCode: 'ZTO', logisticCode: '638650888018', shippedAt };
    const early = await local.track({ ...q, now: new Date(shippedAt.getTime() + HOUR) });
    expect(early).toMatchObject({ success: true, state: 2, traces: [{ acceptTime: '2026-11-21 10:00:00' }] });
    const later = await local.track({ ...q, now: new Date(shippedAt.getTime() + DAY) });
    expect(later.state).toBe(2);
    expect(later.traces.length).toBeGreaterThan(1);
    const done = await local.track({ ...q, now: new Date(shippedAt.getTime() + 4 * DAY) });
    expect(done.state).toBe(3);
    expect(done.traces).toHaveLength(7);
    for (const tr of done.traces) expect(tr.acceptTime).toMatch(CHINA_TIME);
    expect(await local.track({ ...q, now: new Date(shippedAt.getTime() - HOUR) })).toMatchObject({ state: 0, traces: [] });
  });
});

const parcel = (i: number, shipperCode = 'ZTO') => ({ logisticsName: '中通快递', shipperCode, waybillCode: `7730611550${String(i).padStart(4, '0')}` });

async function ship(t: TestApp, orderId: number, parcels: ReturnType<typeof parcel>[]) {
  const staffToken = await staffLoginAs(t, 'cangku');
  const reply = await staffCall(t, shipOrder, { orderId, parcels }, { staffToken });
  expect(reply.body.errorType).toBe('SUCCESS');
}

/** Moves the parcels' ship time back (rather than the clock forward, which would end the sessions). */
async function shippedAgo(t: TestApp, orderId: number, ms: number) {
  const at = new Date(t.clock.now().getTime() - ms).toISOString();
  await t.db.kysely.updateTable('order_parcels').set({ created_at: at }).where('order_id', '=', orderId).execute();
}

describe('selectOrderLogistics (spec 2 §2, §4, §7)', () => {
  const t = useTestApp();

  it('answers every parcel of the shipped order with the carrier, phone, State and traces newest first', async () => {
    const { token, orderId } = await orderInState(t, 3);
    await ship(t, orderId, [parcel(1), { logisticsName: '顺丰速运', shipperCode: 'SF', waybillCode: 'SF1400000000001' }]);
    await shippedAgo(t, orderId, DAY);
    const reply = await t.call(selectOrderLogistics, { logisticsId: orderId, waybillCode: '77306115500001', receiverPhone: '13912345678' }, { token });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', errorTypeBoolean: true });
    const obj = reply.body.obj;
    expect(obj.logisticsCompanyBo).toEqual({ logisticsName: '中通快递', phone: '95311' });
    expect(obj.logisticsQueryRess.map((p: any) => [p.LogisticCode, p.ShipperCode, p.logisticsName, p.phone, p.State])).toEqual([
      ['77306115500001', 'ZTO', '中通快递', '95311', 2],
      ['SF1400000000001', 'SF', '顺丰速运', '95338', 2],
    ]);
    for (const p of obj.logisticsQueryRess) {
      const times = p.traces.map((tr: any) => tr.AcceptTime);
      expect(times.length).toBeGreaterThan(1);
      for (const time of times) expect(time).toMatch(CHINA_TIME);
      expect(times).toEqual([...times].sort().reverse());
      expect(p.traces.at(-1).AcceptStation).toContain('已揽收');
    }

    await shippedAgo(t, orderId, 4 * DAY);
    const later = await t.call(selectOrderLogistics, { logisticsId: orderId }, { token });
    expect(later.body.obj.logisticsQueryRess.map((p: any) => p.State)).toEqual([3, 3]);
    expect(later.body.obj.logisticsQueryRess[0].traces[0].AcceptStation).toContain('签收');
  });

  it('answers up to ten parcels, in the order they were shipped', async () => {
    const { token, orderId } = await orderInState(t, 3);
    await ship(t, orderId, Array.from({ length: 10 }, (_, i) => parcel(100 + i)));
    const reply = await t.call(selectOrderLogistics, { logisticsId: orderId }, { token });
    expect(reply.body.obj.logisticsQueryRess).toHaveLength(PARCEL_TABS.length);
    expect(reply.body.obj.logisticsQueryRess.map((p: any) => p.LogisticCode)).toEqual(Array.from({ length: 10 }, (_, i) => parcel(100 + i).waybillCode));
  });

  it("answers '暂无物流信息' until the order is shipped, and when it has no parcels", async () => {
    for (const state of [1, 2, 3, 6]) {
      const { token, orderId } = await orderInState(t, state);
      const reply = await t.call(selectOrderLogistics, { logisticsId: orderId }, { token });
      expect(reply.body).toMatchObject({ errorTypeBoolean: false, msg: '暂无物流信息', obj: null });
    }
    const shippedWithout = await orderInState(t, 4, { patch: { send_state: 1 } });
    expect((await t.call(selectOrderLogistics, { logisticsId: shippedWithout.orderId }, { token: shippedWithout.token })).body.msg).toBe('暂无物流信息');
  });

  it('is viewable when sendState is 1 or the order is completed (state 5)', async () => {
    const done = await orderInState(t, 3);
    await ship(t, done.orderId, [parcel(201)]);
    await t.db.kysely.updateTable('orders').set({ circulation_state: 5 }).where('id', '=', done.orderId).execute();
    expect((await t.call(selectOrderLogistics, { logisticsId: done.orderId }, { token: done.token })).body.errorType).toBe('SUCCESS');
    // sendState 0 in state 5 (an order completed without our shipping record) still shows its parcels.
    await t.db.kysely.updateTable('orders').set({ send_state: 0 }).where('id', '=', done.orderId).execute();
    expect((await t.call(selectOrderLogistics, { logisticsId: done.orderId }, { token: done.token })).body.errorType).toBe('SUCCESS');
    // sendState 1 is enough on its own.
    await t.db.kysely.updateTable('orders').set({ send_state: 1, circulation_state: 3 }).where('id', '=', done.orderId).execute();
    expect((await t.call(selectOrderLogistics, { logisticsId: done.orderId }, { token: done.token })).body.errorType).toBe('SUCCESS');
  });

  it("answers '订单不存在' for another agent's order or an unknown id, and 401 without a login", async () => {
    const { orderId } = await orderInState(t, 3);
    await ship(t, orderId, [parcel(301)]);
    const other = await t.login('13800000004', 'demo1234');
    expect((await t.call(selectOrderLogistics, { logisticsId: orderId }, { token: other.token })).body).toMatchObject({ errorTypeBoolean: false, msg: '订单不存在' });
    expect((await t.call(selectOrderLogistics, { logisticsId: 99_999_999 }, { token: other.token })).body.msg).toBe('订单不存在');
    expect((await t.call(selectOrderLogistics, { logisticsId: 'x' }, { token: other.token })).body.msg).toBe('订单不存在');
    expect((await t.call(selectOrderLogistics, { logisticsId: orderId })).status).toBe(401);
  });
});

describe('selectOrderLogistics with the Kdniao provider', () => {
  let fake: Awaited<ReturnType<typeof fakeKdniao>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await fakeKdniao('test-appkey-0000');
    t = await makeApp({ env: { LOGISTICS_PROVIDER: 'kdniao', KDNIAO_EBUSINESS_ID: '1237100', KDNIAO_APP_KEY: 'test-appkey-0000', KDNIAO_URL: fake.url } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends SF the receiver phone’s last four digits; a parcel the carrier refuses shows without traces', async () => {
    const { token, orderId } = await orderInState(t, 3);
    await ship(t, orderId, [
      { logisticsName: '顺丰速运', shipperCode: 'SF', waybillCode: 'SF1400000000003' },
      { logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: 'ZT1400000000099' },
    ]);
    const reply = await t.call(selectOrderLogistics, { logisticsId: orderId }, { token });
    expect(reply.body.errorType).toBe('SUCCESS');
    const [sf, zto] = reply.body.obj.logisticsQueryRess;
    expect(sf).toMatchObject({ LogisticCode: 'SF1400000000003', State: 3 });
    expect(sf.traces.map((tr: any) => tr.AcceptTime)).toEqual(['2026-11-22 15:10:00', '2026-11-20 18:30:00', '2026-11-20 09:00:00']);
    expect(zto).toMatchObject({ LogisticCode: 'ZT1400000000099', State: 0, traces: [] });
    const sfRequest = fake.seen.map((s) => JSON.parse(s.RequestData!)).find((d) => d.LogisticCode === 'SF1400000000003');
    expect(sfRequest.CustomerName).toBe('5678'); // the address helper's receiver phone 13912345678
  });
});
