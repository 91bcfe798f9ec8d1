import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay.js';
import { isIOS } from '../lib/platform.js';
import { useSession } from '../lib/session.js';
import { FloatingControls } from './floating-controls.js';
import { preloadable } from './preloadable.js';
import { findRoute, FULL_RELOAD_ON_IOS } from './route-table.js';

// The tab bar loads with the tab pages (preloaded with an opening tab page); pages outside the tab shell do not load it.
const tabBar = preloadable(() => import('./tab-bar.js'));
const AppTabBar = tabBar.Component;
export const preloadTabBar = tabBar.preload;

export function RootLayout() {
  const location = useLocation();
  const route = findRoute(location.pathname);
  const { userInfo, mustChangePassword } = useSession();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    document.title = route?.title ?? '代理商城';
  }, [route]);

  useEffect(() => {
    // spec 1 §2: on iOS these pages need a full load when the path changes (WeChat signs the entry URL).
    const before = previousPath.current;
    previousPath.current = location.pathname;
    if (isIOS() && before !== null && before !== location.pathname && FULL_RELOAD_ON_IOS.has(location.pathname)) {
      window.location.reload();
    }
  }, [location.pathname]);

  if (route?.auth && !userInfo) {
    // The session was cleared by a navigation already under way (logout → /login): the router's location lags
    // the URL (it moves in a transition), so let that navigation land rather than redirect the page being left.
    if (window.location.pathname !== location.pathname) return null;
    const wanted = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }

  // ADR 0024: after a one-time-password login only /edidPass opens until a new password is set.
  if (userInfo && mustChangePassword && location.pathname !== '/edidPass') return <Navigate to="/edidPass" replace />;

  return (
    <div className={route?.tabShell ? 'app with-tab-bar' : 'app'}>
      <FloatingControls />
      <Suspense fallback={null}>
        <Outlet />
        {route?.tabShell && <AppTabBar />}
      </Suspense>
      <LoadingOverlay />
    </div>
  );
}
