import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, expectToast, loginAs, placeOrder } from './helpers';

const png = (color: string) => sharp({ create: { width: 60, height: 40, channels: 3, background: color } }).png().toBuffer();

/** The staff API (no screen yet): log in as the platform admin and call an operation. */
async function asStaff(page: Page) {
  const login = await page.request.post('/api/staff/staffLogin.do', { form: { platId: DEMO.platId, in: JSON.stringify({ username: 'admin', password: 'staff1234' }) } });
  const token = (await login.json()).staffToken as string;
  return async (path: string, payload: Record<string, unknown>) => {
    const res = await page.request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: { staffToken: token } });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
}

test('pay offline with two vouchers, approved by staff, shipped, tracked, received: the order completes', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const order = await placeOrder(page, { payType: 4 }); // offline chosen at the settlement (isCanState 5)

  // /payment: offline, the receiving account, the remitter, two vouchers.
  await page.goto(`/payment?id=${order.id}`);
  await expect(page.getByTestId('order-code')).toHaveText(order.orderCode);
  await expect(page.getByRole('radio', { name: '线下支付' })).toBeChecked();
  await page.getByRole('button', { name: '提交审核' }).click();
  await expectToast(page, '请选择收款账户');
  await page.getByRole('radio', { name: /健康优选（深圳）有限公司 4000023409200156789/ }).check();
  await page.getByRole('button', { name: '提交审核' }).click();
  await expectToast(page, '请输入打款账户名');
  await page.getByLabel('打款账户名', { exact: true }).fill('张明');
  await page.getByLabel('打款账户', { exact: true }).fill('6222020200001234567');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expectToast(page, '请上传打款凭证');
  await page.getByLabel('上传打款凭证').setInputFiles([
    { name: 'voucher-1.png', mimeType: 'image/png', buffer: await png('#2a9d8f') },
    { name: 'voucher-2.PNG', mimeType: 'image/png', buffer: await png('#e76f51') },
  ]);
  await expect(page.locator('.voucher img')).toHaveCount(2);
  await expect(page.locator('.voucher figcaption')).toHaveCount(0); // both uploaded
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page).toHaveURL(/\/orderPayResult/);
  await expect(page.getByText(/等待商家审核/).first()).toBeVisible();

  // Staff approve the payment and ship one parcel.
  const staff = await asStaff(page);
  const pending = await staff('/api/staff/selectPendingReviewOrders.do', { phonePage: { pageSize: 50, pageNum: 1 } });
  const mine = pending.objs.find((o: any) => o.orderCode === order.orderCode);
  expect(String(mine.receiptRecords[0].voucherImgUrl).split(';')).toHaveLength(2);
  await staff('/api/staff/reviewOfflinePayment.do', { orderId: order.id, approve: true });
  await staff('/api/staff/shipOrder.do', { orderId: order.id, parcels: [{ logisticsName: '顺丰速运', shipperCode: 'SF', waybillCode: 'SF1234567890' }] });

  // The agent follows the parcel and confirms receipt.
  await page.goto(`/ordersDetail?id=${order.id}`);
  await expect(page.getByRole('region', { name: '订单状态' })).toContainText('待收货');
  await page.getByRole('button', { name: '查看物流' }).click();
  await expect(page).toHaveURL(/\/logisticsInformation\?/);
  await expect(page.getByText('顺丰速运').first()).toBeVisible();
  await expect(page.getByText('SF1234567890').first()).toBeVisible();
  await page.goBack();
  await page.getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByText('是否确认收货')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('region', { name: '订单状态' })).toContainText('已完成');
});
