import { useCallback, useEffect, useState } from 'react';
import { deleteOrderShopCart, editOrderShopCartNum, selectOrderShopCart } from '@shop/contract/cart';
import { call } from '../../lib/api.js';
import { refreshCartCount } from '../../lib/cart-count.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import type { CartLine } from './cart-math.js';

/** The agent's cart lines, the checked set, and the calls that change them. */
export function useCart() {
  const { userInfo, platId } = useSession();
  const agentId = userInfo?.agentId;
  const gradeId = userInfo?.gradeId;
  const [lines, setLines] = useState<CartLine[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());

  const load = useCallback(async () => {
    try {
      const reply = await call(selectOrderShopCart, { agentId, platId, gradeId, optType: 0 });
      setFailed(false);
      setLines(reply.objs);
      // A line that left the cart leaves the checked set too.
      setChecked((prev) => new Set(reply.objs.filter((l) => prev.has(l.cartId)).map((l) => l.cartId)));
    } catch {
      setFailed(true);
    }
    void refreshCartCount();
  }, [agentId, gradeId, platId]);

  useEffect(() => {
    void load();
  }, [load]);

  const toggle = (cartId: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (!next.delete(cartId)) next.add(cartId);
      return next;
    });

  const toggleAll = (on: boolean) => setChecked(new Set(on ? (lines ?? []).map((l) => l.cartId) : []));

  async function setQuantity(cartId: number, prodNum: number) {
    setLines((ls) => ls?.map((l) => (l.cartId === cartId ? { ...l, prodNum } : l)) ?? ls);
    try {
      await call(editOrderShopCartNum, { id: agentId, list: [{ cartId, prodNum }] });
    } catch {
      await load(); // show what the server kept
    }
  }

  async function remove(cartIds: number[]) {
    try {
      const reply = await call(deleteOrderShopCart, { agentId, platId, cartIdList: cartIds });
      toast(reply.msg || '删除成功');
    } catch {
      return;
    }
    await load();
  }

  return { lines, failed, checked, load, toggle, toggleAll, setQuantity, remove };
}
