import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { asPage, expectToast, submitLogin } from './helpers';
import { asFinance } from './staff';

/** WeChat's in-app browser on Android (every screen is tested inside WeChat at 375×812). */
export const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';

/** Inside WeChat the first load makes the OAuth round trip (openId) and comes back to /login. */
export async function loginInWeChat(page: Page, phone: string, password: string) {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, phone, password);
  await expectToast(page, '登录成功');
  await expect(page).toHaveURL(/\/home$/);
}

const png = () => sharp({ create: { width: 60, height: 40, channels: 3, background: '#457b9d' } }).png().toBuffer();

/**
 * The logged-in new agent's first top-up, offline with a voucher, as /offline sends it; finance approves it (its inviter
 * earns the recruitment reward, frozen for the release days). Answers the top-up's code.
 */
export async function firstTopUpApproved(page: Page, phone: string): Promise<string> {
  const post = await asPage(page);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);
  const upload = await page.request.post('/api/common/uploadImgFile.do', {
    multipart: { platId: 'plat-demo', 0: { name: 'voucher.png', mimeType: 'image/png', buffer: await png() } },
    headers: { accessToken: token },
  });
  const voucher = (await upload.json()).obj as string;
  const accounts = await post('/api/agent/selBaseOfflinePayAccount.do', {});
  const grade = await post('/api/agent/selAgentUpgradeApplyInfo.do', {});
  const submitted = await post('/api/agent/submitApplicationsForPersonal.do', {
    rechargeMoney: grade.obj.oldAgentGradeInfo.firstRechargeMoney as string,
    payType: 1,
    accountId: accounts.objs[0].id,
    remitAccountName: '周首充',
    remitAccountNumber: '6222020200001112223',
    voucherImgUrl: voucher,
    idempotencyKey: crypto.randomUUID(),
  });
  const staff = await asFinance(page);
  const pending = await staff('/api/staff/selectPendingRecharges.do', { phonePage: { pageSize: 50, pageNum: 1 } });
  const mine = pending.objs.find((r: any) => r.agentPhone === phone);
  await staff('/api/staff/reviewRecharge.do', { id: mine.id, approve: true });
  return submitted.obj.rechargeCode as string;
}
