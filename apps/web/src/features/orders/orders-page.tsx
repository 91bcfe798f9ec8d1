import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_MESSAGES, ORDER_TABS, selectOrderInfoList, type OrderListItem } from '@shop/contract/orders';
import { PAGE_SIZE } from '@shop/contract/paging';
import { opPages, PagedList } from '../../components/paged-list.js';
import { opKey } from '../../lib/query.js';
import { OrderCard } from './order-card.js';
import { useOrderActions } from './use-order-actions.js';
import './orders.css';

/** `?tabIndex` carries the state filter (the my page links 1, 3, 4, 5); anything else is 全部. */
const stateOf = (value: string | null) => ORDER_TABS.find((tab) => String(tab.state) === value)?.state ?? -1;

/** /orders (spec 2 §2): the agent's orders by state, ten at a time. */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('tabIndex'));
  const actions = useOrderActions();
  const fetchPage = useMemo(
    () => opPages<typeof selectOrderInfoList, OrderListItem>(selectOrderInfoList, (pageNum) => ({ circulationState: state, phonePage: { pageSize: PAGE_SIZE, pageNum } })),
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
