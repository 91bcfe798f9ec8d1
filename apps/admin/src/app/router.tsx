import { lazy, useEffect, useSyncExternalStore } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Result } from 'antd';
import { whenSessionEnds } from '../lib/api.js';
import { staffSession } from '../lib/session.js';
import { ConsoleLayout } from './console-layout.js';
import { homeOf, PAGES, type ConsolePage } from './route-table.js';

const LoginPage = lazy(() => import('./login-page.js'));

/** Logged in, else to /login (and back here after). */
function RequireStaff({ children }: { children: React.ReactNode }) {
  const session = useSyncExternalStore(staffSession.subscribe, staffSession.get);
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** A page the role may not open: the server would refuse its calls too. */
function Forbidden() {
  return <Result status="403" title="无权访问" subTitle="您的角色不能打开此页面，如需权限请联系管理员。" />;
}

/** The page if the member's role may open it (read at render: the session may have changed since start). */
function PageGuard({ page: p }: { page: ConsolePage }) {
  useSyncExternalStore(staffSession.subscribe, staffSession.get);
  return staffSession.may(p.needs) ? <p.page /> : <Forbidden />;
}

function Home() {
  useSyncExternalStore(staffSession.subscribe, staffSession.get);
  return <Navigate to={homeOf(staffSession.may)} replace />;
}

function SessionEnd() {
  const navigate = useNavigate();
  useEffect(() => whenSessionEnds((reason) => navigate('/login', { replace: true, state: { reason } })), [navigate]);
  return null;
}

export function ConsoleRouter() {
  return (
    <BrowserRouter basename="/admin">
      <SessionEnd />
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          element={
            <RequireStaff>
              <ConsoleLayout />
            </RequireStaff>
          }
        >
          <Route index element={<Home />} />
          {PAGES.map((p) => (
            <Route key={p.path} path={p.path} element={<PageGuard page={p} />} />
          ))}
          <Route path="*" element={<Result status="404" title="页面不存在" subTitle="请从左侧菜单选择页面。" />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
