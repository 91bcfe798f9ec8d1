import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderPayment, saveOrderInfo, uploadImgFile } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { addProduct } from './helpers/shop-fixture.js';
import { orderRow, payByWechat, placeWechatOrder, setGoodsFund, simulate, wechatBuyer, PASSWORD, type Buyer } from './helpers/wechatpay-fixture.js';

const t = useTestApp();
let a: Buyer;

beforeAll(async () => {
  await t.db.kysely.deleteFrom('grade_gifts').execute();
  a = await wechatBuyer(t, '13800000001');
});

const giftRecords = (orderCode: string) =>
  t.db.kysely.selectFrom('account_changes').select(['amount', 'change_state']).where('order_code', '=', orderCode).where('account', '=', 'integral').where('change_state', '=', 14).execute();

async function upload(token: string) {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#39f' } }).png().toBuffer();
  return (await t.upload(uploadImgFile, [{ name: 'v.png', data: png }], { token })).body.obj as string;
}

describe('defect 5: welfare gift points are credited once when the order is paid', () => {
  it('by the goods fund, with change source 14', async () => {
    await setGoodsFund(t, a.agentId, 100_000);
    const order = await placeWechatOrder(t, a);
    await t.db.kysely.updateTable('orders').set({ gift_point: 300 }).where('id', '=', order.id).execute();
    const replies = await Promise.all(Array.from({ length: 3 }, () => t.call(orderPayment, { id: order.id, payType: 1, payPassword: '123456' }, { token: a.token })));
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(await giftRecords(order.orderCode)).toEqual([{ amount: 300, change_state: 14 }]);
  });

  it('by WeChat (the notification), once however often it comes', async () => {
    await setGoodsFund(t, a.agentId, 0);
    const order = await placeWechatOrder(t, a);
    await t.db.kysely.updateTable('orders').set({ gift_point: 120 }).where('id', '=', order.id).execute();
    const { outTradeNo } = await payByWechat(t, a, order.id);
    expect((await simulate(t, a.token, outTradeNo, 'pay')).status).toBe(200);
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 3 });
    expect(await giftRecords(order.orderCode)).toEqual([{ amount: 120, change_state: 14 }]);
  });
});

describe('defect 7: an offline voucher must be an upload of the paying agent', () => {
  it("refuses another agent's upload and a path never uploaded with '请上传打款凭证', takes the payer's own", async () => {
    await setGoodsFund(t, a.agentId, 0);
    const order = await placeWechatOrder(t, a);
    const other = await t.login('13800000002', PASSWORD);
    const theirs = await upload(other.token);
    const mine = await upload(a.token);
    const pay = (voucherImgUrl: string) =>
      t.call(orderPayment, { id: order.id, payType: 8, orderReceiptRecordBo: { accountId: 1, remitAccountName: '张明', remitAccountNumber: '6222020000000000', voucherImgUrl } }, { token: a.token });
    expect((await pay(theirs)).body.msg).toBe('请上传打款凭证');
    expect((await pay(`/api/common/upload/${randomUUID()}.jpg`)).body.msg).toBe('请上传打款凭证');
    expect((await pay(`${mine};${theirs}`)).body.msg).toBe('请上传打款凭证');
    expect((await orderRow(t, order.id)).circulation_state).toBe(1);
    expect((await pay(mine)).body.errorType).toBe('SUCCESS');
    expect((await orderRow(t, order.id)).circulation_state).toBe(2);
  });
});

describe('defect 8: the same idempotency key sent twice at once', () => {
  it('10 parallel identical submissions make one order and all answer it', async () => {
    const p = await addProduct(t, { stock: 50, finalPrice: 1_000 });
    const payload = { orderType: 1, payType: 2, addressId: a.addressId, idempotencyKey: `k-${randomUUID()}`, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }] };
    const replies = await Promise.all(Array.from({ length: 10 }, () => t.call(saveOrderInfo, payload, { token: a.token })));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(replies.map((r) => r.body.errorType)).toEqual(Array(10).fill('SUCCESS'));
    expect(new Set(replies.map((r) => JSON.stringify(r.body.obj))).size).toBe(1);
    const orders = await t.db.kysely.selectFrom('orders').select('id').where('idempotency_key', '=', payload.idempotencyKey).execute();
    expect(orders).toHaveLength(1);
  });
});

describe('defect 10: the WeChat Pay notify endpoint and what it cannot verify', () => {
  const post = (payload: string | Buffer, contentType?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v3/wechatpay/notify.do', headers: contentType ? { 'content-type': contentType } : {}, payload });

  it.each([
    ['an XML body', '<xml><return_code>SUCCESS</return_code></xml>', 'text/xml'],
    ['an XML body sent as application/xml', '<xml/>', 'application/xml'],
    ['a form body', 'a=1&b=2', 'application/x-www-form-urlencoded'],
    ['unsigned JSON', '{"id":"x","event_type":"TRANSACTION.SUCCESS"}', 'application/json'],
    ['an oversized body', `{"pad":"${'x'.repeat(200 * 1024)}"}`, 'application/json'],
  ])("answers %s with a 4xx and WeChat's FAIL body, never our envelope", async (_name, body, type) => {
    const res = await post(body, type);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({ code: 'FAIL', message: expect.any(String) });
  });
});
