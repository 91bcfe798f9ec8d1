import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONTENT_CONSOLE_MESSAGES as M,
  saveActivity,
  saveBanner,
  saveChatGreeting,
  saveMaterial,
  saveMaterialClassify,
  saveNotice,
  selectActivitiesAdmin,
  selectAppNoticeById,
  selectBannerList,
  selectChatGreeting,
  selectLatestApp,
  selectMaterialsAdmin,
  selectNoticesAdmin,
  staffLogin,
  uploadStaffImage,
} from '@shop/contract';
import { chinaTimeText } from '@shop/contract';
import { auditOf } from '../src/modules/audit/audit.queries.js';
import { useTestApp } from './helpers/app.js';
import { addProduct } from './helpers/shop-fixture.js';
import { staffCall, STAFF_PASSWORD } from './helpers/staff-fixture.js';
import { DAY } from './helpers/time.js';

const t = useTestApp();
let op = '';
let agent = '';
const as = async (o: Parameters<typeof staffCall>[1], payload: unknown) => (await staffCall(t, o, payload, { staffToken: op })).body;
const at = (msFromNow: number) => chinaTimeText(new Date(t.clock.now().getTime() + msFromNow));

beforeEach(async () => {
  op = (await staffCall(t, staffLogin, { username: 'yunying', password: STAFF_PASSWORD })).body.staffToken as string;
  agent = (await t.login('13800000001', 'demo1234')).token;
});

describe('notices', () => {
  it('sanitises the content, audits the write and shows a timed notice in the shop only from its release date', async () => {
    const saved = await as(saveNotice, {
      noticeName: '双十一公告',
      noticeContent: '<p onclick="x()">活动<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
      isTimingRelease: true,
      releaseDate: at(DAY),
    });
    expect(saved.errorType).toBe('SUCCESS');
    const id = saved.obj.id;
    const list = await as(selectNoticesAdmin, { keyword: '双十一' });
    expect(list.objs[0]).toMatchObject({ id, noticeContent: '<p>活动<a>链接</a></p>', isTimingRelease: true, released: false });

    const shop = async () => (await t.call(selectLatestApp, { noticeName: '双十一' }, { token: agent })).body.objs.map((n: any) => n.id);
    expect(await shop()).toEqual([]);
    expect((await t.call(selectAppNoticeById, { id }, { token: agent })).body.errorType).not.toBe('SUCCESS');
    t.clock.advance(DAY + 1000);
    agent = (await t.login('13800000001', 'demo1234')).token;
    expect(await shop()).toEqual([id]);
    expect((await t.call(selectAppNoticeById, { id }, { token: agent })).body.obj.noticeContent).toBe('<p>活动<a>链接</a></p>');
    const audit = await auditOf(t.db.kysely, t.config.platId, 'notice', id);
    expect(audit).toMatchObject([{ operation: 'saveNotice', staff_name: 'yunying', role: 'operator' }]);
  });

  it.each([
    [{ noticeName: '', noticeContent: '<p>a</p>', isTimingRelease: false }, M.noticeNameRequired],
    [{ noticeName: 'x'.repeat(51), noticeContent: '<p>a</p>', isTimingRelease: false }, M.noticeNameTooLong],
    [{ noticeName: '标题', noticeContent: '', isTimingRelease: false }, M.noticeContentRequired],
    [{ noticeName: '标题', noticeContent: '<script>alert(1)</script>', isTimingRelease: false }, M.noticeContentRequired],
    [{ noticeName: '标题', noticeContent: '<p>a</p>', isTimingRelease: true }, M.releaseDateRequired],
    [{ noticeName: '标题', noticeContent: '<p>a</p>', isTimingRelease: true, releaseDate: '明天' }, M.timeInvalid],
    [{ id: 999999, noticeName: '标题', noticeContent: '<p>a</p>', isTimingRelease: false }, M.noticeNotFound],
  ])('refuses %j with "%s"', async (payload, msg) => {
    expect((await as(saveNotice, payload)).msg).toBe(msg);
  });

  it('is refused to roles other than admin and operator', async () => {
    const caiwu = (await staffCall(t, staffLogin, { username: 'caiwu', password: STAFF_PASSWORD })).body.staffToken as string;
    const r = await staffCall(t, saveNotice, { noticeName: 'x', noticeContent: '<p>x</p>', isTimingRelease: false }, { staffToken: caiwu });
    expect(r.body.errorType).toBe('FORBIDDEN');
  });
});

describe('banners', () => {
  it('the shop shows only enabled banners inside their window', async () => {
    const save = (extra: Record<string, unknown>) => as(saveBanner, { image: 'https://img.example/b.jpg', link: '/detail?prodId=1', sort: 0, enabled: true, ...extra });
    const future = (await save({ startAt: at(DAY) })).obj.id;
    const off = (await save({ enabled: false })).obj.id;
    const ended = (await save({ endAt: at(60_000) })).obj.id;
    const open = (await save({ startAt: at(-DAY), endAt: at(2 * DAY) })).obj.id;
    const shown = async () => (await t.call(selectBannerList, { type: 1 }, { token: agent })).body.objs.map((b: any) => b.id);
    expect(await shown()).toEqual(expect.arrayContaining([ended, open]));
    expect(await shown()).not.toContain(future);
    expect(await shown()).not.toContain(off);
    t.clock.advance(DAY + 1000);
    agent = (await t.login('13800000001', 'demo1234')).token;
    op = (await staffCall(t, staffLogin, { username: 'yunying', password: STAFF_PASSWORD })).body.staffToken as string;
    const later = await shown();
    expect(later).toEqual(expect.arrayContaining([future, open]));
    expect(later).not.toContain(ended);
    expect((await as(saveBanner, { id: off, image: 'https://img.example/b.jpg', link: '', sort: 1, enabled: true })).errorType).toBe('SUCCESS');
    expect(await shown()).toContain(off);
    expect(await auditOf(t.db.kysely, t.config.platId, 'banner', off)).toHaveLength(2);
  });

  it.each([
    [{ image: '', enabled: true }, M.imageRequired],
    [{ image: 'javascript:alert(1)', enabled: true }, M.imageInvalid],
    [{ image: 'https://a.example/x.jpg', link: 'javascript:alert(1)', enabled: true }, M.linkInvalid],
    [{ image: 'https://a.example/x.jpg', link: '//evil.example', enabled: true }, M.linkInvalid],
    [{ image: 'https://a.example/x.jpg', sort: -1, enabled: true }, M.sortInvalid],
    [{ image: 'https://a.example/x.jpg', startAt: '2026-12-02 00:00:00', endAt: '2026-12-01 00:00:00', enabled: true }, M.windowInvalid],
    [{ id: 999999, image: 'https://a.example/x.jpg', enabled: true }, M.bannerNotFound],
  ])('refuses %j with "%s"', async (payload, msg) => {
    expect((await as(saveBanner, payload)).msg).toBe(msg);
  });
});

describe('materials and the chat greeting', () => {
  it('saves a classification, an image and a video material; refuses incomplete ones', async () => {
    const classifyId = (await as(saveMaterialClassify, { classifyName: '朋友圈', sort: 1 })).obj.id;
    expect((await as(saveMaterial, { classifyId, materialType: 2, materialContent: '文案', images: ['https://a.example/1.jpg'] })).errorType).toBe('SUCCESS');
    expect((await as(saveMaterial, { classifyId, materialType: 1, videoUrl: 'https://a.example/v.mp4', posterUrl: 'https://a.example/p.jpg' })).errorType).toBe('SUCCESS');
    const list = await as(selectMaterialsAdmin, { classifyId });
    expect(list.objs.map((m: any) => [m.materialType, m.images.length, m.videoUrl, m.posterUrl])).toEqual([
      [1, 0, 'https://a.example/v.mp4', 'https://a.example/p.jpg'],
      [2, 1, '', ''],
    ]);
    expect((await as(saveMaterial, { classifyId, materialType: 2, images: [] })).msg).toBe(M.materialImagesRequired);
    expect((await as(saveMaterial, { classifyId, materialType: 1, videoUrl: 'https://a.example/v.mp4' })).msg).toBe(M.posterRequired);
    expect((await as(saveMaterial, { classifyId, materialType: 1 })).msg).toBe(M.videoRequired);
    expect((await as(saveMaterial, { classifyId: 999999, materialType: 2, images: ['https://a.example/1.jpg'] })).msg).toBe(M.classifyNotFound);
    expect((await as(saveMaterialClassify, { classifyName: ' ' })).msg).toBe(M.classifyNameRequired);
  });

  it('saves the greeting and refuses an empty or long one', async () => {
    expect((await as(saveChatGreeting, { greetings: '您好，有什么可以帮您？' })).errorType).toBe('SUCCESS');
    expect((await as(selectChatGreeting, {})).obj.greetings).toBe('您好，有什么可以帮您？');
    expect((await as(saveChatGreeting, { greetings: ' ' })).msg).toBe(M.greetingRequired);
    expect((await as(saveChatGreeting, { greetings: '好'.repeat(201) })).msg).toBe(M.greetingTooLong);
  });
});

describe('activities', () => {
  it('saves an activity with its items and checks points and money against the exchange type', async () => {
    const p = await addProduct(t, { stock: 10, finalPrice: 5_000 });
    const base = { productId: p.prodId, exchangeType: 2, startAt: at(-DAY), endAt: at(DAY), shown: true };
    const item = { singleProdId: p.singleProdId, exchangeIntegral: 100, exchangePrice: '9.90', lastNum: 5 };
    const saved = await as(saveActivity, { ...base, items: [item] });
    expect(saved.errorType).toBe('SUCCESS');
    const list = await as(selectActivitiesAdmin, {});
    expect(list.objs.find((a: any) => a.id === saved.obj.id)).toMatchObject({ actState: 2, items: [{ exchangeIntegral: 100, exchangePrice: '9.90', lastNum: 5 }] });
    const refused = async (payload: Record<string, unknown>) => (await as(saveActivity, { ...base, ...payload })).msg;
    expect(await refused({ items: [] })).toBe(M.itemsRequired);
    expect(await refused({ items: [item, item] })).toBe(M.itemDuplicate);
    expect(await refused({ exchangeType: 1, items: [item] })).toBe(M.noMoneyForPoints);
    expect(await refused({ exchangeType: 3, items: [item] })).toBe(M.noPointsForMoney);
    expect(await refused({ exchangeType: 2, items: [{ ...item, exchangeIntegral: 0 }] })).toBe(M.pointsNeeded);
    expect(await refused({ exchangeType: 4, items: [item] })).toBe(M.exchangeTypeInvalid);
    expect(await refused({ endAt: at(-2 * DAY), items: [item] })).toBe(M.windowInvalid);
    expect(await refused({ items: [{ ...item, lastNum: -1 }] })).toBe(M.stockInvalid);
    expect(await refused({ items: [{ ...item, exchangePrice: 'abc' }] })).toBe(M.priceInvalid);
    const other = await addProduct(t, { stock: 1, finalPrice: 100 });
    expect(await refused({ items: [{ ...item, singleProdId: other.singleProdId }] })).toBe(M.itemSpecInvalid);
    expect(await auditOf(t.db.kysely, t.config.platId, 'activity', saved.obj.id)).toHaveLength(1);
  });

  it('an edit moves a kept item\'s stock by what the editor changed, so exchanges made meanwhile are not overwritten', async () => {
    const p = await addProduct(t, { stock: 10, finalPrice: 5_000 });
    const base = { productId: p.prodId, exchangeType: 2, startAt: at(-DAY), endAt: at(DAY), shown: true };
    const item = { singleProdId: p.singleProdId, exchangeIntegral: 100, exchangePrice: '9.90', lastNum: 5 };
    const saved = await as(saveActivity, { ...base, items: [item] });
    const stock = async () => (await as(selectActivitiesAdmin, {})).objs.find((a: any) => a.id === saved.obj.id).items[0].lastNum;
    // The editor was opened at 5; meanwhile 2 were exchanged (as an order takes them: a decrement of last_num).
    await t.db.kysely.updateTable('activity_items').set((eb) => ({ last_num: eb('last_num', '-', 2) })).where('activity_id', '=', saved.obj.id).execute();
    // The staff member adds 10 to what was shown (5 → 15): the stock becomes 3 + 10, not 15.
    expect((await as(saveActivity, { ...base, id: saved.obj.id, items: [{ ...item, lastNum: 15, lastNumWas: 5 }] })).errorType).toBe('SUCCESS');
    expect(await stock()).toBe(13);
    // Taking away more than is left is refused and changes nothing.
    expect((await as(saveActivity, { ...base, id: saved.obj.id, items: [{ ...item, lastNum: 0, lastNumWas: 15 }] })).msg).toBe(M.stockTooLow);
    expect(await stock()).toBe(13);
  });
});

describe('uploadStaffImage', () => {
  async function send(files: { name: string; data: Buffer }[], staffToken = op) {
    return (await t.upload(uploadStaffImage, files, { staffToken })).body;
  }

  it('re-encodes an image to a public JPEG the shop can read without a link signature, and refuses other files', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
    const reply = await send([{ name: 'banner.png', data: png }]);
    expect(reply.errorType).toBe('SUCCESS');
    expect(reply.obj).toMatch(/^\/api\/common\/media\/[0-9a-f-]{36}\.jpg$/);
    const read = await t.app.inject({ method: 'GET', url: reply.obj });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await t.app.inject({ method: 'GET', url: '/api/common/media/../../etc/passwd' })).statusCode).toBe(404);

    expect((await send([{ name: 'x.jpg', data: Buffer.from('<svg onload=alert(1)>') }])).msg).toBe('请上传jpg,png,jpeg格式图片');
    const caiwu = (await staffCall(t, staffLogin, { username: 'caiwu', password: STAFF_PASSWORD })).body.staffToken as string;
    expect((await send([{ name: 'banner.png', data: png }], caiwu)).errorType).toBe('FORBIDDEN');
  });
});
