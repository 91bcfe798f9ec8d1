import { expect, type APIRequestContext } from '@playwright/test';
import { expectAccessible, test } from './axe';
import { DEMO, expectToast, freshPhone, latestSms, registerAgentViaApi, shot } from './helpers';
import { asStaff } from './staff';

// The consumer store asks in its own dialog, not the browser's confirm() (ADR 0042): 取消订单 on an unpaid VD order,
// at a phone's size; keyboard (focus in, Tab kept inside, Escape) and the dialog's two buttons.
test.use({ viewport: { width: 375, height: 812 } });

async function storePost(request: APIRequestContext, path: string, payload: Record<string, unknown>, consumerToken?: string) {
  const res = await request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: consumerToken ? { consumerToken } : {} });
  const body = await res.json();
  expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
  return body;
}

test('a consumer cancels an unpaid store order through the store’s dialog', async ({ page }) => {
  // A store of its own: a new agent, opened by headquarters, one spec sold at retail well above any grade price.
  const agent = await registerAgentViaApi(page.request, '对话框店主');
  const operator = await asStaff(page, 'yunying');
  const admin = await asStaff(page, 'admin');
  const found = await admin('/api/staff/searchAgents.do', { keyword: agent.phone, phonePage: { pageSize: 10, pageNum: 1 } });
  const agentId = found.objs.find((a: any) => a.phone === agent.phone)!.agentId as number;
  await operator('/api/staff/saveAgentStore.do', { agentId, override: 1 });
  const shop = (await operator('/api/staff/selAgentStore.do', { agentId })).obj;
  const bands = await operator('/api/staff/selRetailBands.do', { phonePage: { pageSize: 50, pageNum: 1 } });
  const band = bands.objs[0];
  const top = (Number(band.salePrice) * 3).toFixed(2);
  await operator('/api/staff/saveRetailBand.do', { singleProdId: band.singleProdId, retailEnabled: 1, minPrice: '0.01', defaultPrice: top, maxPrice: top });

  // The consumer (sandbox OAuth code, SMS-confirmed phone) places an order and leaves it unpaid.
  const token = (await storePost(page.request, '/api/store/consumerLogin.do', { code: `e2e-${crypto.randomUUID()}` })).obj.consumerToken as string;
  const phone = freshPhone();
  await storePost(page.request, '/api/store/consumerSendSmsCode.do', { phone }, token);
  await storePost(page.request, '/api/store/consumerConfirmPhone.do', { phone, smsCode: (await latestSms(page.request, phone)).code }, token);
  const order = (
    await storePost(page.request, '/api/store/saveStoreOrder.do', {
      shopId: shop.shopId, lines: [{ singleProdId: band.singleProdId, buyNum: 1 }], receiverName: '赵顾客', receiverPhone: phone, receiverProvince: '北京市',
      receiverCity: '北京市', receiverCounty: '东城区', receiveCountyId: '110101', receiverAddress: '东直门南大街1号', idempotencyKey: crypto.randomUUID(),
    }, token)
  ).obj as { id: number; orderCode: string };

  // The store page holds the consumer's session as the store keeps it.
  await page.addInitScript((session) => localStorage.setItem('shop.consumer', session), JSON.stringify({ token, phoneConfirmed: true, maskedPhone: '' }));
  let browserDialogs = 0;
  page.on('dialog', (d) => {
    browserDialogs += 1;
    void d.dismiss();
  });
  await page.goto(`/store/${shop.shopId}/order?id=${order.id}`);
  await expect(page.getByRole('heading', { name: '待付款' })).toBeVisible();

  const cancelButton = page.getByRole('button', { name: '取消订单' });
  await cancelButton.click();
  const ask = page.getByRole('dialog', { name: '取消订单' });
  await expect(ask).toHaveAttribute('aria-modal', 'true');
  await expect(ask).toHaveAccessibleDescription('确定取消这个订单吗？取消后需要重新下单。');
  const keep = ask.getByRole('button', { name: '再想想' });
  const yes = ask.getByRole('button', { name: '取消订单' });
  await expect(keep).toBeFocused();
  // Tab stays inside the dialog, both ways.
  await page.keyboard.press('Tab');
  await expect(yes).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(yes).toBeFocused();
  await expectAccessible(page, 'store cancel dialog');
  await shot(page, 'store-cancel-dialog');

  // 再想想: nothing changes, the focus is back on 取消订单.
  await keep.click();
  await expect(ask).toHaveCount(0);
  await expect(cancelButton).toBeFocused();
  await expect(page.getByRole('heading', { name: '待付款' })).toBeVisible();

  // 取消订单 in the dialog: the order closes.
  await cancelButton.click();
  await yes.click();
  await expectToast(page, '订单已取消');
  await expect(page.getByRole('heading', { name: '已关闭' })).toBeVisible();
  expect(browserDialogs).toBe(0);
});
