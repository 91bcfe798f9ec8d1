import { useEffect, useRef } from 'react';
import { bondMoneyInit } from '@shop/contract/bond';
import type { Reply } from '../../lib/api.js';
import { refreshAgentInfo } from '../../lib/auth.js';
import { useOp } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';

export type BondInfo = Reply<typeof bondMoneyInit>['obj'];

/**
 * The deposit situation, always fresh (it moves with staff reviews). The buying gate reads the stored user info, so
 * when the server says otherwise (a deposit approved, a refund paid out) the stored info is refreshed once.
 */
export function useBondInfo() {
  const query = useOp(bondMoneyInit, {}, { staleTime: 0 });
  const { userInfo } = useSession();
  const o = query.data?.obj;
  const fresh = o ? `${o.agentStatus}/${o.isNeedBondStatus}` : null;
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!userInfo || !fresh || fresh === `${userInfo.agentStatus}/${userInfo.isNeedBondStatus}` || refreshedFor.current === fresh) return;
    refreshedFor.current = fresh;
    void refreshAgentInfo().catch(() => undefined);
  }, [fresh, userInfo]);
  return query;
}

/** Whether an amount in yuan text is above zero. */
export const positive = (yuan: string) => Number(yuan) > 0;
