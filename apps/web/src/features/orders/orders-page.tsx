import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_MESSAGES, ORDER_TABS, selectOrderInfoList, type OrderListItem } from '@shop/contract/orders';
import { opPages, PagedList } from '../../components/paged-list.js';
import { orderListInput, orderListState } from '../../lib/first-screen-ops.js';
import { opKey } from '../../lib/query.js';
import { OrderCard } from './order-card.js';
import { useOrderActions } from './use-order-actions.js';
import './orders.css';

/** /orders (spec 2 §2): the agent's orders by state, ten at a time. */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const state = orderListState(params.get('tabIndex'));
  const actions = useOrderActions();
  const fetchPage = useMemo(
    () => opPages<typeof selectOrderInfoList, OrderListItem>(selectOrderInfoList, (pageNum) => orderListInput(state, pageNum)),
    [state],
  );

  return (
    <div className="page orders-page">
      <div className="order-tabs" role="tablist">
        {ORDER_TABS.map((tab) => (
          <button
            key={tab.state}
            type="button"
            role="tab"
            aria-selected={tab.state === state}
            className={tab.state === state ? 'active' : undefined}
            onClick={() => setParams(tab.state === -1 ? {} : { tabIndex: String(tab.state) }, { replace: true })}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={ORDER_TABS.find((tab) => tab.state === state)?.title}>
        <PagedList<OrderListItem>
          queryKey={opKey(selectOrderInfoList, { circulationState: state })}
          fetchPage={fetchPage}
          keyOf={(o) => o.id}
          render={(o) => <OrderCard order={o} actions={actions} />}
          empty={ORDER_MESSAGES.empty}
        />
      </div>
      {actions.popup}
    </div>
  );
}
