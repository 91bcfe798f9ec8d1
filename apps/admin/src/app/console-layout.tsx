import { Suspense, useMemo, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Alert, Breadcrumb, Button, Layout, Menu, Space, Spin, Tag, Typography, theme } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { STAFF_ROLE_NAMES, type StaffRole, staffLogout } from '@shop/contract/staff';
import { call } from '../lib/api.js';
import { staffSession } from '../lib/session.js';
import { GROUPS, PAGES } from './route-table.js';
import { matchPage } from './match-page.js';

/** The console's frame: a role-based menu drawn from the route table, breadcrumbs, the member and log out. */
export function ConsoleLayout() {
  const session = useSyncExternalStore(staffSession.subscribe, staffSession.get);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const current = matchPage(pathname);

  const items = useMemo(
    () =>
      GROUPS.map((g) => ({
        key: g.key,
        icon: g.icon,
        label: g.title,
        children: PAGES.filter((p) => p.group === g.key && !p.hidden && staffSession.may(p.needs)).map((p) => ({
          key: p.path,
          label: <Link to={p.path}>{p.title}</Link>,
        })),
      })).filter((g) => g.children.length > 0),
    // The menu follows the member (a role change means a new login).
    [session?.staff.staffId, session?.staff.role],
  );

  if (!session) return null;
  const group = GROUPS.find((g) => g.key === current?.group);
  const logout = async () => {
    await call(staffLogout, {}).catch(() => undefined);
    staffSession.set(null);
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="light" style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}>
        <div style={{ padding: '16px 24px', fontWeight: 600, fontSize: 16 }}>代理商城 · 管理后台</div>
        <Menu mode="inline" items={items} selectedKeys={current ? [current.path] : []} defaultOpenKeys={GROUPS.map((g) => g.key)} />
      </Layout.Sider>
      {/* minWidth 0: a wide table scrolls inside its card instead of widening the page past the window. */}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{ background: token.colorBgContainer, padding: '0 24px', display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Breadcrumb items={[{ title: group?.title ?? '管理后台' }, { title: current?.title ?? '' }]} />
          <Space>
            <Typography.Text>{session.staff.displayName}</Typography.Text>
            <Tag>{STAFF_ROLE_NAMES[session.staff.role as StaffRole] ?? session.staff.role}</Tag>
            <Button icon={<LogoutOutlined />} onClick={logout}>
              退出登录
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          {session.staff.secondFactorMissing && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message="您的角色需要动态验证码（二次验证）"
              description={<Link to="/security">请先在“账号安全”中绑定验证器，绑定后即可使用其他功能。</Link>}
            />
          )}
          <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
