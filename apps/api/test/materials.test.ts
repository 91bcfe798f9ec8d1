import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTimeText, saveNotice, selectLatestApp, selectNewNotice, selPlatData, selPlatMaterialList, shortTitle, staffLogin } from '@shop/contract';
import { makeApp, useTestApp, type TestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { staffCall, STAFF_PASSWORD } from './helpers/staff-fixture.js';
import { DAY, HOUR } from './helpers/time.js';

const t = useTestApp();
const page = (pageNum = 1) => ({ pageNum, pageSize: 10 });

describe('notices list (selectLatestApp, spec 3 §2 /information)', () => {
  it('lists released notices newest first, searched by name, paged', async () => {
    const me = await newAgent(t);
    const all = await t.call(selectLatestApp, { phonePage: page() }, { token: me.token });
    expect(all.body.errorType).toBe('SUCCESS');
    const names = all.body.objs.map((n: { noticeName: string }) => n.noticeName);
    // The same released notices, in the same order, as the scrolling line on /home (which shows at most five).
    const line = await t.call(selectNewNotice, {}, { token: me.token });
    expect(names.slice(0, 5)).toEqual(line.body.objs.map((n: { noticeName: string }) => n.noticeName));
    expect(names).toContain('系统升级维护公告');
    expect(all.body.phonePage).toMatchObject({ pageNum: 1, pageTotal: 1 });
    expect(all.body.objs[0].releaseDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const found = await t.call(selectLatestApp, { noticeName: '维护', phonePage: page() }, { token: me.token });
    expect(found.body.objs.map((n: { noticeName: string }) => n.noticeName)).toEqual(['系统升级维护公告']);
    const none = await t.call(selectLatestApp, { noticeName: '不存在的公告', phonePage: page() }, { token: me.token });
    expect(none.body.objs).toEqual([]);
    expect(none.body).toMatchObject({ phonePage: { pageTotal: 0 } });
    // A typed wildcard is not a wildcard.
    expect((await t.call(selectLatestApp, { noticeName: '%', phonePage: page() }, { token: me.token })).body.objs.length).toBe(names.length);
  });

  it('needs a login', async () => {
    expect((await t.call(selectLatestApp, { phonePage: page() })).status).toBe(401);
  });

  it('cuts titles after 15 characters with an ellipsis (spec 3 §2)', () => {
    expect(shortTitle('一二三四五六七八九十一二三四五')).toBe('一二三四五六七八九十一二三四五');
    expect(shortTitle('一二三四五六七八九十一二三四五六')).toBe('一二三四五六七八九十一二三四五...');
  });
});

describe('material centre (selPlatData, selPlatMaterialList, spec 3 §2 /source)', () => {
  it('answers the store data and the classifications, then the materials of one newest first', async () => {
    const me = await newAgent(t);
    const data = await t.call(selPlatData, { storeType: 1 }, { token: me.token });
    expect(data.body.obj).toEqual({ storeName: '健康生活馆', storeImgUrl: expect.stringMatching(/^\/api\/material\/media\//) });
    const tabs = data.body.ortherList as { classifyId: number; classifyName: string }[];
    expect(tabs.map((c) => c.classifyName)).toEqual(['产品素材', '活动海报', '朋友圈文案']);

    const list = await t.call(selPlatMaterialList, { materialClassifyId: tabs[0]!.classifyId, phonePage: page() }, { token: me.token });
    expect(list.body.errorType).toBe('SUCCESS');
    const items = list.body.objs as { materialContent: string; materialType: number; materialFileUrlArr: string[]; materialFileUrl: string; createDate: string }[];
    expect(items).toHaveLength(4);
    expect(items[0]!.materialContent).toContain('益生菌固体饮料');
    expect(items[1]!.materialFileUrlArr).toHaveLength(2);
    expect(items[0]!.materialFileUrl).toBe(items[0]!.materialFileUrlArr[0]);
    expect(items.map((m) => m.createDate)).toEqual([...items.map((m) => m.createDate)].sort().reverse());

    // The demo pictures are drawn by the server.
    const img = await t.app.inject({ method: 'GET', url: items[0]!.materialFileUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: '/api/material/media/demo-99.jpg' })).statusCode).toBe(404);
  });

  it('answers an empty page for an unknown classification and refuses a missing one', async () => {
    const me = await newAgent(t);
    const r = await t.call(selPlatMaterialList, { materialClassifyId: 999999, phonePage: page() }, { token: me.token });
    expect(r.body).toMatchObject({ errorType: 'SUCCESS', objs: [], phonePage: { pageTotal: 0 } });
    expect((await t.call(selPlatMaterialList, { phonePage: page() }, { token: me.token })).body.msg).toBe('素材分类不存在');
  });
});

describe('demo video material (ADR 0018)', () => {
  it('is a video material with a cover, served as WebM in byte ranges', async () => {
    const me = await newAgent(t);
    const tabs = (await t.call(selPlatData, {}, { token: me.token })).body.ortherList as { classifyId: number; classifyName: string }[];
    const posters = tabs.find((c) => c.classifyName === '活动海报')!;
    const list = await t.call(selPlatMaterialList, { materialClassifyId: posters.classifyId, phonePage: page() }, { token: me.token });
    const video = (list.body.objs as { materialType: number; materialFileUrl: string; videoPictureUrl: string }[]).find((m) => m.materialType === 1)!;
    expect(video.materialFileUrl).toBe('/api/material/media/demo-video.webm');
    expect(video.videoPictureUrl).toMatch(/demo-1\.jpg$/);

    const whole = await t.app.inject({ method: 'GET', url: video.materialFileUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // EBML: a WebM file
    const part = await t.app.inject({ method: 'GET', url: video.materialFileUrl, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(part.rawPayload).toHaveLength(100);
    const tail = await t.app.inject({ method: 'GET', url: video.materialFileUrl, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(-10))).toBe(true);
  });
});

/**
 * The demo notices are released N days before the clock the server runs on; the list compares instants, so what shows
 * must not depend on the hour the suite runs (a run at 04:04 China time once listed only two of the four). Each clock
 * below is fixed; the China-day boundaries (23:59 and 00:01 China time, a year's turn) are where a UTC date would slip.
 */
const SEEDED = ['2026冬季新品上市通知', '系统升级维护公告', '积分兑换活动规则说明', '代理商合规经营提醒'];
describe.each([
  ['04:04 China time', '2026-11-25T20:04:00.000Z'],
  ['23:59 China time', '2026-11-25T15:59:00.000Z'],
  ['00:01 China time', '2026-11-25T16:01:00.000Z'],
  ['00:01 China time on New Year', '2025-12-31T16:01:00.000Z'],
])('released notices at %s', (_label, start) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp({ start: new Date(start) });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists every notice released before now, newest first, and a timed one from the start of its China day', async () => {
    // A new login each time: moving the clock by most of a day lets an idle session expire.
    const names = async () => {
      const { token } = await app.login('13800000001', 'demo1234');
      return (await app.call(selectLatestApp, { phonePage: page() }, { token })).body.objs.map((n: { noticeName: string }) => n.noticeName);
    };
    expect(await names()).toEqual(SEEDED);

    // A notice timed for 00:00:00 of the next China day: hidden one second before, shown from that second.
    const now = app.clock.now().getTime();
    const nextChinaMidnight = Math.floor((now + 8 * HOUR) / DAY) * DAY + DAY - 8 * HOUR;
    const releaseDate = chinaTimeText(new Date(nextChinaMidnight));
    expect(releaseDate).toMatch(/ 00:00:00$/);
    const staff = (await staffCall(app, staffLogin, { username: 'yunying', password: STAFF_PASSWORD })).body.staffToken as string;
    const saved = await staffCall(app, saveNotice, { noticeName: '零点发布公告', noticeContent: '<p>零点</p>', isTimingRelease: true, releaseDate }, { staffToken: staff });
    expect(saved.body.errorType).toBe('SUCCESS');
    app.clock.advance(nextChinaMidnight - now - 1000);
    expect(await names()).toEqual(SEEDED);
    app.clock.advance(1000);
    expect(await names()).toEqual(['零点发布公告', ...SEEDED]);
    const line = await app.call(selectNewNotice, {}, { token: (await app.login('13800000001', 'demo1234')).token });
    expect(line.body.objs[0]).toMatchObject({ noticeName: '零点发布公告' });
  });
});
