import { expect, type APIRequestContext } from '@playwright/test';
import { PLAT_ID } from './console';

/** A 1×1 PNG: the server checks vouchers by content, so a real image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC', 'base64');

/** The demo agent 张明 (apps/api/src/db/seed/demo-data.ts) calling the shop's API as the shop does. */
export async function agentApi(request: APIRequestContext, phone = '13800000001', password = 'demo1234') {
  const login = await request.post('/api/home/newLogin.do', { form: { platId: PLAT_ID, in: JSON.stringify({ suAccount: phone, suPassword: password }) } });
  const token = (await login.json()).accessToken as string;
  expect(token).toBeTruthy();
  const post = async (path: string, payload: Record<string, unknown>) => {
    const res = await request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers: { accessToken: token } });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
  return { post, token };
}

/**
 * An order of one bottle of the demo fish oil paid offline by the agent: the voucher uploaded, the receipt submitted,
 * the order awaiting the finance review (state 2).
 */
export async function offlineOrder(request: APIRequestContext) {
  const { post, token } = await agentApi(request);
  const address = await post('/api/order/saveOrderLogisticsAddress.do', {
    receiverNmae: '张明',
    receiverPhone: '13800000001',
    provinceCode: '440000',
    cityCode: '440300',
    districtCode: '440305',
    address: '科技园南区1栋',
    isDefAddr: 1,
  });
  const zone = await post('/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 50, pageNum: 1 } });
  const product = zone.objs.find((p: any) => p.prodName === '深海鱼油软胶囊');
  const detail = await post('/api/prod/selectProdInfoById.do', { prodId: product.prodId });
  const spec = detail.obj.prodSingleProductBos.find((s: any) => s.specDispStr === '120粒/瓶');
  const order = (await post('/api/order/saveOrderInfo.do', { orderType: 1, payType: 4, addressId: address.obj.id, orderProductDetailBos: [{ singleProdId: spec.singleProdId, buyNum: 1 }], idempotencyKey: crypto.randomUUID() })).obj;
  const uploaded = await request.post('/api/common/uploadImgFile.do', {
    multipart: { platId: PLAT_ID, in: '{}', '0': { name: 'voucher.png', mimeType: 'image/png', buffer: PNG } },
    headers: { accessToken: token },
  });
  const file = await uploaded.json();
  expect(file.errorType, file.msg).toBe('SUCCESS');
  const voucherImgUrl = file.obj as string;
  const receipt = { accountId: 1, remitAccountName: '张明', remitAccountNumber: '6222020200001234567', voucherImgUrl };
  await post('/api/order/orderPayment.do', { id: order.id, payType: 8, orderReceiptRecordBo: receipt, idempotencyKey: crypto.randomUUID() });
  return { id: order.id as number, orderCode: order.orderCode as string, post };
}
