import { TabBar } from '../components/ui.js';
import { AppOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cartBadge, refreshCartCount, useCartCount } from '../lib/cart-count.js';
import { useSession } from '../lib/session.js';
import { TABS } from './route-table.js';

const ICONS = { '/home': <AppOutline />, '/shop': <ShopbagOutline />, '/my': <UserOutline /> };

/** Home, cart and my, switched in place (replace, not push); the cart tab carries the capped badge. */
export default function AppTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const count = useCartCount();
  const { token } = useSession();
  // The cart badge is right from the first tab page after login or a reload (the cart screen keeps it right after).
  useEffect(() => {
    if (!token) return;
    void refreshCartCount();
  }, [token]);
  return (
    <nav className="tab-bar">
      <TabBar activeKey={pathname} onChange={(key) => navigate(key, { replace: true })} safeArea>
        {TABS.map((t) => (
          <TabBar.Item key={t.path} title={t.title} icon={ICONS[t.path]} badge={t.path === '/shop' ? cartBadge(count) : undefined} />
        ))}
      </TabBar>
    </nav>
  );
}
