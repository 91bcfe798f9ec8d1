import { useCallback, useEffect, useState } from 'react';
import { fnSelBaseOfflinePayAccount, fnSelectBaseOfflinePaySet, selectOrderPayInfo } from '@shop/contract/payment';
import { call, type Reply } from '../../lib/api.js';

export type PayInfo = Reply<typeof selectOrderPayInfo>['obj'];
export type OfflineAccount = Reply<typeof fnSelBaseOfflinePayAccount>['objs'][number];

/** The order's payment situation from the server, and the offline accounts when offline payment is offered. */
export function usePayment(orderId: number | null) {
  const [info, setInfo] = useState<PayInfo | null>(null);
  const [accounts, setAccounts] = useState<OfflineAccount[]>([]);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    if (!orderId) return;
    try {
      const reply = await call(selectOrderPayInfo, { id: orderId });
      setInfo(reply.obj);
      if (reply.obj.methods.includes(4)) {
        const [list] = await Promise.all([call(fnSelBaseOfflinePayAccount, { accountBelongType: 0 }), call(fnSelectBaseOfflinePaySet, {})]);
        setAccounts(list.objs);
      }
    } catch {
      setFailed(true);
    }
  }, [orderId]);

  useEffect(() => {
    void load();
  }, [load]);

  return { info, accounts, failed, reload: load };
}

/** spec 2 §2: WeChat 6, income 7, offline 8 — the first enabled one is chosen by default. */
export const PAY_OPTIONS = [
  { payType: 6, methodType: 1, label: '微信支付' },
  { payType: 7, methodType: 2, label: '总分支付' },
  { payType: 8, methodType: 4, label: '线下支付' },
] as const;
