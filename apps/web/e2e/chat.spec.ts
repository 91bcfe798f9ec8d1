import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, loginAs } from './helpers';

// ws 8 (with @fastify/websocket) plays the service staff: the back-office screen comes in a later issue.
const WS: any = createRequire(import.meta.url)('ws');
// 李华: no other spec chats as him.
const AGENT = { phone: DEMO.other.phone, password: DEMO.password };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');

/** The kefu staff member's socket: every frame kept, `next` waits for the first unseen one that matches. */
async function serviceStaff(baseURL: string, staffToken: string) {
  const ws = new WS(`${baseURL.replace(/^http/, 'ws')}/api/ws/staff-chat`);
  const frames: any[] = [];
  const used = new Set<number>();
  ws.on('message', (raw: Buffer) => frames.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  ws.send(JSON.stringify({ type: 'auth', staffToken }));
  const next = async (match: (f: any) => boolean) => {
    let found = -1;
    await expect
      .poll(() => (found = frames.findIndex((f, i) => !used.has(i) && match(f))), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(0);
    used.add(found);
    return frames[found];
  };
  await next((f) => f.event === 'ready');
  return { next, send: (frame: unknown) => ws.send(JSON.stringify(frame)), close: () => ws.close() };
}

test('chat: the agent sends text, an emoticon and an image; service answers and the agent sees it live', async ({ page, baseURL }) => {
  const login = await page.request.post('/api/staff/staffLogin.do', { form: { platId: DEMO.platId, in: JSON.stringify({ username: 'kefu', password: 'staff1234' }) } });
  const staff = await serviceStaff(baseURL!, (await login.json()).staffToken);
  try {
    await loginAs(page, AGENT.phone, AGENT.password);
    await page.goto('/im');
    await expect(page.getByRole('note')).toHaveText('您好，欢迎咨询在线客服，请问有什么可以帮您？');

    // spec 3 §5: blank input is refused on the page.
    await page.getByRole('button', { name: '发送', exact: true }).click();
    await expect(page.locator('.app-toast')).toHaveText('请输入发送内容');

    await page.getByLabel('输入消息').fill('你好，我想问一下发货时间');
    await page.getByRole('button', { name: '表情', exact: true }).click();
    const emoticons = page.getByRole('group', { name: '表情' }).getByRole('button');
    await expect(emoticons).toHaveCount(60);
    await emoticons.first().click();
    await expect(page.getByLabel('输入消息')).toHaveValue('你好，我想问一下发货时间😀');
    await page.getByRole('button', { name: '发送', exact: true }).click();
    await expect(page.getByLabel('输入消息')).toHaveValue('');
    const text = await staff.next((f) => f.event === 'message' && f.data.content === '你好，我想问一下发货时间😀');
    await expect(page.locator('.chat-row.mine').filter({ hasText: '你好，我想问一下发货时间😀' })).not.toContainText('发送中');

    await page.locator('.chat-page input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    const image = await staff.next((f) => f.event === 'message' && f.data.msgType === 1);
    expect(image.data.chatId).toBe(text.data.chatId);
    const mine = page.getByRole('img', { name: '我发送的图片' });
    await expect(mine).toHaveAttribute('src', /^\/api\/common\/upload\/.+\.jpg\?exp=/);
    await expect.poll(() => mine.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    staff.send({ type: 'reply', chatId: text.data.chatId, clientMsgId: 'e2e-reply-1', msgType: 0, content: '您好，订单今天下午发货' });
    await expect(page.locator('.chat-row.theirs').filter({ hasText: '您好，订单今天下午发货' })).toBeVisible();
    staff.send({ type: 'reply', chatId: text.data.chatId, clientMsgId: 'e2e-reply-2', msgType: 1, imageBase64: PNG.toString('base64') });
    await expect(page.getByRole('img', { name: '客服发送的图片' })).toBeVisible();

    // Each message shows once, in the order it was stored.
    await expect(page.locator('.chat-row')).toHaveCount(4);
  } finally {
    staff.close();
  }
});

test('chat from the 客服 button: the composer stays on screen, offline service is said once, messages show their time', async ({ page }) => {
  const toasts: string[] = [];
  await page.exposeFunction('noteToast', (t: string) => toasts.push(t));
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  await page.evaluate(() => {
    new MutationObserver(() => {
      const t = document.querySelector('.app-toast')?.textContent;
      if (t) (window as unknown as { noteToast: (t: string) => void }).noteToast(t);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // From /home's 客服 button: the back bar sits above the chat.
  await page.getByRole('button', { name: '客服' }).click();
  await expect(page).toHaveURL(/\/im$/);
  await expect(page.getByRole('button', { name: '返回' })).toBeVisible();

  // spec 3 §4 noServiceOnline: nobody from service is connected; said once in the conversation, no toast.
  const offline = page.getByRole('status').filter({ hasText: '客服暂不在线' });
  await expect(offline).toHaveText('客服暂不在线，您可以留言，我们会尽快回复');
  await expect(offline).toHaveCount(1);

  const send = page.getByRole('button', { name: '发送', exact: true });
  const fullyOnScreen = async (height: number) => {
    const box = (await send.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
  };
  await fullyOnScreen(812);
  // The keyboard takes the lower part of the screen: the visible height shrinks, the composer follows it.
  await page.setViewportSize({ width: 375, height: 480 });
  await expect.poll(async () => { const b = (await send.boundingBox())!; return b.y + b.height; }).toBeLessThanOrEqual(480);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(async () => { const b = (await send.boundingBox())!; return b.y + b.height; }).toBeGreaterThan(760);
  await fullyOnScreen(812);

  // The message is still kept, and shows the time it was sent (today: HH:mm).
  await page.getByLabel('输入消息').fill('有人在吗');
  await send.click();
  const mine = page.locator('.chat-row.mine').filter({ hasText: '有人在吗' });
  await expect(mine.locator('time')).toHaveText(/^\d\d:\d\d$/);
  expect(toasts.filter((t) => t.includes('客服'))).toEqual([]);
});
