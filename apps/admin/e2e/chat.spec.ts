import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginAs } from './console';

// 赵强: no other console spec chats as him.
const AGENT = { phone: '13800000004', name: '赵强', password: 'demo1234' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');

/** The agent on the shop's chat screen, on a phone (a second browser context at 375×812). */
async function agentOnChat(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const phone = await context.newPage();
  await phone.goto('/login');
  await phone.getByLabel('账号', { exact: true }).fill(AGENT.phone);
  await phone.getByLabel('密码', { exact: true }).fill(AGENT.password);
  await phone.getByRole('button', { name: '登录', exact: true }).click();
  await expect(phone).toHaveURL(/\/home$/);
  await phone.goto('/im');
  await expect(phone.getByRole('note')).toBeVisible();
  return phone;
}

async function agentSays(phone: Page, text: string) {
  await phone.getByLabel('输入消息').fill(text);
  await phone.getByRole('button', { name: '发送', exact: true }).click();
  await expect(phone.locator('.chat-row.mine').filter({ hasText: text })).not.toContainText('发送中');
}

test('service answers an agent live: unread count, the agent\'s messages arrive, text, emoticon and image replies reach the phone, 结束会话', async ({ page, browser, baseURL }) => {
  const phone = await agentOnChat(browser, baseURL!);
  try {
    // Nobody from service is connected yet: the agent is told (spec 3 §4 noServiceOnline), the message is still kept.
    await expect(phone.getByRole('status').filter({ hasText: '客服暂不在线' })).toHaveText('客服暂不在线，您可以留言，我们会尽快回复');
    await agentSays(phone, '你好，请问今天能发货吗');

    await loginAs(page, 'service');
    await page.goto('/admin/chat');
    const list = page.getByRole('menu', { name: '会话列表' });
    const conversation = list.getByRole('menuitem').filter({ hasText: AGENT.name });
    await expect(conversation).toContainText('你好，请问今天能发货吗');
    await expect(conversation.locator('.ant-badge-count')).toHaveText('1');

    await conversation.click();
    const log = page.getByRole('log', { name: '会话消息' });
    await expect(log.locator('.chat-msg.agent').filter({ hasText: '你好，请问今天能发货吗' })).toBeVisible();
    await expect(conversation.locator('.ant-badge-count')).toHaveCount(0);

    // The agent writes again while the conversation is open: it shows without a reload.
    await agentSays(phone, '订单号稍后发您');
    await expect(log.locator('.chat-msg.agent').filter({ hasText: '订单号稍后发您' })).toBeVisible();

    // A text reply with an emoticon.
    await page.getByLabel('回复内容').fill('您好，今天下午发货');
    await page.getByRole('button', { name: '表情' }).click();
    await page.getByRole('group', { name: '表情' }).getByRole('button', { name: '👍' }).click();
    await expect(page.getByLabel('回复内容')).toHaveValue('您好，今天下午发货👍');
    await page.getByRole('button', { name: /^发\s*送$/ }).click();
    await expect(page.getByLabel('回复内容')).toHaveValue('');
    await expect(log.locator('.chat-msg.service').filter({ hasText: '您好，今天下午发货👍' })).not.toContainText('发送中');
    await expect(phone.locator('.chat-row.theirs').filter({ hasText: '您好，今天下午发货👍' })).toBeVisible();

    // An image reply: stored through the upload rules, shown on the phone.
    await page.locator('input[type=file]').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: PNG });
    await expect(log.getByRole('img', { name: '客服发送的图片' })).toHaveAttribute('src', /^\/api\/common\/upload\/.+\.jpg\?/);
    const onPhone = phone.getByRole('img', { name: '客服发送的图片' });
    await expect(onPhone).toBeVisible();
    await expect.poll(() => onPhone.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    // 结束会话: the agent is told, the conversation leaves the list.
    await page.getByRole('button', { name: '结束会话' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '结束会话' }).click();
    await expect(phone.getByRole('status').filter({ hasText: '会话' })).toHaveText('会话已结束');
    await expect(conversation).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '结束会话' })).toBeDisabled();
    await expect(page.getByRole('alert')).toContainText('会话已结束');
  } finally {
    await phone.context().close();
  }
});

test('a dropped staff socket is shown as such and reconnects by itself', async ({ page }) => {
  let first = true;
  let drop: (() => Promise<void>) | null = null;
  await page.routeWebSocket(/\/api\/ws\/staff-chat$/, (ws) => {
    ws.connectToServer();
    if (first) drop = () => ws.close({ code: 4000, reason: 'network' });
    first = false;
  });
  await loginAs(page, 'service');
  await page.goto('/admin/chat');
  await expect(page.getByText('在线', { exact: true })).toBeVisible();
  await drop!();
  await expect(page.getByText('连接断开，正在重连')).toBeVisible();
  await expect(page.getByText('在线', { exact: true })).toBeVisible();
});
