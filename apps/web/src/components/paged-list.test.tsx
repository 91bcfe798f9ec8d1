import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.js';
import { createQueryClient } from '../lib/query.js';
import { PagedList, usePagedQuery, type Page } from './paged-list.js';

type Row = { id: number; name: string };
const rows = (from: number, n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `第${from + i}条` }));

function show(fetchPage: (pageNum: number) => Promise<Page<Row>>, empty?: string) {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <PagedList<Row> queryKey={['rows']} fetchPage={fetchPage} keyOf={(r) => r.id} render={(r) => <span>{r.name}</span>} empty={empty} />
    </QueryClientProvider>,
  );
  return client;
}

// jsdom lays nothing out and has no IntersectionObserver: here the list's foot is always in view.
beforeAll(() => {
  class InView {
    private live = true;
    constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
    observe() {
      queueMicrotask(() => this.live && this.report([{ isIntersecting: true }]));
    }
    disconnect() {
      this.live = false;
    }
  }
  vi.stubGlobal('IntersectionObserver', InView);
});

describe('PagedList (phonePage paging, pull-to-refresh, end and empty texts)', { timeout: 15_000 }, () => {
  // The list's view and its error/empty states are lazy chunks: load them once up front, not inside a test's wait.
  beforeAll(() => Promise.all([import('./paged-list-view.js'), import('./page-state-view.js')]), 30_000);
  afterEach(cleanup);

  it('loads page after page until pageNum reaches pageTotal, then says 没有更多了', async () => {
    const fetchPage = vi.fn(async (n: number) => ({ items: rows((n - 1) * 10 + 1, n < 3 ? 10 : 4), pageTotal: 3 }));
    show(fetchPage);
    expect(await screen.findByText('第1条', undefined, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('没有更多了', undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('第24条')).toBeTruthy();
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1, 2, 3]);
  });

  it('shows the spec empty text, 暂无记录 by default', async () => {
    show(async () => ({ items: [], pageTotal: 0 }));
    expect(await screen.findByText('暂无记录')).toBeTruthy();
    cleanup();
    show(async () => ({ items: [], pageTotal: 0 }), '暂无地址');
    expect(await screen.findByText('暂无地址')).toBeTruthy();
  });

  it('a first page that fails says why, and 重试 loads it', async () => {
    let down = true;
    const fetchPage = vi.fn(async () => {
      if (down) throw new ApiError('SERVER_ERROR', '服务器请求异常', 500);
      return { items: rows(1, 2), pageTotal: 1 };
    });
    show(fetchPage);
    expect(await screen.findByText('服务器错误')).toBeTruthy();
    expect(screen.queryByText('暂无记录')).toBeNull();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('第2条')).toBeTruthy();
  });

  it('a later page that fails offers a retry for that page and keeps the rows shown', async () => {
    let fail = true;
    const fetchPage = vi.fn(async (n: number) => {
      if (n === 2 && fail) throw new ApiError('OFFLINE', '网络已断开', 0);
      return { items: rows((n - 1) * 10 + 1, 10), pageTotal: 2 };
    });
    show(fetchPage);
    const retry = await screen.findByRole('button', { name: '加载失败，点击重试' }, { timeout: 5000 });
    expect(screen.getByText('第10条')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('第20条', undefined, { timeout: 4000 })).toBeTruthy();
  });
});

describe('PagedList pull-to-refresh (touch)', { timeout: 15_000 }, () => {
  beforeAll(() => import('./paged-list-view.js'), 30_000);
  afterEach(cleanup);

  const drag = (el: Element, type: 'touchStart' | 'touchMove', y: number) => fireEvent[type](el, { touches: [{ clientX: 100, clientY: y }] });

  it('a pull at the top says 下拉刷新, past the threshold 释放立即刷新; released it loads page 1 anew (加载中..., 刷新成功)', async () => {
    let version = 'a';
    const fetchPage = vi.fn(async (n: number) => ({ items: [{ id: n, name: `${version}${n}` }], pageTotal: 1 }));
    show(fetchPage);
    const row = await screen.findByText('a1', undefined, { timeout: 5000 });
    drag(row, 'touchStart', 100);
    drag(row, 'touchMove', 130);
    expect(screen.getByText('下拉刷新')).toBeTruthy();
    drag(row, 'touchMove', 400);
    expect(screen.getByText('释放立即刷新')).toBeTruthy();
    version = 'b';
    fetchPage.mockClear();
    fireEvent.touchEnd(row);
    expect(await screen.findByText('刷新成功')).toBeTruthy();
    expect(screen.getByText('b1')).toBeTruthy();
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1]);
    expect(await screen.findByText('下拉刷新', undefined, { timeout: 3000 })).toBeTruthy();
  });

  it('a short pull, or an upward drag, does not refresh', async () => {
    const fetchPage = vi.fn(async (n: number) => ({ items: [{ id: n, name: `r${n}` }], pageTotal: 1 }));
    show(fetchPage);
    const row = await screen.findByText('r1', undefined, { timeout: 5000 });
    fetchPage.mockClear();
    drag(row, 'touchStart', 100);
    drag(row, 'touchMove', 150);
    fireEvent.touchEnd(row);
    drag(row, 'touchStart', 300);
    drag(row, 'touchMove', 100);
    drag(row, 'touchMove', 600);
    fireEvent.touchEnd(row);
    await new Promise((r) => setTimeout(r, 300));
    expect(fetchPage).not.toHaveBeenCalled();
    expect(screen.queryByText('释放立即刷新')).toBeNull();
  });
});

describe('usePagedQuery refresh', () => {
  afterEach(cleanup);

  it('starts over at page 1 (pull-to-refresh resets to page 1) and shows the new answer', async () => {
    let version = 'a';
    const fetchPage = vi.fn(async (n: number) => ({ items: [{ id: n, name: `${version}${n}` }], pageTotal: 3 }));
    let paged!: ReturnType<typeof usePagedQuery<Row>>;
    function Probe() {
      paged = usePagedQuery<Row>(['probe'], fetchPage);
      return <span>{paged.items.map((r) => r.name).join(',')}</span>;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    await screen.findByText('a1');
    await act(() => paged.query.fetchNextPage());
    await screen.findByText('a1,a2');
    version = 'b';
    fetchPage.mockClear();
    await act(() => paged.refresh());
    await waitFor(() => expect(screen.getByText('b1')).toBeTruthy());
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1]);
  });
});
