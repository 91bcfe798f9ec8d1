import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { judgeProdNum } from '@shop/contract/cart';
import { fenToYuan } from '@shop/contract/money';
import { PageState } from '../../components/page-state.js';
import { Dialog } from '../../components/ui.js';
import { call } from '../../lib/api.js';
import { useAgentGate } from '../../lib/gate-review.js';
import { useOp } from '../../lib/query.js';
import { setCheckout } from '../../lib/checkout.js';
import { useSession } from '../../lib/session.js';
import { uplineName } from '../../lib/upline.js';
import { toast } from '../../lib/toast.js';
import { checkedTotalFen, gateOf, settlePlan } from './cart-math.js';
import { CartRow } from './cart-row.js';
import { useCart } from './use-cart.js';

/** /shop: the cart (spec 1 §2, §4 Cart, §5 Cart). */
export default function CartPage() {
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const cart = useCart();
  const [editing, setEditing] = useState(false);
  const gate = gateOf(userInfo);
  // spec 1 §4 / spec 3 §4: the same prompt as /home, and 审核中 once the step is paid and waiting for staff.
  const bar = useAgentGate(userInfo, useOp);
  const lines = cart.lines ?? [];
  const allChecked = lines.length > 0 && lines.every((l) => cart.checked.has(l.cartId));

  async function remove() {
    if (cart.checked.size === 0) return toast('您还没有选择商品');
    if (!(await Dialog.confirm({ content: '确定删除所选商品吗？' }))) return;
    await cart.remove([...cart.checked]);
  }

  async function settle() {
    if (gate !== 'open') return toast('页面缓存，请退出重进');
    const plan = settlePlan(lines, cart.checked);
    if ('error' in plan) return toast(plan.error);
    try {
      await call(judgeProdNum, { list: plan.lines.map((l) => ({ singleProdId: l.singleProdId, buyNum: l.buyNum, prodType: l.prodType })) });
    } catch {
      return; // the api client showed the server's message
    }
    setCheckout({ orderType: plan.orderType, lines: plan.lines, from: 'cart' });
    navigate('/settlement');
  }

  return (
    <div className="page cart-page">
      <header className="cart-header">
        <h2>购物车</h2>
        <span className="cart-store">{uplineName(userInfo)}</span>
        <button type="button" className="link-button" onClick={() => setEditing(!editing)}>
          {editing ? '完成' : '编辑'}
        </button>
      </header>

      {bar && (
        <div className="warn-bar" role="note">
          <span>{bar.text}</span>
          <Link to={bar.to}>{bar.action}</Link>
        </div>
      )}

      <PageState
        query={cart.query}
        isEmpty={(r) => r.objs.length === 0}
        empty={
          <span className="cart-empty">
            购物车还是空的
            <br />
            <Link to="/home" replace className="stock-up">
              去进货
            </Link>
          </span>
        }
      >
        {() => (
          <ul className="cart-list">
            {lines.map((line) => (
              <CartRow
                key={line.cartId}
                line={line}
                checked={cart.checked.has(line.cartId)}
                onToggle={() => cart.toggle(line.cartId)}
                onQuantity={(n) => void cart.setQuantity(line.cartId, n)}
              />
            ))}
          </ul>
        )}
      </PageState>

      {lines.length > 0 && (
        <footer className="cart-footer">
          <label className="check-line">
            <input type="checkbox" checked={allChecked} onChange={(e) => cart.toggleAll(e.target.checked)} />
            <span>全选</span>
          </label>
          {editing ? (
            <button type="button" className="cart-action danger" onClick={() => void remove()}>
              删除
            </button>
          ) : (
            <>
              <span className="cart-total">
                合计(不含运费)：<b>¥{fenToYuan(checkedTotalFen(lines, cart.checked))}</b>
              </span>
              <button type="button" className="cart-action" disabled={gate === 'recharge' || gate === 'bond'} onClick={() => void settle()}>
                结算
              </button>
            </>
          )}
        </footer>
      )}
    </div>
  );
}
