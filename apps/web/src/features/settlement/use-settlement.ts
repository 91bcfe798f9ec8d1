import { useCallback, useEffect, useState } from 'react';
import { previewOrder, selectPayMethod } from '@shop/contract/order';
import { selectOrderLogisticsAddress, getOrderLogisticsById } from '@shop/contract/address';
import { call, type Reply } from '../../lib/api.js';
import type { Checkout } from '../../lib/checkout.js';
import { getPickedAddress } from '../../lib/picked-address.js';

export type Preview = Reply<typeof previewOrder>['obj'];
export type PayMethod = Reply<typeof selectPayMethod>['objs'][number];
export type Address = Reply<typeof getOrderLogisticsById>['obj'];

/** The address to ship to: the one just picked on /address, else the default one, else none. */
async function loadAddress(): Promise<Address | null> {
  const picked = getPickedAddress();
  if (picked) {
    const reply = await call(getOrderLogisticsById, { id: picked }, { quiet: true }).catch(() => null);
    if (reply?.obj) return reply.obj;
  }
  const list = await call(selectOrderLogisticsAddress, { isDefAddr: 1, phonePage: { pageSize: 1, pageNum: 1 } });
  if (list.objs[0]) return list.objs[0];
  const any = await call(selectOrderLogisticsAddress, { phonePage: { pageSize: 1, pageNum: 1 } });
  return any.objs[0] ?? null;
}

/** Address, pay methods and the server's pricing of the checkout, re-priced when the address or points change. */
export function useSettlement(checkout: Checkout | null) {
  const [address, setAddress] = useState<Address | null | undefined>(undefined);
  const [methods, setMethods] = useState<PayMethod[]>([]);
  const [usePoints, setUsePoints] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!checkout) return;
    loadAddress().then(setAddress, () => setAddress(null));
    call(selectPayMethod, { isEnable: 1 }).then((r) => setMethods(r.objs), () => setMethods([]));
  }, [checkout]);

  const reprice = useCallback(async () => {
    if (!checkout || address === undefined) return;
    try {
      const reply = await call(previewOrder, {
        orderType: checkout.orderType,
        seckillId: checkout.lines[0]?.activityId,
        orderProductDetailBos: checkout.lines.map((l) => ({ singleProdId: l.singleProdId, buyNum: l.buyNum, prodId: l.prodId })),
        addressId: address?.id,
        usePoints,
      });
      setPreview(reply.obj);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [checkout, address, usePoints]);

  useEffect(() => {
    void reprice();
  }, [reprice]);

  return { address, methods, preview, failed, usePoints, setUsePoints, reprice };
}
