import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useLoading } from '../../lib/loading.js';
import { clearToastOnNavigation } from '../../lib/toast.js';
import { useCart } from './store-cart.js';
import { follow, parseAddress, storePath, useAddress } from './store-nav.js';
import { StoreHome } from './store-home.js';

export interface ScreenProps {
  shopId: number;
  query: URLSearchParams;
}

/** Every screen but the home loads on its first visit (the home is the store's first screen, ADR 0038). */
const SCREENS: Record<string, { title: string; Screen: ComponentType<ScreenProps> }> = {
  item: { title: '商品详情', Screen: lazy(() => import('./store-item.js')) },
  cart: { title: '购物车', Screen: lazy(() => import('./store-cart-page.js')) },
  checkout: { title: '确认订单', Screen: lazy(() => import('./store-checkout.js')) },
  result: { title: '支付结果', Screen: lazy(() => import('./store-result.js')) },
  orders: { title: '我的订单', Screen: lazy(() => import('./store-orders.js')) },
  order: { title: '订单详情', Screen: lazy(() => import('./store-order.js')) },
};

/** The consumer store under /store/<shopId> (issue: the agent's retail store, consumer side). */
export function StoreApp() {
  const address = useAddress();
  const { shopId, screen, query } = parseAddress(address);
  const known = SCREENS[screen];
  useEffect(() => clearToastOnNavigation(), [address]);
  useEffect(() => {
    if (known) document.title = known.title;
  }, [known]);
  if (shopId === null) {
    return (
      <main className="app store">
        <div className="store-state" role="alert">
          <h1 className="store-closed-title">店铺地址有误</h1>
          <p>请从代理分享的店铺链接或二维码重新进入</p>
        </div>
      </main>
    );
  }
  const Screen = known?.Screen ?? StoreHome;
  return (
    <div className="app store with-store-dock">
      <main>
        <Suspense fallback={<div className="store-skeleton" aria-busy="true" aria-label="加载中"><span /><span /><span /></div>}>
          <Screen key={screen} shopId={shopId} query={query} />
        </Suspense>
      </main>
      <StoreDock shopId={shopId} screen={known ? screen : ''} />
      <Busy />
    </div>
  );
}

/** The store's three places: its home, the cart (with its count) and my orders. */
function StoreDock({ shopId, screen }: { shopId: number; screen: string }) {
  const count = useCart(shopId).reduce((n, l) => n + l.buyNum, 0);
  const tabs = [
    { screen: '', label: '店铺首页' },
    { screen: 'cart', label: count ? `购物车(${count > 99 ? '99+' : count})` : '购物车' },
    { screen: 'orders', label: '我的订单' },
  ];
  return (
    <nav className="store-dock" aria-label="店铺导航">
      {tabs.map((t) => (
        <a
          key={t.screen}
          href={storePath(shopId, t.screen)}
          aria-current={screen === t.screen ? 'page' : undefined}
          onClick={(e) => follow(e, { replace: true })}
        >
          {t.label}
        </a>
      ))}
    </nav>
  );
}

/** '加载中...' over the store while a submission runs. */
function Busy() {
  const busy = useLoading();
  if (!busy) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-box">
        <span className="spinner" aria-hidden="true" />
        <span>加载中...</span>
      </div>
    </div>
  );
}
