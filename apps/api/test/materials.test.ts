import { describe, expect, it } from 'vitest';
import { selectLatestApp, selectNewNotice, selPlatData, selPlatMaterialList, shortTitle } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';

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

describe('demo video material (issue 10 item 8)', () => {
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
