import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query.js';
import { session } from '../../lib/session.js';
import PayResultPage from './pay-result-page.js';

const order = (payState: number, circulationState: number) => ({
  errorType: 'SUCCESS',
  errorTypeBoolean: true,
  msg: '操作成功',
  obj: { id: 9, orderCode: 'DD20261123000000000001', payState, circulationState, actualMoney: '179.00', otherActualMoney: '0.00' },
  objs: [],
});
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const open = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/orderPayResult?payResult=1&orderId=9&actualMoney=179&out_trade_no=DD20261123000000000001']}>
        <PayResultPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/orderPayResult read back from the server', { timeout: 15_000 }, () => {
  // The page state's antd-mobile half is a lazy chunk: load it once up front, not inside a test's wait.
  beforeAll(() => import('../../components/page-state-view.js'), 30_000);
  beforeEach(() => session.set({ platId: 'plat-demo', token: 'tok-1', userInfo: { agentName: '张明' } as never, openId: null }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('asks again while the server has not heard of the payment, then says 支付成功', async () => {
    const answers = [order(0, 1), order(0, 1), order(1, 3)];
    const fetchMock = vi.fn(async () => json(answers.shift() ?? order(1, 3)));
    vi.stubGlobal('fetch', fetchMock);
    open();
    expect(await screen.findByText('正在确认支付结果…')).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe('支付确认中');
    expect(await screen.findByRole('heading', { name: '支付成功' }, { timeout: 6000 })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByText('¥179.00')).toBeTruthy();
  });

  it('says why the read failed, with 重试, instead of a verdict of its own', async () => {
    const fetchMock = vi.fn(async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    open();
    const alert = await screen.findByRole('alert', undefined, { timeout: 4000 });
    expect(alert.textContent).toContain('订单状态查询失败：网络已断开');
    // The pay sheet's ok is only a hint: without the server's word the page does not claim success.
    expect(screen.getByRole('heading').textContent).toBe('支付确认中');
    fetchMock.mockImplementation(async () => json(order(1, 3)));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeTruthy();
    expect(screen.queryByText(/订单状态查询失败/)).toBeNull();
  });
});

describe('/orderPayResult of a deposit (HG) waiting for review', { timeout: 15_000 }, () => {
  beforeAll(() => import('../../components/page-state-view.js'), 30_000);
  beforeEach(() => session.set({ platId: 'plat-demo', token: 'tok-1', userInfo: { agentName: '王芳', agentStatus: 1 } as never, openId: null }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('says 支付成功 and that the deposit is under review (spec 3 §4)', async () => {
    const bond = { id: 3, bondCode: 'HG20261123000000000003', bondMoney: '1000.00', checkState: 0, wxPayState: 1 };
    vi.stubGlobal('fetch', vi.fn(async () => json({ errorType: 'SUCCESS', errorTypeBoolean: true, msg: '操作成功', obj: bond, objs: [] })));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/orderPayResult?payResult=1&actualMoney=1000.00&out_trade_no=HG20261123000000000003']}>
          <PayResultPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('合规金审核中，审核通过后即可进货');
  });
});
