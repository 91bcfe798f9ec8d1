import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query.js';

/**
 * The query cache around every screen but /login (a lazy chunk): TanStack Query loads with the first screen that
 * reads data, so the login screen does not carry it (ADR 0015). One client for the whole session, so leaving and
 * re-entering this layout keeps the cache.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
