import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query.js';
import PayResultPage from './pay-result-page.js';

/** spec 2 §2: /orderPayResult reports a payment; opened without one it claims neither success nor failure. */
describe('/orderPayResult without a query', () => {
  afterEach(() => cleanup());

  it('shows a neutral state with the way to the orders list, not 支付失败', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/orderPayResult']}>
          <PayResultPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('暂无支付结果');
    expect(screen.queryByText('支付失败')).toBeNull();
    expect(screen.getByRole('link', { name: '查看我的订单' }).getAttribute('href')).toBe('/orders');
  });

  it('still says 支付失败 when the address reports a refused payment', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/orderPayResult?payResult=0&actualMoney=10']}>
          <PayResultPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('支付失败');
  });
});
