import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query.js';
import { session } from '../../lib/session.js';
import LogisticsPage from './logistics-page.js';
import { stepLabel, traceTime } from './timeline.js';

const parcel = (code: string, state: number, traces: [string, string][]) => ({
  LogisticCode: code,
  ShipperCode: 'ZTO',
  logisticsName: '中通快递',
  phone: '95311',
  State: state,
  traces: traces.map(([AcceptTime, AcceptStation]) => ({ AcceptTime, AcceptStation })),
});

function answer(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ok = (parcels: unknown[]) => ({
  errorType: 'SUCCESS',
  errorTypeBoolean: true,
  msg: '操作成功',
  obj: { logisticsCompanyBo: { logisticsName: '中通快递', phone: '95311' }, logisticsQueryRess: parcels },
  objs: [],
});

const open = (query = '?logisticsId=7&waybillCode=638650888018&receiverPhone=13912345678') =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/logisticsInformation${query}`]}>
        <LogisticsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('timeline helpers', () => {
  it('splits China time into date and time and labels the newest step', () => {
    expect(traceTime('2026-11-21 10:05:33')).toEqual({ date: '11-21', time: '10:05' });
    expect(traceTime('yesterday')).toEqual({ date: 'yesterday', time: '' });
    expect([stepLabel(2), stepLabel(3)]).toEqual(['运输中', '已签收']);
  });
});

describe('/logisticsInformation (spec 2 §2)', { timeout: 15_000 }, () => {
  // The page state's antd-mobile half is a lazy chunk: load it once up front, not inside a test's wait.
  beforeAll(() => import('../../components/page-state-view.js'), 30_000);
  beforeEach(() => session.set({ platId: 'plat-demo', token: 'tok-1', userInfo: { agentName: '张明' } as never, openId: null }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('asks for the order in the query and shows one parcel without tabs, newest step labelled', async () => {
    const fetchMock = answer(
      ok([parcel('638650888018', 2, [['2026-11-22 08:10:00', '快件已到达【武汉转运中心】'], ['2026-11-21 10:00:00', '【深圳市】已揽收']])]),
    );
    open();
    expect(await screen.findByText('638650888018')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/order/selectOrderLogistics.do');
    expect(JSON.parse(new URLSearchParams(init.body as URLSearchParams).get('in')!)).toEqual({
      logisticsId: 7,
      waybillCode: '638650888018',
      receiverPhone: '13912345678',
    });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('中通快递')).toBeTruthy();
    expect(screen.getByText('95311')).toBeTruthy();
    const steps = screen.getAllByRole('listitem');
    expect(steps[0]!.textContent).toContain('运输中');
    expect(steps[0]!.textContent).toContain('11-22');
    expect(steps[0]!.textContent).toContain('08:10');
    expect(steps[1]!.textContent).not.toContain('运输中');
  });

  it('shows tabs 包裹一 … when there are several parcels, and switches between them', async () => {
    answer(
      ok([
        parcel('ZT0001', 3, [['2026-11-23 15:00:00', '已签收，签收人：本人']]),
        parcel('ZT0002', 2, [['2026-11-22 09:00:00', '运输途中']]),
        parcel('ZT0003', 0, []),
      ]),
    );
    open();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['包裹一', '包裹二', '包裹三']);
    expect(screen.getByText('已签收')).toBeTruthy();
    fireEvent.click(tabs[1]!);
    expect(screen.getByText('ZT0002')).toBeTruthy();
    expect(screen.getByText('运输中')).toBeTruthy();
    fireEvent.click(tabs[2]!);
    expect(screen.getByText('暂无物流信息')).toBeTruthy();
  });

  it("shows '暂无物流信息' (and no toast) when the server has nothing", async () => {
    answer({ errorType: 'RECORD_NOT_FOUND', errorTypeBoolean: false, msg: '暂无物流信息', obj: null, objs: [] });
    open();
    expect(await screen.findByText('暂无物流信息', undefined, { timeout: 5000 })).toBeTruthy();
    expect(document.querySelector('.app-toast')).toBeNull();
  });

  it('says a server error truthfully (not 暂无物流信息) and loads again on 重试', async () => {
    const fetchMock = vi.fn(async () => new Response('oops', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    open();
    expect(await screen.findByText('服务器错误', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('暂无物流信息')).toBeNull();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(ok([parcel('638650888018', 2, [['2026-11-21 10:00:00', '【深圳市】已揽收']])])), { status: 200, headers: { 'content-type': 'application/json' } }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('638650888018')).toBeTruthy();
  });

  it("shows '暂无物流信息' without asking when the query names no order", async () => {
    const fetchMock = answer(ok([]));
    open('');
    expect(await screen.findByText('暂无物流信息', undefined, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("copies the waybill number and says '复制成功'", async () => {
    answer(ok([parcel('638650888018', 2, [['2026-11-21 10:00:00', '【深圳市】已揽收']])]));
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '复制' }));
    await waitFor(() => expect(document.querySelector('.app-toast')?.textContent).toBe('复制成功'));
    expect(writeText).toHaveBeenCalledWith('638650888018');
    await act(async () => undefined);
  });
});
