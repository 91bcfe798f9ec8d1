import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { previewOrder, selectPayMethod } from '@shop/contract/order';
import { selectOrderLogisticsAddress, getOrderLogisticsById } from '@shop/contract/address';
import { call, type Reply } from '../../lib/api.js';
import type { Checkout } from '../../lib/checkout.js';
import { getPickedAddress } from '../../lib/picked-address.js';
import { useOp } from '../../lib/query.js';

export type Preview = Reply<typeof previewOrder>['obj'];
export type PayMethod = Reply<typeof selectPayMethod>['objs'][number];
export type Address = Reply<typeof getOrderLogisticsById>['obj'];

const quietly = { background: true, silent: true } as const;

/** The address to ship to: the one just picked on /address, else the default one, else any, else none. */
async function loadAddress(picked: number | null): Promise<Address | null> {
  if (picked) {
    const reply = await call(getOrderLogisticsById, { id: picked }, { ...quietly, quiet: true }).catch(() => null);
    if (reply?.obj) return reply.obj;
  }
  const list = await call(selectOrderLogisticsAddress, { isDefAddr: 1, phonePage: { pageSize: 1, pageNum: 1 } }, quietly);
  if (list.objs[0]) return list.objs[0];
  const any = await call(selectOrderLogisticsAddress, { phonePage: { pageSize: 1, pageNum: 1 } }, quietly);
  return any.objs[0] ?? null;
}

/** Address, pay methods and the server's pricing of the checkout, re-priced when the address or points change. */
export function useSettlement(checkout: Checkout | null) {
  const [usePoints, setUsePoints] = useState(false);
  const picked = getPickedAddress();
  const address = useQuery({
    queryKey: ['settlement-address', picked],
    queryFn: () => loadAddress(picked),
    enabled: !!checkout,
    // Addresses change on /address and /addressP; the settlement asks again each time it opens.
    refetchOnMount: 'always',
  });
  const methods = useOp(selectPayMethod, { isEnable: 1 }, { enabled: !!checkout });
  const input = checkout && {
    orderType: checkout.orderType,
    seckillId: checkout.lines[0]?.activityId,
    orderProductDetailBos: checkout.lines.map((l) => ({ singleProdId: l.singleProdId, buyNum: l.buyNum, prodId: l.prodId })),
    addressId: address.data?.id,
    usePoints,
  };
  const preview = useOp(previewOrder, input!, {
    enabled: !!input && address.isSuccess,
    // Re-pricing for another address or the points switch keeps the last figures on screen meanwhile.
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  return { address, methods, preview, usePoints, setUsePoints };
}
