import { lazy, useEffect, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page.js';
import LoginPage from '../features/session/login-page.js';
import { setNavigator } from '../lib/navigation.js';
import { session, useSession } from '../lib/session.js';
import { RootLayout } from './root-layout.js';
import { findRoute, routeTable, type RouteDef } from './route-table.js';

/**
 * /login ships in the entry bundle; every other screen, /home included, loads on first visit together with the
 * query cache (ADR 0015: first-load JS ≤ 100 KB on /login and /home).
 */
const EAGER: Record<string, ComponentType> = { '/login': LoginPage };
const LOAD: Record<string, RouteDef['load']> = { '/home': () => import('../features/home/home-page.js') };
const loaderOf = (def: RouteDef) => LOAD[def.path] ?? def.load;

const QueryLayout = lazy(() => import('./query-layout.js'));

// The screen the page opens on (the root and unknown paths open /home with a stored session) starts loading now,
// beside the query layout, not after it (no waterfall).
const opening = findRoute(window.location.pathname) ?? (session.get().token ? findRoute('/home') : undefined);
if (opening && !EAGER[opening.path]) void loaderOf(opening)?.().catch(() => undefined);

function screen(def: RouteDef) {
  const load = loaderOf(def);
  const Component = EAGER[def.path] ?? (load ? lazy(load) : null);
  return Component ? <Component /> : <PlaceholderPage title={def.title} />;
}

const screens = routeTable.map((def) => ({ path: def.path, element: screen(def) }));

/** Lets the api client and logout navigate through the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, opts) => void navigate(to, opts)), [navigate]);
  return null;
}

/**
 * spec 1 §2: the root and unknown paths go to /login; remember-me: with a stored session they go straight to /home
 * (an expired one is found out by the first call, answered 403, which leads back to /login saying so).
 */
function EntryRedirect() {
  const { userInfo, token } = useSession();
  return <Navigate to={userInfo && token ? '/home' : '/login'} replace />;
}

/** Declarative routes (not the data router): a third of the router's weight on the first screen. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <Routes>
        <Route element={<RootLayout />}>
          {screens
            .filter((s) => EAGER[s.path])
            .map((s) => (
              <Route key={s.path} path={s.path} element={s.element} />
            ))}
          <Route element={<QueryLayout />}>
            {screens
              .filter((s) => !EAGER[s.path])
              .map((s) => (
                <Route key={s.path} path={s.path} element={s.element} />
              ))}
          </Route>
          <Route path="/" element={<EntryRedirect />} />
          <Route path="*" element={<EntryRedirect />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
