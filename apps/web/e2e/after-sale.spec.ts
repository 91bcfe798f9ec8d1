import sharp from 'sharp';
import { expect, test } from './axe';
import { loginInWeChat, WECHAT_UA } from './first-top-up';
import { asPage, DEMO, expectToast, placeOrder, shot } from './helpers';
import { asStaff } from './staff';

/**
 * ADR 0036: an agent asks for 退货退款 with two photos; service approves, the agent enters the return waybill, the
 * warehouse confirms receipt, finance refunds through the order refund flow; the agent sees 已退款 and the goods-fund
 * record of the refund.
 */
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

const png = (color: string) => sharp({ create: { width: 60, height: 40, channels: 3, background: color } }).png().toBuffer();
const statusText = (page: import('@playwright/test').Page) => page.getByRole('region', { name: '售后状态' }).locator('.after-sale-status-text');

test('退货退款 with photos: approve, return waybill, warehouse receipt, refund; the agent sees 已退款 and the goods-fund record', async ({ page }) => {
  test.setTimeout(120_000);
  await loginInWeChat(page, DEMO.inviter.phone, DEMO.password);
  const post = await asPage(page);
  const order = await placeOrder(page);
  await post('/api/order/orderPayment.do', { id: order.id, payType: 1, payPassword: '123456', idempotencyKey: crypto.randomUUID() });
  const warehouse = await asStaff(page, 'cangku');
  await warehouse('/api/staff/shipOrder.do', { orderId: order.id, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: `75${order.id}000001` }] });
  await post('/api/order/orderReceiveDeal.do', { id: order.id });

  // The order detail offers 申请售后 within the window.
  await page.goto(`/ordersDetail?id=${order.id}`);
  await page.getByRole('link', { name: '申请售后' }).click();
  await expect(page).toHaveURL(new RegExp(`/afterSaleApply\\?orderId=${order.id}$`));
  await expect(page.getByRole('checkbox', { name: '选择深海鱼油软胶囊' })).toBeChecked();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expectToast(page, '请选择售后原因');
  await page.getByRole('button', { name: '退货退款' }).click();
  await page.getByRole('button', { name: '商品破损' }).click();
  await page.getByLabel('问题描述（选填）').fill('外箱压坏，瓶身有裂纹');
  await page.getByLabel('上传凭证图片').setInputFiles([
    { name: 'photo-1.png', mimeType: 'image/png', buffer: await png('#2a9d8f') },
    { name: 'photo-2.png', mimeType: 'image/png', buffer: await png('#e76f51') },
  ]);
  await expect(page.locator('.voucher img')).toHaveCount(2);
  await expect(page.locator('.voucher figcaption')).toHaveCount(0);
  await shot(page, 'after-sale-apply');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expectToast(page, '售后申请已提交');
  await expect(page).toHaveURL(/\/afterSaleDetail\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(statusText(page)).toHaveText('待审核');
  await expect(page.getByRole('img', { name: /凭证图片/ })).toHaveCount(2);
  await expect(page.getByRole('button', { name: '撤销申请' })).toBeVisible();

  // Service approves (the console's call): a return waits for the parcel.
  const service = await asStaff(page, 'kefu');
  await service('/api/staff/reviewAfterSale.do', { id, approve: true });
  await page.reload();
  await expect(statusText(page)).toHaveText('待寄回');
  await page.getByLabel('快递公司').fill('顺丰速运');
  await page.getByLabel('快递单号').fill('SF12');
  await page.getByRole('button', { name: '提交退货物流' }).click();
  await expectToast(page, '快递单号应为6-30位字母或数字');
  await page.getByLabel('快递单号').fill('SF1234567890');
  await shot(page, 'after-sale-waybill');
  await page.getByRole('button', { name: '提交退货物流' }).click();
  await expectToast(page, '退货物流已提交');
  await expect(statusText(page)).toHaveText('待收货');

  // The warehouse receives the parcel; finance refunds with an idempotency key.
  await warehouse('/api/staff/receiveAfterSaleReturn.do', { id });
  const finance = await asStaff(page, 'caiwu');
  const done = await finance('/api/staff/refundAfterSale.do', { id, idempotencyKey: crypto.randomUUID() });
  const amount = done.obj.refund.amount as string;
  expect(Number(amount)).toBeGreaterThan(0);

  await page.reload();
  await expect(statusText(page)).toHaveText('已退款');
  const refund = page.getByRole('region', { name: '退款信息' });
  await expect(refund.getByText(`¥${amount}`).first()).toBeVisible();
  const steps = page.getByRole('region', { name: '售后进度' }).locator('.after-sale-step-title');
  await expect(steps).toHaveText(['提交申请', '审核通过，请寄回商品', '已寄回', '仓库已收到退货', '退款完成']);
  await expect(page.getByRole('region', { name: '售后进度' }).locator('.after-sale-step-time').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await shot(page, 'after-sale-refunded');

  // 我的售后 lists it under 已退款; the goods fund's records show the refund of the order.
  await page.goto('/afterSale?state=5');
  await expect(page.getByRole('article', { name: new RegExp(`售后 SH${order.orderCode}`) }).getByText('已退款')).toBeVisible();
  await shot(page, 'after-sale-list');
  await page.goto(`/afterSaleDetail?id=${id}`);
  await page.getByRole('link', { name: '查看货款收支明细' }).click();
  await expect(page).toHaveURL(/\/income$/);
  const record = page.locator('.funds-record').filter({ hasText: order.orderCode }).filter({ hasText: `+¥${amount}` });
  await expect(record).toBeVisible();
});
