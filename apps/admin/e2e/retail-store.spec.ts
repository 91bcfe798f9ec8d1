import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../../web/e2e/axe';
import { shot } from '../../web/e2e/helpers';
import { loginAs, PLAT_ID } from './console';

/**
 * ADR 0038 from headquarters' side: admin opens one agent's store and sets a spec's retail band; a consumer (API: OAuth
 * code, SMS-confirmed phone, sandbox WeChat Pay) buys from it; the warehouse ships the VD order marked 门店订单 and
 * finance refunds it, the retail income reversed. The warehouse ships it from the one 待发货 queue (ADR 0042).
 */
async function consumerBuys(request: APIRequestContext, shopId: number, singleProdId: number) {
  const post = async (path: string, payload: Record<string, unknown>, consumerToken?: string) => {
    const res = await request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers: consumerToken ? { consumerToken } : {} });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
  const token = (await post('/api/store/consumerLogin.do', { code: `e2e-${crypto.randomUUID()}` })).obj.consumerToken as string;
  const phone = `136${String(Date.now()).slice(-8)}`;
  await post('/api/store/consumerSendSmsCode.do', { phone }, token);
  const sms = await (await request.get(`/dev/sms-outbox?phone=${phone}`)).json();
  await post('/api/store/consumerConfirmPhone.do', { phone, smsCode: sms.code }, token);
  const order = (await post('/api/store/saveStoreOrder.do', {
    shopId, lines: [{ singleProdId, buyNum: 2 }], receiverName: '韩梅梅', receiverPhone: phone, receiverProvince: '广东省', receiverCity: '深圳市',
    receiverCounty: '南山区', receiveCountyId: '440305', receiverAddress: '科技园南区2栋', idempotencyKey: crypto.randomUUID(),
  }, token)).obj;
  const pre = (await post('/api/store/storeOrderPrePay.do', { id: order.id }, token)).obj;
  const paid = await request.post('/dev/wechatpay/simulate.do', { data: { outTradeNo: pre.outTradeNo, outcome: 'pay' }, headers: { consumerToken: token } });
  expect(paid.status()).toBe(200);
  return order as { id: number; orderCode: string };
}

test('admin opens a store and sets the band; the warehouse ships the VD order (门店订单) and finance refunds it', async ({ page, request }) => {
  const login = await request.post('/api/home/newLogin.do', { form: { platId: PLAT_ID, in: JSON.stringify({ suAccount: '13800000003', suPassword: 'demo1234' }) } });
  const { accessToken: agentToken, obj: user } = await login.json();
  expect(agentToken).toBeTruthy();
  const agentPost = async (path: string, payload: Record<string, unknown>) => (await (await request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers: { accessToken: agentToken } })).json());

  // 1. Admin: this agent's store opened on its own (店铺开通).
  await loginAs(page, 'admin');
  await page.getByRole('menuitem', { name: '店铺开通' }).click();
  await expect(page.getByRole('heading', { name: '店铺开通' }).or(page.getByText('店铺开通').first())).toBeVisible();
  await page.getByLabel('代理商ID').fill(String(user.agentId));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByRole('radio', { name: '开通' }).click();
  await expect(page.getByText('店铺已开通')).toBeVisible();
  await shot(page, 'console-store-switches');
  await expectAccessible(page, '店铺开通');

  // 2. Admin: the retail band of one spec (零售价区间).
  await page.getByRole('menuitem', { name: '零售价区间' }).click();
  await page.getByLabel('按商品名称查询').fill('深海鱼油');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: '120粒/瓶' }).first();
  await row.getByRole('button', { name: /设\s*置/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('允许零售').click();
  await dialog.getByLabel('最低价').fill('1');
  await dialog.getByLabel('默认零售价').fill('888.88');
  await dialog.getByLabel('最高价').fill('9999');
  await shot(page, 'console-retail-band');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(row.getByText('允许')).toBeVisible();
  await expectAccessible(page, '零售价区间');

  // 3. The agent's store shows the spec at the default price; a consumer buys two.
  const mine = await agentPost('/api/store/selMyStore.do', {});
  expect(mine.obj).toMatchObject({ enabled: 1, storePath: `/store/${mine.obj.shopId}` });
  const products = (await agentPost('/api/store/selMyStoreProducts.do', {})).objs as { singleProdId: number; specDispStr: string; retailPrice: string; unitIncome: string }[];
  const spec = products.find((p) => p.specDispStr === '120粒/瓶')!;
  expect(spec.retailPrice).toBe('888.88');
  const order = await consumerBuys(request, mine.obj.shopId, spec.singleProdId);

  // 4. The warehouse's 待发货 holds the VD order in the same queue, tagged 门店订单; it ships it there (ADR 0042).
  await page.getByRole('button', { name: /退出登录/ }).click();
  await loginAs(page, 'warehouse');
  await page.getByRole('menuitem', { name: '待发货' }).click();
  await page.getByPlaceholder('订单编号或手机号').fill(order.orderCode);
  await page.getByPlaceholder('订单编号或手机号').press('Enter');
  const line = page.getByRole('row').filter({ hasText: order.orderCode });
  await expect(line.getByText('门店订单')).toBeVisible();
  await expect(line).toContainText('韩梅梅');
  await expect(line).toContainText('科技园南区2栋');
  await shot(page, 'console-shipping-queue-vd');
  await expectAccessible(page, '待发货');
  await line.getByRole('button', { name: `发货 ${order.orderCode}` }).click();
  const ship = page.getByRole('dialog', { name: `发货 ${order.orderCode}` });
  await expect(ship).toContainText('门店订单（寄给顾客，寄件人为总部）');
  await ship.getByLabel('包裹1 物流公司').fill('顺丰速运');
  await ship.getByLabel('包裹1 运单号').fill('SF1000000001');
  await expect(ship.getByRole('button', { name: '添加包裹' })).toHaveCount(0);
  await shot(page, 'console-store-order-ship');
  await ship.getByRole('button', { name: /确认发货/ }).click();
  await expect(page.getByText('发货成功')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: order.orderCode })).toHaveCount(0);

  // 5. Finance refunds it: WeChat back to the consumer, the frozen retail income cancelled.
  await page.getByRole('button', { name: /退出登录/ }).click();
  await loginAs(page, 'finance');
  await page.getByRole('menuitem', { name: '店铺订单' }).click();
  await page.getByLabel('按订单编号查询').fill(order.orderCode);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByText('全部', { exact: true }).click();
  const paidRow = page.getByRole('row').filter({ hasText: order.orderCode });
  await expect(paidRow.getByText('冻结中')).toBeVisible();
  await paidRow.getByRole('button', { name: /退\s*款/ }).click();
  const refund = page.getByRole('dialog', { name: `整单退款 ${order.orderCode}` });
  await refund.getByLabel('退款原因').fill('顾客拒收');
  await shot(page, 'console-store-order-refund');
  await refund.getByRole('button', { name: /确认退款/ }).click();
  await expect(page.getByText(/退款已提交：微信退回 ¥1777\.76/)).toBeVisible();
  await expect(paidRow.getByText('已冲回')).toBeVisible();
  await shot(page, 'console-store-orders');
  const total = (await agentPost('/api/store/selMyStoreOrders.do', {})).objs.find((o: { orderCode: string }) => o.orderCode === order.orderCode);
  expect(total).toMatchObject({ state: 8, incomeStateText: '已冲回' });
});
