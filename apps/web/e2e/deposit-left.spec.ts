import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, expectToast, submitLogin } from './helpers';
import { asFinance } from './staff';

/** 王芳 (demo, 银卡 rule 1000.00): owes the deposit at the start, and again at the end of this spec. */
const AGENT = '13800000003';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';

async function agentApi(request: APIRequestContext) {
  const login = await request.post('/api/home/newLogin.do', { form: { platId: DEMO.platId, in: JSON.stringify({ suAccount: AGENT, suPassword: DEMO.password }) } });
  const token = (await login.json()).accessToken as string;
  expect(token).toBeTruthy();
  const post = async (path: string, payload: Record<string, unknown>) => {
    const res = await request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: { accessToken: token } });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
  const voucher = async () => {
    const buffer = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
    const res = await request.post('/api/common/uploadImgFile.do', {
      multipart: { platId: DEMO.platId, in: '{}', 0: { name: 'voucher.png', mimeType: 'image/png', buffer } },
      headers: { accessToken: token },
    });
    return (await res.json()).obj as string;
  };
  return { post, voucher };
}

/** The login screen inside WeChat: the first load makes the OAuth round trip (openId) and comes back to /login. */
async function loginInWeChat(page: Page) {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await submitLogin(page, AGENT, DEMO.password);
  await expectToast(page, '登录成功');
  await expect(page).toHaveURL(/\/home$/);
}

// ADR 0026, spec 1 §4: an approved refund of the whole deposit takes the agent out. Inside WeChat at a phone's size.
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

test('a full deposit refund ends the session with 您已退保 系统自动退出; after reactivation /compliance shows the deposit due', async ({ page, request }) => {
  // The deposit paid offline and approved, then a refund of all of it applied for (through the api, as the pages do).
  const agent = await agentApi(request);
  const accounts = await agent.post('/api/bond/selectBaseOfflinePayAccountByApgId.do', {});
  const paid = await agent.post('/api/bond/payBondManage.do', {
    bondMoney: '1000.00', payType: 1, accountId: accounts.objs[0].id, voucherImgUrl: await agent.voucher(),
    remitAccountName: '王芳', remitAccountNumber: '6222020200001234', idempotencyKey: `e2e-left-${Date.now()}`,
  });
  const staff = await asFinance(page);
  await staff('/api/staff/reviewBondPayment.do', { id: paid.obj.id, approve: true });
  const banks = await agent.post('/api/base/selectBaseWithdrawCashBank.do', {});
  await agent.post('/api/base/saveAccount.do', { bankDicId: banks.objs[0].bankDicId, bankDicName: banks.objs[0].bankDicName, subBankName: '深圳分行', accountName: '王芳', accountNumber: '6217000011113333' });
  const init = await agent.post('/api/bond/applyWithdrawalBondInit.do', { bondReturnType: 1 });
  expect(init.obj.returnBondMoney).toBe('1000.00');
  const mine = await agent.post('/api/base/selectBaseOfflinePayAccountBoList.do', { phonePage: { pageSize: 10, pageNum: 1 } });
  const refund = await agent.post('/api/bond/withdrawalBondManage.do', {
    bondReturnType: 1, returnBondMoney: '1000.00', accountId: mine.objs[0].id, idempotencyKey: `e2e-left-r-${Date.now()}`,
  });

  // The agent is logged in on the phone when finance approves the refund.
  await loginInWeChat(page);
  await staff('/api/staff/reviewBondReturn.do', { id: refund.obj.id, approve: true, payoutReference: 'E2E-LEFT-1' });
  // The agent moves on inside the app (no new page load, which inside WeChat may make the OAuth round trip): the
  // first call that meets the ended session says why and goes to /login.
  await page.evaluate((to) => { history.pushState(null, '', to); dispatchEvent(new PopStateEvent('popstate')); }, '/compliance');
  await expectToast(page, '您已退保 系统自动退出');
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, AGENT, DEMO.password);
  await expectToast(page, '您已退保 系统自动退出');
  await expect(page).toHaveURL(/\/login/);

  // Finance takes the agent back: the deposit (now 0.00 held) is due again and /compliance offers to pay it.
  const agentId = (await staff('/api/staff/searchAgents.do', { keyword: AGENT, phonePage: { pageSize: 10, pageNum: 1 } })).objs[0].agentId;
  const back = await staff('/api/staff/reactivateAgent.do', { agentId, reason: 'E2E：恢复代理商' });
  expect(back.obj).toMatchObject({ isActive: true, needBond: true });
  await loginInWeChat(page);
  await page.goto('/compliance');
  await expect(page.getByTestId('bond-money')).toHaveText('¥0.00');
  await expect(page.getByTestId('grade-bond')).toHaveText('¥1000.00');
  await expect(page.getByText('您需要缴纳合规金 ¥1000.00 后才能进货、提现和转款')).toBeVisible();
  await expect(page.getByRole('button', { name: '缴纳合规金' })).toBeEnabled();
});
