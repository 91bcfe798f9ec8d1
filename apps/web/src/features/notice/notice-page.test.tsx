import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query.js';
import { session } from '../../lib/session.js';
import NoticePage from './notice-page.js';

const notice = {
  errorType: 'SUCCESS',
  errorTypeBoolean: true,
  msg: '操作成功',
  obj: { id: 3, noticeName: '双十一发货安排', noticeContent: '<p>11月11日起顺延发货</p>', isTimingRelease: 0, releaseDate: '2026-11-01 09:00:00', modifyDate: '2026-11-01 09:00:00', createDate: '2026-11-01 09:00:00' },
  objs: [],
};

const open = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/notice?id=3']}>
        <NoticePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/notice', { timeout: 15_000 }, () => {
  // The page state's antd-mobile half is a lazy chunk: load it once up front, not inside a test's wait.
  beforeAll(() => import('../../components/page-state-view.js'), 30_000);
  beforeEach(() => session.set({ platId: 'plat-demo', token: 'tok-1', userInfo: { agentName: '张明' } as never, openId: null }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('says 服务器错误 with 重试 when the server fails, and shows the notice once the retry answers', async () => {
    const fetchMock = vi.fn(async () => new Response('boom', { status: 502 }));
    vi.stubGlobal('fetch', fetchMock);
    open();
    expect(await screen.findByText('服务器错误', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('公告不存在')).toBeNull();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(notice), { status: 200, headers: { 'content-type': 'application/json' } }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '双十一发货安排' })).toBeTruthy();
    expect(screen.getByText('11月11日起顺延发货')).toBeTruthy();
  });

  it('says 公告不存在 without 重试 when the server has no such notice', async () => {
    const refusal = { errorType: 'NOTICE_NOT_FOUND', errorTypeBoolean: false, msg: '公告不存在', subMsg: '', obj: null, objs: [] };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(refusal), { status: 200, headers: { 'content-type': 'application/json' } })));
    open();
    expect(await screen.findByText('公告不存在', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
  });
});
