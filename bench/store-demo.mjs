// A demo store for the Lighthouse run of /store/<shopId> (ADR 0042). The demo seed has none on purpose: a seeded band
// would change the retail lists the API tests assert exactly. So headquarters opens one here, through the public calls
// a person would make: admin opens the store of the demo agent 13800000003 and lets the first 8 specs of the catalog
// sell at retail at their sale price (band ×1 to ×2); the agent names the store. Answers its shopId.
const PLAT_ID = 'plat-demo';

async function post(base, path, payload, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ platId: PLAT_ID, in: JSON.stringify(payload) }),
  });
  const body = await res.json();
  if (body.errorType !== 'SUCCESS') throw new Error(`store demo ${path}: ${body.msg}`);
  return body;
}

export async function demoStore(base) {
  const staff = await post(base, '/api/staff/staffLogin.do', { username: 'admin', password: 'staff1234' });
  const asStaff = { staffToken: staff.staffToken };
  const login = await post(base, '/api/home/newLogin.do', { suAccount: '13800000003', suPassword: 'demo1234' });
  const asAgent = { accessToken: login.accessToken };
  await post(base, '/api/staff/saveAgentStore.do', { agentId: login.obj.agentId, override: 1 }, asStaff);
  const bands = await post(base, '/api/staff/selRetailBands.do', { phonePage: { pageSize: 8, pageNum: 1 } }, asStaff);
  for (const b of bands.objs) {
    const twice = (Number(b.salePrice) * 2).toFixed(2);
    await post(base, '/api/staff/saveRetailBand.do', { singleProdId: b.singleProdId, retailEnabled: 1, defaultPrice: b.salePrice, minPrice: b.salePrice, maxPrice: twice }, asStaff);
  }
  await post(base, '/api/store/saveMyStore.do', { storeName: '小周的好物店', storeImgUrl: '', greeting: '正品直发，总部发货' }, asAgent);
  const mine = await post(base, '/api/store/selMyStore.do', {}, asAgent);
  if (!mine.obj.shopId) throw new Error('store demo: the store did not open');
  return mine.obj.shopId;
}
