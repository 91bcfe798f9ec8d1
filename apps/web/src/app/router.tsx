import { lazy, useEffect, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page.js';
import HomePage from '../features/home/home-page.js';
import LoginPage from '../features/session/login-page.js';
import { setNavigator } from '../lib/navigation.js';
import { useSession } from '../lib/session.js';
import { RootLayout } from './root-layout.js';
import { routeTable, type RouteDef } from './route-table.js';

/** The first screens ship in the entry bundle; every other screen loads on first visit. */
const EAGER: Record<string, ComponentType> = { '/home': HomePage, '/login': LoginPage };

function screen(def: RouteDef) {
  const Component = EAGER[def.path] ?? (def.load ? lazy(def.load) : null);
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
          {screens.map((s) => (
            <Route key={s.path} path={s.path} element={s.element} />
          ))}
          <Route path="/" element={<EntryRedirect />} />
          <Route path="*" element={<EntryRedirect />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
