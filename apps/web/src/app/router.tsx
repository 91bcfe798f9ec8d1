import { useEffect, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page.js';
import { setNavigator } from '../lib/navigation.js';
import { session, useSession } from '../lib/session.js';
import { loadQueryLayer, startOpeningData } from './opening-data.js';
import { preloadable } from './preloadable.js';
import { preloadTabBar } from './root-layout.js';
import { RootLayout } from './root-layout.js';
import { findRoute, routeTable, type RouteDef } from './route-table.js';

/**
 * /login is its own small chunk, loaded at the start when the page opens on it (so /home, opening with a stored
 * session, does not download the login form); it does not wait for the query layer. Every other screen loads on first
 * visit together with the query layer, except /home opening the page, which paints from the opening answers first
 * (ADR 0015: first-load JS ≤ 100 KB on /login and /home; ADR 0044).
 */
const login = preloadable(() => import('../features/session/login-page.js'));
const EAGER: Record<string, { Component: ComponentType; preload: () => Promise<void> }> = { '/login': login };
const LOAD: Record<string, RouteDef['load']> = { '/home': () => import('../features/home/home-page.js') };
const loaderOf = (def: RouteDef) => LOAD[def.path] ?? def.load;

const queryLayout = preloadable(() => import('./query-layout.js'));
const QueryLayout = queryLayout.Component;

/** Whether /home is the opening screen: its first paint reads the opening answers, not the query layer. */
let homeOpens = false;

// A screen renders with the query layer loaded; only /home, when it opens the page, paints before it (ADR 0015).
const withQueryLayer = (path: string, load: NonNullable<RouteDef['load']>) => () =>
  path === '/home' && homeOpens ? load() : Promise.all([loadQueryLayer(), load()]).then(([, screen]) => screen);

const lazyScreens = new Map(
  routeTable.flatMap((def) => {
    const load = loaderOf(def);
    return load && !EAGER[def.path] ? [[def.path, preloadable(withQueryLayer(def.path, load))] as const] : [];
  }),
);

function screen(def: RouteDef) {
  const Component = EAGER[def.path]?.Component ?? lazyScreens.get(def.path)?.Component;
  return Component ? <Component /> : <PlaceholderPage title={def.title} />;
}

const screens = routeTable.map((def) => ({ path: def.path, element: screen(def) }));

/**
 * The screen the page opens on (the root and unknown paths open /home with a stored session), the query layout and
 * the tab bar load together, and its first data is asked for meanwhile (no waterfall). Resolves when they are here
 * (or failed: the lazy path then shows the failure), so the first render does not suspend.
 */
export function loadOpeningScreen(): Promise<unknown> {
  // The root and unknown paths open /home with a stored session, /login without one.
  const opening = findRoute(window.location.pathname) ?? findRoute(session.get().token ? '/home' : '/login');
  if (!opening) return Promise.resolve();
  const eager = EAGER[opening.path];
  if (eager) return eager.preload().catch(() => undefined);
  startOpeningData(opening.path);
  homeOpens = opening.path === '/home' && Boolean(session.get().token);
  const parts = [queryLayout.preload(), lazyScreens.get(opening.path)?.preload(), opening.tabShell ? preloadTabBar() : undefined];
  return Promise.allSettled(parts);
}

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
