import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { actStatus: number; pageNum: number }[] = [];
let answers: Record<string, { ids: number[]; pageTotal: number }> = {};

vi.mock('../../lib/api.js', () => ({
  call: vi.fn(async (_op: unknown, payload: { actStatus: number; phonePage: { pageNum: number } }) => {
    calls.push({ actStatus: payload.actStatus, pageNum: payload.phonePage.pageNum });
    const a = answers[`${payload.actStatus}:${payload.phonePage.pageNum}`] ?? { ids: [], pageTotal: 0 };
    return { objs: a.ids.map((id) => ({ id, serverTime: '2026-11-21 10:00:00' })), phonePage: { pageTotal: a.pageTotal } };
  }),
}));

const { activityPages } = await import('./activity-pages.js');

describe('activity zone paging (actStatus 2 first, then 5)', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('loads the running ones, then every state without repeating the running ones', async () => {
    answers = {
      '2:1': { ids: [1, 2], pageTotal: 1 },
      '5:1': { ids: [1, 2, 3], pageTotal: 2 },
      '5:2': { ids: [4], pageTotal: 2 },
    };
    const page = activityPages();
    const signal = new AbortController().signal;
    const pages = [await page(1, signal), await page(2, signal), await page(3, signal)];
    // pageTotal beyond the page asked for means another page follows.
    expect(pages.map((b) => [b.items.map((a) => a.id), b.pageTotal])).toEqual([
      [[1, 2], 2],
      [[3], 3],
      [[4], 3],
    ]);
    expect(calls).toEqual([
      { actStatus: 2, pageNum: 1 },
      { actStatus: 5, pageNum: 1 },
      { actStatus: 5, pageNum: 2 },
    ]);
  });

  it('moves on to every state when nothing is running', async () => {
    answers = { '2:1': { ids: [], pageTotal: 0 }, '5:1': { ids: [7], pageTotal: 1 } };
    const page = activityPages();
    const signal = new AbortController().signal;
    expect(await page(1, signal)).toMatchObject({ items: [], pageTotal: 2 });
    expect((await page(2, signal)).items.map((a) => a.id)).toEqual([7]);
  });

  it('starts over at page 1 (pull to refresh): the running ones again, none skipped', async () => {
    answers = { '2:1': { ids: [1], pageTotal: 1 }, '5:1': { ids: [1, 2], pageTotal: 1 } };
    const page = activityPages();
    const signal = new AbortController().signal;
    await page(1, signal);
    await page(2, signal);
    calls.length = 0;
    expect((await page(1, signal)).items.map((a) => a.id)).toEqual([1]);
    expect(calls).toEqual([{ actStatus: 2, pageNum: 1 }]);
  });
});
