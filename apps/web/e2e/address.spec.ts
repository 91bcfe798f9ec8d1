import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { dialog, expectToast, fill, loginAs, pickRegion } from './helpers';

const AGENT = { phone: '13800000004', password: 'demo1234' };

const item = (page: Page, receiver: string) => page.getByRole('listitem').filter({ hasText: receiver });
const defaultBox = (page: Page, receiver: string) => item(page, receiver).getByRole('checkbox', { name: '设为默认' });

async function addAddress(page: Page, a: { name: string; phone: string; region: [string, string, string]; detail: string }) {
  await page.getByRole('button', { name: '新增收货地址' }).click();
  await expect(page).toHaveURL(/\/addressP$/);
  await fill(page, '收货人', a.name);
  await fill(page, '手机号码', a.phone);
  await pickRegion(page, a.region);
  await fill(page, '详细地址', a.detail);
  await page.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功');
  // spec 2 §4: back to the list one second after the save.
  await expect(page).toHaveURL(/\/address$/, { timeout: 5000 });
}

test.describe('/address and /addressP', () => {
  test('an agent adds addresses through the region picker, sets the default, edits and deletes', async ({ page }) => {
    await loginAs(page, AGENT.phone, AGENT.password);
    await page.goto('/address');
    await expect(page.getByText('暂无收货地址')).toBeVisible();

    // The form says what is missing, top to bottom.
    await page.getByRole('button', { name: '新增收货地址' }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '请输入收货人姓名');
    await fill(page, '收货人', '赵强');
    await fill(page, '手机号码', '1380000000');
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '请输入正确的手机号码');
    await fill(page, '手机号码', '13800000004');
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '请选择省市区');
    await pickRegion(page, ['河北省', '唐山市', '古冶区']);
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '请输入详细地址');
    await fill(page, '详细地址', '林西街道88号');
    await fill(page, '邮政编码', '06300');
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '邮政编码为6位数字');
    await fill(page, '邮政编码', '063000');
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await expect(page).toHaveURL(/\/address$/, { timeout: 5000 });

    // The first address is the default.
    await expect(item(page, '赵强')).toContainText('13800000004');
    await expect(item(page, '赵强')).toContainText('河北省唐山市古冶区林西街道88号');
    await expect(defaultBox(page, '赵强')).toBeChecked();
    await expect(page.getByText('没有更多了')).toBeVisible();

    await addAddress(page, { name: '钱芳', phone: '13900001111', region: ['北京市', '北京市', '朝阳区'], detail: '建国路1号' });
    // A municipality's city repeats its province: said once (the one address formatter).
    await expect(item(page, '钱芳')).toContainText('北京市朝阳区建国路1号');
    await expect(item(page, '钱芳')).not.toContainText('北京市北京市');
    await expect(defaultBox(page, '钱芳')).not.toBeChecked();

    // Checking 'set default' clears the other; unchecking cancels it.
    // The tick follows the server's answer (a round trip), so tap and wait for it rather than check().
    await defaultBox(page, '钱芳').click();
    await expectToast(page, '设置成功');
    await expect(defaultBox(page, '钱芳')).toBeChecked();
    await expect(defaultBox(page, '赵强')).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('listitem').first()).toContainText('钱芳');
    await expect(defaultBox(page, '钱芳')).toBeChecked();
    await defaultBox(page, '钱芳').click();
    await expectToast(page, '已取消默认地址');
    await expect(defaultBox(page, '钱芳')).not.toBeChecked();
    await expect(defaultBox(page, '赵强')).not.toBeChecked();

    // Edit: the form opens filled in.
    await item(page, '赵强').getByRole('button', { name: '编辑' }).click();
    await expect(page).toHaveURL(/\/addressP\?id=\d+$/);
    await expect(page.getByLabel('收货人', { exact: true })).toHaveValue('赵强');
    await expect(page.getByRole('button', { name: '所在地区' })).toHaveText('河北省 唐山市 古冶区');
    await fill(page, '收货人', '赵强强');
    await page.getByRole('switch', { name: '设为默认地址' }).check();
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await expect(page).toHaveURL(/\/address$/, { timeout: 5000 });
    await expect(item(page, '赵强强')).toContainText('河北省唐山市古冶区林西街道88号');
    await expect(defaultBox(page, '赵强强')).toBeChecked();

    // Delete asks first; cancelling keeps the address.
    await item(page, '钱芳').getByRole('button', { name: '删除' }).click();
    await expect(dialog(page)).toContainText('删除确认');
    await expect(dialog(page)).toContainText('确认删除该地址吗？');
    await dialog(page).getByRole('button', { name: '取消' }).click();
    await expect(item(page, '钱芳')).toBeVisible();
    await item(page, '钱芳').getByRole('button', { name: '删除' }).click();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectToast(page, '删除成功');
    await expect(item(page, '钱芳')).toHaveCount(0);
    await page.reload();
    await expect(item(page, '钱芳')).toHaveCount(0);
    await expect(item(page, '赵强强')).toBeVisible();
  });

  test('in pick mode, tapping an address keeps it for the settlement and returns', async ({ page }) => {
    await loginAs(page, AGENT.phone, AGENT.password);
    // An address of its own, saved the way the form saves it.
    const id = await page.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem('shop.session') ?? '{}') as { token?: string }).token ?? '';
      const payload = { receiverNmae: '孙选', receiverPhone: '13900002222', provinceCode: '710000', address: '台北市信义路5号' };
      const res = await fetch('/api/order/saveOrderLogisticsAddress.do', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accessToken: token },
        body: new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify(payload) }),
      });
      return ((await res.json()) as { obj: { id: number } }).obj.id;
    });
    await page.goto('/address?openType=1&nowPath=/settlement');
    await expect(item(page, '孙选')).toContainText('台湾省台北市信义路5号');
    await item(page, '孙选').getByRole('button', { name: /孙选/ }).click();
    // Opened directly (no page of ours behind it): it goes to the page nowPath names.
    await expect(page).toHaveURL(/\/settlement$/);
    expect(await page.evaluate(() => sessionStorage.getItem('shop.pickedAddress'))).toBe(String(id));
  });
});
