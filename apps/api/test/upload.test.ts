import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orderPayment, selectOrderInfoByOrderId, selectPendingReviewOrders, uploadImgFile } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { MINUTE } from './helpers/time.js';
import { placeWechatOrder, setGoodsFund, wechatBuyer } from './helpers/wechatpay-fixture.js';

const t = useTestApp();

async function upload(token: string, files: { name: string; data: Buffer }[]) {
  const { status, body } = await t.upload(uploadImgFile, files, { token, platId: 'plat-demo' });
  return { status, body };
}

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
const jpeg = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#c33' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-place' } } })
    .jpeg()
    .toBuffer();

describe('uploadImgFile (vouchers: reference §4 file upload)', () => {
  it('stores jpg and png as re-encoded JPEG under server names, readable only through a signed link', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const reply = await upload(token, [
      { name: 'a.png', data: await png() },
      { name: 'b.jpeg', data: await jpeg() },
    ]);
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '上传成功' });
    const urls = String(reply.body.obj).split(',');
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^\/api\/common\/upload\/[0-9a-f-]{36}\.jpg$/);

    // Without a signature the stored file is not served.
    expect((await t.app.inject({ method: 'GET', url: urls[0]! })).statusCode).toBe(404);
    const { createUploadService } = await import('../src/modules/upload/upload.service.js');
    const signed = createUploadService(t as never, t.providers.storage).signedUrl(urls[1]!, { agentId: await t.agentIdOf('13800000001') });
    const res = await t.app.inject({ method: 'GET', url: signed });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Re-encoded: the EXIF text of the original is gone.
    expect(res.rawPayload.includes(Buffer.from('secret-gps-place'))).toBe(false);
    const tampered = signed.replace(/sig=[0-9a-f]/, (m) => (m.endsWith('0') ? 'sig=1' : 'sig=0'));
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
  });

  it('checks the content, not the name: a text file called .jpg is refused', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const reply = await upload(token, [{ name: 'x.jpg', data: Buffer.from('<script>alert(1)</script>') }]);
    expect(reply.body.msg).toBe('请上传jpg,png,jpeg格式图片');
  });

  it('refuses a GIF and an empty upload, more than 6 files, and needs a session', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(token, [{ name: 'g.gif', data: gif }])).body.msg).toBe('请上传jpg,png,jpeg格式图片');
    expect((await upload(token, [])).body.msg).toBe('请选择要上传的图片');
    const p = await png();
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `${i}.png`, data: p }));
    expect((await upload(token, seven)).body.msg).toBe('最多上传6张图片');
    expect((await upload('', [{ name: 'a.png', data: p }])).status).toBe(401);
  });
});

describe('signed voucher links are bound to their viewer (ADR 0012)', () => {
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
  const service = async () => {
    const { createUploadService } = await import('../src/modules/upload/upload.service.js');
    return createUploadService(t as never, t.providers.storage, { staffMay: async () => true });
  };

  async function offlineOrderWithVoucher() {
    const buyer = await wechatBuyer(t, '13800000001');
    await setGoodsFund(t, buyer.agentId, 0);
    const voucher = String((await upload(buyer.token, [{ name: 'v.png', data: await png() }])).body.obj);
    const order = await placeWechatOrder(t, buyer);
    const paid = await t.call(
      orderPayment,
      { id: order.id, payType: 8, orderReceiptRecordBo: { accountId: 1, remitAccountName: '张明', remitAccountNumber: '6222020000000000', voucherImgUrl: voucher } },
      { token: buyer.token },
    );
    expect(paid.body.errorType).toBe('SUCCESS');
    return { buyer, order, voucher };
  }

  it("the order detail's link opens for ten minutes; the same image for another viewer or a changed viewer does not", async () => {
    const { buyer, order, voucher } = await offlineOrderWithVoucher();
    const detail = await t.call(selectOrderInfoByOrderId, { id: order.id }, { token: buyer.token });
    const link = detail.body.obj.orderReceiptRecordBos[0].voucherImgUrls[0] as string;
    expect(link).toMatch(new RegExp(`^${voucher}\\?exp=\\d+&v=a${buyer.agentId}&sig=[0-9a-f]+$`));
    expect(await get(link)).toBe(200);
    // Forwarded with another viewer written in: the signature no longer matches.
    expect(await get(link.replace(`v=a${buyer.agentId}`, `v=a${buyer.agentId + 1}`))).toBe(404);
    expect(await get(link.replace(`v=a${buyer.agentId}`, 's1'))).toBe(404);
    // A genuine link made for another agent (not the owner) or for someone unknown opens nothing.
    const other = await t.agentIdOf('13800000002');
    expect(await get((await service()).signedUrl(voucher, { agentId: other }))).toBe(404);
    expect(await get((await service()).signedUrl(voucher, { staffId: 99_999_999 }))).toBe(404);
    t.clock.advance(11 * MINUTE);
    expect(await get(link)).toBe(404);
  });

  it("the staff review's link opens for that staff member, not for one of another platform", async () => {
    const { order, voucher } = await offlineOrderWithVoucher();
    const staffToken = await staffLoginAs(t, 'caiwu');
    const pending = await staffCall(t, selectPendingReviewOrders, { phonePage: { pageSize: 50, pageNum: 1 } }, { staffToken });
    const item = (pending.body.objs as any[]).find((o) => o.id === order.id);
    const link = item.receiptRecords[0].voucherImgUrls[0] as string;
    const staff = await t.db.kysely.selectFrom('staff').select('id').where('username', '=', 'caiwu').executeTakeFirstOrThrow();
    expect(link).toContain(`v=s${staff.id}&`);
    expect(await get(link)).toBe(200);
    await t.db.kysely.updateTable('staff').set({ plat_id: 'plat-other' }).where('id', '=', staff.id).execute();
    try {
      expect(await get(link)).toBe(404);
    } finally {
      await t.db.kysely.updateTable('staff').set({ plat_id: t.config.platId }).where('id', '=', staff.id).execute();
    }
    expect(await get(voucher)).toBe(404);
  });
});
