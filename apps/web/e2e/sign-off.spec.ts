import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, shot } from './helpers';
import { loginInWeChat, WECHAT_UA } from './first-top-up';
import { asStaff } from './staff';

// spec 1 §2 /home: the sign-in quick link shows only when sign-in is enabled.
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

const flag = (b: unknown) => (b ? 1 : 0);

test('2.4 with sign-in switched off in the console, /home has no 每日签到 link; switched on again, it returns', async ({ page }) => {
  const staff = await asStaff(page, 'admin');
  const setSign = async (on: boolean) => {
    const { obj } = await staff('/api/staff/selectSettings.do', {});
    const p = obj.pointSetting;
    const value = { ...p, state: flag(p.state), isContinuitySign: flag(p.isContinuitySign), signState: on ? 1 : 0 };
    await staff('/api/staff/saveSetting.do', { key: 'pointSetting', value, version: obj.versions.pointSetting ?? 0 });
  };
  await setSign(false);
  try {
    await loginInWeChat(page, DEMO.inviter.phone, DEMO.password);
    const links = page.getByRole('navigation', { name: '快捷入口' });
    await expect(links.getByRole('button', { name: '防伪查询' })).toBeVisible();
    await expect(links.getByRole('button', { name: '每日签到' })).toHaveCount(0);
    await expect(links.getByRole('button')).toHaveCount(3);
    await shot(page, '18-2.4-sign-off');
  } finally {
    await setSign(true);
  }
  await page.reload();
  await expect(page.getByRole('navigation', { name: '快捷入口' }).getByRole('button', { name: '每日签到' })).toBeVisible();
});
