import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { deleteOrderShopCart, editOrderShopCartNum, selectOrderShopCart } from '@shop/contract/cart';
import type { Reply } from '../../lib/api.js';
import { refreshCartCount, takeJustAdded } from '../../lib/cart-count.js';
import { opKey, useOp, useOpMutation } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import type { CartLine } from './cart-math.js';

type CartReply = Reply<typeof selectOrderShopCart>;

/** The agent's cart lines (the one loader), the checked set, and the calls that change them. */
export function useCart() {
  const { userInfo, platId } = useSession();
  const agentId = userInfo?.agentId;
  const input = useMemo(() => ({ agentId, platId, gradeId: userInfo?.gradeId, optType: 0 as const }), [agentId, platId, userInfo?.gradeId]);
  // The cart is the server's truth on every visit (lines are added from /detail and removed by a saved order).
  const query = useOp(selectOrderShopCart, input, { enabled: !!agentId, refetchOnMount: 'always' });
  const client = useQueryClient();
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const editNum = useOpMutation(editOrderShopCartNum, { background: true });
  const deleteLines = useOpMutation(deleteOrderShopCart, { invalidates: [selectOrderShopCart] });

  const fresh = query.data && !query.isFetching ? query.data.objs : null;
  useEffect(() => {
    if (!fresh) return;
    // A line that left the cart leaves the checked set; a spec just added on /detail comes in ticked.
    const added = new Set(takeJustAdded());
    setChecked((prev) => new Set(fresh.filter((l) => prev.has(l.cartId) || added.has(l.singleProdId)).map((l) => l.cartId)));
    void refreshCartCount();
  }, [fresh]);

  const lines: CartLine[] | null = query.data?.objs ?? null;

  const toggle = (cartId: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (!next.delete(cartId)) next.add(cartId);
      return next;
    });

  const toggleAll = (on: boolean) => setChecked(new Set(on ? (lines ?? []).map((l) => l.cartId) : []));

  async function setQuantity(cartId: number, prodNum: number) {
    client.setQueryData<CartReply>(opKey(selectOrderShopCart, input), (r) => r && { ...r, objs: r.objs.map((l) => (l.cartId === cartId ? { ...l, prodNum } : l)) });
    try {
      await editNum.mutateAsync({ id: agentId, list: [{ cartId, prodNum }] });
    } catch {
      await query.refetch(); // show what the server kept
    }
  }

  async function remove(cartIds: number[]) {
    try {
      const reply = await deleteLines.mutateAsync({ agentId, platId, cartIdList: cartIds });
      toast(reply.msg || '删除成功');
    } catch {
      /* the api client showed why */
    }
  }

  return { query, lines, checked, toggle, toggleAll, setQuantity, remove };
}
