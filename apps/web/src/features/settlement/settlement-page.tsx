import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { getCheckout } from '../../lib/checkout.js';
import { SettlementForm } from './settlement-form.js';
import { useSettlement, type Preview } from './use-settlement.js';

type Loading = Parameters<typeof PageState<Preview>>[0]['query'];

/** /settlement: loads address, pay methods and the server's pricing as one page state (skeleton, error with 重试). */
export default function SettlementPage() {
  const checkout = useMemo(() => getCheckout(), []);
  const { address, methods, preview, usePoints, setUsePoints } = useSettlement(checkout);

  if (!checkout) {
    return (
      <div className="page empty">
        没有待结算的商品，<Link to="/home">去逛逛</Link>
      </div>
    );
  }
  const failed = [address, methods, preview].find((q) => q.isError);
  const state: Loading = {
    data: preview.data?.obj,
    error: failed?.error ?? null,
    isError: !!failed,
    isPending: !failed && (address.isPending || methods.isPending || preview.isPending),
    isRefetching: address.isRefetching || methods.isRefetching || preview.isRefetching,
    refetch: () => (failed ?? preview).refetch() as never,
  };
  return (
    <div className="page settlement-page">
      <PageState query={state}>
        {() => (
          <SettlementForm
            checkout={checkout}
            preview={preview.data!.obj}
            address={address.data ?? null}
            methods={methods.data?.objs ?? []}
            usePoints={usePoints}
            setUsePoints={setUsePoints}
          />
        )}
      </PageState>
    </div>
  );
}
