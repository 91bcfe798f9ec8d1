import { lazy, Suspense, useState } from 'react';
import { ACT_STATE, PROD_TYPE } from '@shop/contract/activity-state';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BagIcon, HomeIcon } from '../../components/line-icons.js';
import { PageState } from '../../components/page-state.js';
import { call } from '../../lib/api.js';
import { mayBuy, STALE_SESSION } from '../../lib/agent-gate.js';
import { askAgentGate } from '../../lib/gate-review.js';
import { cartBadge, markJustAdded, refreshCartCount, useCartCount } from '../../lib/cart-count.js';
import { setCheckout } from '../../lib/checkout.js';
import { activityTiming, useNow } from '../../lib/countdown.js';
import { saveOrderShopCart } from '../../lib/first-screen-ops.js';
import { session, useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { ActivityInfo, DetailMedia, DetailSkeleton, ProductInfo } from './detail-info.js';
import type { SheetMode } from './spec-sheet.js';
import { useDetail, type Detail } from './use-detail.js';
import './detail.css';

const SpecSheet = lazy(() => import('./spec-sheet.js'));

/** spec 1 §2 /detail?prodId&prodType (for prodType 3, prodId is the activity id). */
export default function DetailPage() {
  const [params] = useSearchParams();
  const prodType = Number(params.get('prodType') ?? PROD_TYPE.selfRun);
  const { query, invalid } = useDetail(Number(params.get('prodId')), prodType);
  if (invalid) {
    return (
      <div className="page empty">
        <p>{invalid}</p>
        <Link to="/home">返回首页</Link>
      </div>
    );
  }
  return (
    <PageState query={query} skeleton={<DetailSkeleton />}>
      {(detail) => <DetailView d={detail} />}
    </PageState>
  );
}

function DetailView({ d }: { d: Detail }) {
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const cartCount = useCartCount();
  const [sheet, setSheet] = useState<SheetMode | null>(null);
  const [selected, setSelected] = useState(() => Math.max(0, d.options.findIndex((o) => o.stock > 0)));
  const [quantity, setQuantity] = useState(1);
  const now = useNow(d.kind === 'activity');
  const isActivity = d.kind === 'activity';
  const state = isActivity ? activityTiming(d.a, now + d.offset).state : 2;
  const option = d.options[selected];
  const soldOut = d.options.every((o) => o.stock <= 0);

  /**
   * spec 1 §4: status 0 must top up (/upgrade), a deposit due must be paid (/compliance) before buying; spec 3 §4: once
   * paid and under review, the prompt says so.
   */
  async function passesGate(): Promise<boolean> {
    const gate = mayBuy(userInfo) ? null : await askAgentGate(userInfo);
    if (gate) {
      // antd-mobile (Dialog, react-spring) loads on this tap only, with the spec sheet's chunk (ADR 0015).
      const sheet = await import('./spec-sheet.js').catch(() => null);
      if (!sheet) {
        toast('加载失败，请检查网络后重试');
        return false;
      }
      if (await sheet.Dialog.confirm({ content: gate.text, confirmText: gate.action, cancelText: '取消' })) navigate(gate.to);
      return false;
    }
    if (!mayBuy(userInfo)) {
      toast(STALE_SESSION);
      return false;
    }
    return true;
  }

  async function open(mode: SheetMode) {
    if (mode !== 'pick' && !(await passesGate())) return;
    setSheet(mode);
  }

  async function act(key: 'cart' | 'buy') {
    if (!option || !(await passesGate())) return;
    if (quantity > option.stock) {
      toast(`${option.label}库存不足`);
      return;
    }
    const { platId } = session.get();
    if (key === 'cart' && d.kind === 'product') {
      try {
        const reply = await call(saveOrderShopCart, {
          agentId: userInfo?.agentId,
          singleProdId: option.singleProdId,
          prodNum: quantity,
          platId,
          optType: 0,
          prodType: d.prodType,
        });
        setSheet(null);
        markJustAdded(option.singleProdId);
        toast(reply.msg || '添加购物车成功');
      } catch {
        return; // the api client showed why
      }
      void refreshCartCount();
      return;
    }
    const line = { prodId: d.prodId, singleProdId: option.singleProdId, prodType: d.prodType, buyNum: quantity };
    setCheckout({
      orderType: d.prodType,
      lines: [d.kind === 'activity' ? { ...line, activityId: d.a.id, activityItemId: option.itemId } : line],
      from: 'detail',
    });
    setSheet(null);
    navigate('/settlement');
  }

  const buyLabel = isActivity ? (state === ACT_STATE.notStarted ? '未开始' : state === ACT_STATE.ended ? '已结束' : soldOut ? '已兑完' : '立即兑换') : soldOut ? '已售罄' : '立即购买';
  const actions = [
    ...(isActivity ? [] : [{ key: 'cart' as const, label: '加入购物车', disabled: soldOut }]),
    { key: 'buy' as const, label: buyLabel, disabled: soldOut || (isActivity && state !== ACT_STATE.running) },
  ];
  const images = d.kind === 'product' ? d.p.detailLagerImgUrl : d.a.detailLagerImgUrl;
  const video = d.kind === 'product' ? d.p.detailLagerVideoUrl : d.a.detailLagerVideoUrl;
  const name = d.kind === 'product' ? d.p.prodName : d.a.prodName;
  const remark = d.kind === 'product' ? d.p.prodRemark : d.a.prodRemark;

  return (
    <div className="detail-page">
      <DetailMedia images={images} video={video} name={name} />
      {d.kind === 'product' ? <ProductInfo d={d} selected={selected} /> : <ActivityInfo d={d} serverNow={now + d.offset} />}
      <button type="button" className="card detail-pick" onClick={() => void open('pick')}>
        <span className="muted">已选</span>
        <span className="detail-pick-value">
          {option?.label ?? '暂无规格'} ×{quantity}
        </span>
        <span className="muted">›</span>
      </button>
      <section className="card">
        <h2 className="detail-section-title">商品详情</h2>
        {/* Platform-authored HTML; the CSP forbids inline scripts. */}
        <div className="rich-text detail-remark" dangerouslySetInnerHTML={{ __html: remark }} />
      </section>
      <nav className="detail-bar" aria-label="购买">
        <button type="button" className="detail-bar-link" onClick={() => navigate('/home')}>
          <HomeIcon />
          首页
        </button>
        <button type="button" className="detail-bar-link" onClick={() => navigate('/shop')}>
          <BagIcon />
          购物车
          {cartBadge(cartCount) && <span className="detail-badge">{cartBadge(cartCount)}</span>}
        </button>
        {actions.map((a) => (
          <button key={a.key} type="button" className={`detail-bar-action sheet-${a.key}`} disabled={a.disabled} onClick={() => void open(a.key)}>
            {a.label}
          </button>
        ))}
      </nav>
      {sheet && (
        <Suspense fallback={null}>
          <SpecSheet
            open
            mode={sheet}
            exchange={isActivity ? { exchangeType: d.a.exchangeType } : null}
            options={d.options}
            selected={selected}
            quantity={quantity}
            actions={actions}
            onSelect={(i) => {
              setSelected(i);
              setQuantity(1);
            }}
            onQuantity={setQuantity}
            onAction={(k) => void act(k)}
            onClose={() => setSheet(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
