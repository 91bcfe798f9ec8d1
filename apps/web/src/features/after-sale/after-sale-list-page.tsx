import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AFTER_SALE_STATE, AFTER_SALE_STATE_TEXT, selectMyAfterSales, type AfterSaleRow } from '@shop/contract/after-sale';
import { PAGE_SIZE } from '@shop/contract/paging';
import { opPages, PagedList } from '../../components/paged-list.js';
import { opKey } from '../../lib/query.js';
import { AfterSaleLines } from './after-sale-parts.js';
import './after-sale.css';

/** The state tabs: 全部 then every state (ADR 0036). */
const TABS = [{ state: 0, title: '全部' }, ...Object.values(AFTER_SALE_STATE).map((s) => ({ state: s, title: AFTER_SALE_STATE_TEXT[s]! }))];
const stateOf = (value: string | null) => TABS.find((t) => String(t.state) === value)?.state ?? 0;

/** /afterSale (spec 2 after-sales): 我的售后, the agent's requests by state, ten at a time. */
export default function AfterSaleListPage() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const fetchPage = useMemo(
    () => opPages<typeof selectMyAfterSales, AfterSaleRow>(selectMyAfterSales, (pageNum) => ({ state, phonePage: { pageSize: PAGE_SIZE, pageNum } })),
    [state],
  );
  return (
    <div className="page after-sale-list-page">
      <div className="after-sale-tabs" role="tablist" aria-label="售后状态">
        {TABS.map((tab) => (
          <button
            key={tab.state}
            type="button"
            role="tab"
            aria-selected={tab.state === state}
            className={tab.state === state ? 'active' : undefined}
            onClick={() => setParams(tab.state === 0 ? {} : { state: String(tab.state) }, { replace: true })}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS.find((t) => t.state === state)?.title}>
        <PagedList<AfterSaleRow>
          queryKey={opKey(selectMyAfterSales, { state })}
          fetchPage={fetchPage}
          keyOf={(r) => r.id}
          render={(r) => <AfterSaleCard row={r} />}
          empty="暂无售后记录"
        />
      </div>
    </div>
  );
}

function AfterSaleCard({ row }: { row: AfterSaleRow }) {
  return (
    <article className="card" aria-label={`售后 ${row.code}`}>
      <Link to={`/afterSaleDetail?id=${row.id}`} className="after-sale-card">
        <div className="after-sale-head">
          <span className="after-sale-code">
            {row.kindText} · 订单 {row.orderCode}
          </span>
          <span className={`after-sale-state state-${row.state}`}>{row.stateText}</span>
        </div>
        <AfterSaleLines lines={row.lines} />
        <div className="after-sale-sum">
          <span>{row.createDate}</span>
          <span>共{row.qty}件</span>
        </div>
      </Link>
    </article>
  );
}
