import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { describeViolations, settle, WCAG_TAGS } from '../../web/e2e/axe';
import { shot } from '../../web/e2e/helpers';
import { loginAs, PLAT_ID, staffApi } from './console';

/**
 * ADR 0036: the console's 售后管理 at 1440 × 900. Service reviews an agent's 退货退款 (photos in the drawer) and
 * approves it; after the return is received, finance refunds it with the order refund flow's preview; axe clean.
 */
const png = (color: string) => sharp({ create: { width: 60, height: 40, channels: 3, background: color } }).png().toBuffer();

async function axeClean(page: import('@playwright/test').Page, selector: string) {
  await settle(page);
  const axe = await new AxeBuilder({ page }).include(selector).withTags(WCAG_TAGS).analyze();
  const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking, describeViolations(blocking)).toEqual([]);
}

test('service approves a 退货退款 in the drawer; finance refunds it after the warehouse received it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const phone = '13800000001';
  const login = await request.post('/api/home/newLogin.do', { form: { platId: PLAT_ID, in: JSON.stringify({ suAccount: phone, suPassword: 'demo1234' }) } });
  const { accessToken: token } = await login.json();
  const post = async (path: string, payload: Record<string, unknown>) => {
    const res = await request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers: { accessToken: token } });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
  // A paid, shipped and received order of 张明, and his request with one photo.
  const address = await post('/api/order/saveOrderLogisticsAddress.do', {
    receiverNmae: '张明', receiverPhone: phone, provinceCode: '440000', cityCode: '440300', districtCode: '440305', address: '科技园南区1栋', isDefAddr: 1,
  });
  const zone = await post('/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 50, pageNum: 1 } });
  const product = zone.objs.find((p: any) => p.prodName === '深海鱼油软胶囊');
  const detail = await post('/api/prod/selectProdInfoById.do', { prodId: product.prodId });
  const spec = detail.obj.prodSingleProductBos.find((s: any) => s.specDispStr === '120粒/瓶');
  const order = (await post('/api/order/saveOrderInfo.do', { orderType: 1, payType: 1, addressId: address.obj.id, orderProductDetailBos: [{ singleProdId: spec.singleProdId, buyNum: 2 }], idempotencyKey: crypto.randomUUID() })).obj;
  await post('/api/order/orderPayment.do', { id: order.id, payType: 1, payPassword: '123456', idempotencyKey: crypto.randomUUID() });
  const warehouse = await staffApi(page, 'warehouse');
  await warehouse('/api/staff/shipOrder.do', { orderId: order.id, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: `76${order.id}000001` }] });
  await post('/api/order/orderReceiveDeal.do', { id: order.id });
  const upload = await request.post('/api/common/uploadImgFile.do', { multipart: { platId: PLAT_ID, 0: { name: 'photo.png', mimeType: 'image/png', buffer: await png('#e76f51') } }, headers: { accessToken: token } });
  const photo = (await upload.json()).obj as string;
  const lineId = (await post('/api/afterSale/selectAfterSaleOptions.do', { orderId: order.id })).obj.lines[0].lineId;
  const applied = await post('/api/afterSale/applyAfterSale.do', { orderId: order.id, kind: 2, reason: '商品破损', description: '一瓶瓶身开裂', lines: [{ lineId, qty: 1 }], photos: [photo] });
  const code = applied.obj.code as string;

  // Service: 待审核 lists it; the drawer shows the photo and the steps; 同意 moves it to 待寄回.
  await loginAs(page, 'service');
  await page.getByRole('menuitem', { name: '售后管理' }).click();
  await page.getByLabel('搜索售后').fill(order.orderCode);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('待审核');
  await expect(row).toContainText('退货退款');
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const drawer = page.getByRole('dialog', { name: `售后 ${code}` });
  await expect(drawer.getByRole('img', { name: '凭证图片1' })).toBeVisible();
  await expect(drawer).toContainText('一瓶瓶身开裂');
  await expect(drawer).toContainText('提交申请');
  await expect(drawer.getByRole('button', { name: /退\s*款/ })).toHaveCount(0);
  await axeClean(page, '.after-sales-drawer');
  await shot(page, 'after-sales-review');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await drawer.getByRole('button', { name: /同\s*意/ }).click();
  await page.getByRole('tooltip').getByRole('button', { name: /同\s*意/ }).click();
  await expect(page.getByText('审核已提交')).toBeVisible();
  await expect(drawer).toContainText('待寄回');
  await expect(drawer).toContainText('审核通过，请寄回商品');

  // The agent sends the parcel back; the warehouse receives it.
  const id = applied.obj.id as number;
  await post('/api/afterSale/submitAfterSaleWaybill.do', { id, carrier: '顺丰速运', waybillCode: 'SF9876543210' });
  await warehouse('/api/staff/receiveAfterSaleReturn.do', { id });

  // Finance: 待退款 → 退款 shows the refund flow's preview (1 of 2 units, back to the goods fund; the stock came back at the warehouse's receipt).
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: /退出登录/ }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await loginAs(page, 'finance');
  await page.getByRole('menuitem', { name: '售后管理' }).click();
  await page.getByText('待退款', { exact: true }).click();
  await page.getByLabel('搜索售后').fill(code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByRole('row').filter({ hasText: code }).getByRole('button', { name: /查\s*看/ }).click();
  const financeDrawer = page.getByRole('dialog', { name: `售后 ${code}` });
  await financeDrawer.getByRole('button', { name: /^退\s*款$/ }).click();
  const dialog = page.getByRole('dialog', { name: `售后退款 · ${code}` });
  const figures = dialog.locator('.ant-descriptions');
  await expect(figures).toContainText('部分退款');
  await expect(figures).toContainText('仓库收货时已退回');
  await axeClean(page, '.after-sales-refund');
  await shot(page, 'after-sales-refund-preview');
  await dialog.getByRole('button', { name: /确认退款/ }).click();
  await expect(page.getByText(/退款已完成：¥/)).toBeVisible();
  await expect(financeDrawer).toContainText('已退款');
  await expect(financeDrawer).toContainText('退款完成');

  const mine = await post('/api/afterSale/selectAfterSaleDetail.do', { id });
  expect(mine.obj).toMatchObject({ state: 5, stateText: '已退款' });
  expect(Number(mine.obj.refund.storeAmount)).toBeGreaterThan(0);
});
