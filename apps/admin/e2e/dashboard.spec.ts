import { expect, test, type APIRequestContext } from '@playwright/test';
import { loginAs, PLAT_ID } from './console';

const AGENT = { phone: '13800000001', password: 'demo1234' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');

/** The agent's side through the shop's API, as its /payment screen calls it: an order paid offline with a voucher. */
async function agentPaysOffline(request: APIRequestContext) {
  const login = await (await request.post('/api/home/newLogin.do', { form: { platId: PLAT_ID, in: JSON.stringify({ suAccount: AGENT.phone, suPassword: AGENT.password }) } })).json();
  const headers = { accessToken: login.accessToken as string };
  const post = async (path: string, payload: Record<string, unknown>) => {
    const body = await (await request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers })).json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
  const address = await post('/api/order/saveOrderLogisticsAddress.do', {
    receiverNmae: '张明',
    receiverPhone: AGENT.phone,
    provinceCode: '440000',
    cityCode: '440300',
    districtCode: '440305',
    address: '科技园南区1栋',
    isDefAddr: 1,
  });
  const zone = await post('/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 50, pageNum: 1 } });
  const detail = await post('/api/prod/selectProdInfoById.do', { prodId: zone.objs[0].prodId });
  const order = await post('/api/order/saveOrderInfo.do', {
    orderType: 1,
    payType: 4,
    addressId: address.obj.id,
    orderProductDetailBos: [{ singleProdId: detail.obj.prodSingleProductBos[0].singleProdId, buyNum: 1 }],
  });
  const info = (await post('/api/order/selectOrderPayInfo.do', { id: order.obj.id })).obj;
  const account = (await post('/api/order/fnSelBaseOfflinePayAccount.do', {})).objs[0];
  const uploaded = await (
    await request.post('/api/common/uploadImgFile.do', {
      multipart: { platId: PLAT_ID, in: '{}', 0: { name: 'voucher.png', mimeType: 'image/png', buffer: PNG } },
      headers,
    })
  ).json();
  expect(uploaded.errorType, uploaded.msg).toBe('SUCCESS');
  await post('/api/order/orderPayment.do', {
    id: order.obj.id,
    payType: 8,
    goodsPayMoney: info.goodsPayMoney,
    awardPayMoney: '0.00',
    offlinePayMoney: info.outstanding,
    orderReceiptRecordBo: { accountId: account.id, remitAccountName: '张明', remitAccountNumber: '6222020200001234567', voucherImgUrl: uploaded.obj },
  });
}

test('the dashboard counts grow live: an agent pays offline and the finance dashboard shows one more, with a badge, without a reload', async ({ page }) => {
  await loginAs(page, 'finance');
  await page.goto('/admin/dashboard');
  await expect(page.getByText('实时更新中')).toBeVisible();
  const card = page.getByTestId('queue-offlinePayments');
  await expect(card).toContainText('线下支付待审核');
  const before = Number((await card.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));

  // Finance sees its queues and not the warehouse's or service's.
  await expect(page.getByTestId('queue-withdrawals')).toBeVisible();
  await expect(page.getByTestId('queue-toShip')).toHaveCount(0);
  await expect(page.getByTestId('queue-openChats')).toHaveCount(0);
  await expect(page.getByText('今日支付金额')).toBeVisible();
  await expect(page.getByText('近30天支付订单')).toBeVisible();

  const loads: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && loads.push(f.url()));
  await agentPaysOffline(page.request);

  await expect(card.locator('.ant-statistic-content-value')).toHaveText(String(before + 1), { timeout: 15_000 });
  await expect(page.getByText('有新待办').first()).toBeVisible();
  await expect(page.getByText(/有新的待办/)).toBeVisible();
  expect(loads).toEqual([]);

  // The card opens its queue.
  await card.click();
  await expect(page).toHaveURL(/\/admin\/queues\/offline-payments$/);
});
