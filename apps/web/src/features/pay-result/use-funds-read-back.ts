import { wxPaySuccessCallBackByBond } from '@shop/contract/bond';
import { CHECK_STATE } from '@shop/contract/order-state';
import { WX_PAY_STATE, type PayKind } from '@shop/contract/pay-result';
import { wxPaySuccessCallBack } from '@shop/contract/upgrade';
import { useQueryClient } from '@tanstack/react-query';
import { opKey, useOp } from '../../lib/query.js';

const RECHECKS = 5;
const RECHECK_MS = 2000;

interface Record {
  code: string;
  money: string;
  /** The WeChat payment arrived (wxPayState 1), or the application has moved on to review / been approved. */
  paid: boolean;
  /** Paid and waiting for staff (an HK application or an HG deposit in review, ADR 0025, spec 3 §4). */
  review: boolean;
  /** The refund of its payment as the agent reads it (已退款 / 退款中 ...), null when none (ADR 0025). */
  refund: string | null;
}

/**
 * spec 2 §2: an HK (top-up / upgrade) or HG (deposit) payment read back from the server by its serial, asked again
 * every 2 s (at most 5 more times) while the pay sheet said ok and the notification has not arrived.
 */
export function useFundsReadBack(kind: PayKind, serial: string, sheetOk: boolean, enabled: boolean) {
  const waiting = (r: Record | undefined, rounds: number) => sheetOk && !!r && !r.paid && rounds <= RECHECKS;
  const paid = (r: { checkState: number; wxPayState: number | null }) => r.wxPayState === WX_PAY_STATE.paid || r.checkState === CHECK_STATE.pending || r.checkState === CHECK_STATE.passed;
  const input = { serialNumber: serial };
  const hk = useOp(wxPaySuccessCallBack, input, {
    enabled: enabled && kind === 'HK',
    staleTime: 0,
    refetchInterval: ({ state }) => {
      const r = state.data?.objs[0];
      return waiting(r && { code: r.rechargeCode, money: r.rechargeMoney, paid: paid(r), review: false, refund: null }, state.dataUpdateCount) ? RECHECK_MS : false;
    },
  });
  const hg = useOp(wxPaySuccessCallBackByBond, input, {
    enabled: enabled && kind === 'HG',
    staleTime: 0,
    refetchInterval: ({ state }) => {
      const r = state.data?.obj;
      return waiting(r && { code: r.bondCode, money: r.bondMoney, paid: paid(r), review: false, refund: null }, state.dataUpdateCount) ? RECHECK_MS : false;
    },
  });
  const h = hk.data?.objs[0];
  const g = hg.data?.obj;
  const record: Record | null = h
    ? { code: h.rechargeCode, money: h.rechargeMoney, paid: paid(h), review: h.refundState === null && h.checkState === CHECK_STATE.pending, refund: h.refundState === null ? null : h.stateText }
    : g
      ? { code: g.bondCode, money: g.bondMoney, paid: paid(g), review: g.checkState === CHECK_STATE.pending, refund: null }
      : null;
  const query = kind === 'HK' ? hk : hg;
  const client = useQueryClient();
  const rounds = client.getQueryState(opKey(kind === 'HK' ? wxPaySuccessCallBack : wxPaySuccessCallBackByBond, input))?.dataUpdateCount ?? 0;
  return { query, record, checking: query.isLoading || waiting(record ?? undefined, rounds) };
}
