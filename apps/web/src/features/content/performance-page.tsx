import { useMemo } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { CONTENT_MESSAGES, selEveryMonthMoney, type MonthItem } from '@shop/contract/content-area';
import { PAGE_SIZE } from '@shop/contract/paging';
import { opPages, PagedList } from '../../components/paged-list.js';
import { priceText } from '../../lib/money.js';
import { opKey, useOp } from '../../lib/query.js';
import './content.css';

/** /performance (spec 3 §2): the total and the months, from my paid orders and top-ups and those of my agents below. */
export default function PerformancePage() {
  const total = useOp(selEveryMonthMoney, { phonePage: { pageSize: 1, pageNum: 1 } });
  const fetchPage = useMemo(() => opPages<typeof selEveryMonthMoney, MonthItem>(selEveryMonthMoney, (pageNum) => ({ phonePage: { pageSize: PAGE_SIZE, pageNum } })), []);
  return (
    <div className="page content-page">
      <section className="performance-head" aria-label="累计业绩">
        <span>累计业绩（元）</span>
        <strong>{total.data ? priceText(total.data.obj.allCountMoney) : '--'}</strong>
        <small>含本人及下级代理的采购与充值</small>
      </section>
      <PagedList<MonthItem>
        queryKey={opKey(selEveryMonthMoney, { phonePage: { pageSize: PAGE_SIZE, pageNum: 0 } })}
        fetchPage={fetchPage}
        keyOf={(m) => m.orderTimeYYmm}
        empty={CONTENT_MESSAGES.noPerformance}
        render={(m) => (
          <Link className="performance-row" to={`/monthPerformance?${new URLSearchParams({ allProfitMoney: m.allProfitMoney, orderTimeYYmm: m.orderTimeYYmm, payDateYYmm: m.payDateYYmm })}`}>
            <span>{m.payDateYYmm}</span>
            <span className="performance-row-end">
              <strong>{priceText(m.allProfitMoney)}</strong>
              {/* The row opens the month's detail: it says so, as every other list row that leads on. */}
              <RightOutline className="performance-row-arrow" aria-hidden="true" />
            </span>
          </Link>
        )}
      />
    </div>
  );
}
