import { Outlet } from 'react-router';
import { useQueryLayer } from './opening-data.js';

/**
 * The query cache around every screen but /login: TanStack Query loads with the first screen that reads data, so the
 * login screen does not carry it (ADR 0015). One client for the whole session, so leaving and re-entering this layout
 * keeps the cache. During /home's first paint the layer is not here yet (the screen reads the opening answers); when it
 * arrives the screen below is mounted afresh inside the provider, on a cache seeded with the same answers.
 */
export default function QueryLayout() {
  const layer = useQueryLayer();
  if (!layer) return <Outlet />;
  return (
    <layer.QueryClientProvider client={layer.queryClient}>
      <Outlet />
    </layer.QueryClientProvider>
  );
}
