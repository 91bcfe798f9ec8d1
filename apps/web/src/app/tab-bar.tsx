import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BagIcon, HomeIcon, UserIcon } from '../components/line-icons.js';
import { cartBadge, refreshCartCount, useCartCount } from '../lib/cart-count.js';
import { useSession } from '../lib/session.js';
import { TABS } from './route-table.js';
import './shell.css';

const ICONS = { '/home': <HomeIcon />, '/shop': <BagIcon />, '/my': <UserIcon /> };

/**
 * Home, cart and my, switched in place (replace, not push); the cart tab carries the capped badge. Plain buttons
 * rather than antd-mobile's TabBar, so /home's first screen does not load the component library (ADR 0015).
 */
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
      <div className="tab-bar-items">
        {TABS.map((t) => {
          const badge = t.path === '/shop' ? cartBadge(count) : undefined;
          const active = t.path === pathname;
          return (
            <button
              key={t.path}
              type="button"
              className={active ? 'tab-bar-item active' : 'tab-bar-item'}
              aria-current={active ? 'page' : undefined}
              onClick={() => !active && navigate(t.path, { replace: true })}
            >
              <span className="tab-bar-icon">
                {ICONS[t.path]}
                {badge && <span className="tab-bar-badge">{badge}</span>}
              </span>
              <span className="tab-bar-title">{t.title}</span>
            </button>
          );
        })}
      </div>
    </nav>
  );
}
