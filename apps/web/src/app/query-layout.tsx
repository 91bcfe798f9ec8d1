import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { call } from '../lib/api.js';
import { opKey, queryClient } from '../lib/query.js';
import { takeOpeningData } from './opening-data.js';

// What the entry asked for early becomes the cache's first fetch of that key; a retry asks again.
for (const { op, input, answer } of takeOpeningData()) {
  let early: Promise<unknown> | null = answer;
  void queryClient.prefetchQuery({
    queryKey: opKey(op, input as never),
    queryFn: ({ signal }) => {
      const first = early;
      early = null;
      return first ?? call(op, input as never, { background: true, silent: true, signal });
    },
  });
}

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
