/**
 * The query layer as one chunk (ADR 0014): TanStack Query, the app's cache and the paged list. Loaded by
 * `loadQueryLayer()` (app/opening-data.ts) before any screen renders, except /home's first paint, after which it loads.
 */
export { QueryClientProvider } from '@tanstack/react-query';
export { PagedList } from '../components/paged-list.js';
export { queryClient, useOp } from '../lib/query.js';
