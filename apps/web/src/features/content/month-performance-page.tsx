import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONTENT_MESSAGES, performanceTypeText, selPerformanceDetails, type PerformanceItem } from '@shop/contract/content-area';
import { PAGE_SIZE } from '@shop/contract/paging';
import { opPages, PagedList } from '../../components/paged-list.js';
import { opKey, useOp } from '../../lib/query.js';
import './content.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** /monthPerformance?orderTimeYYmm&payDateYYmm&allProfitMoney (spec 3 §2): one month's orders and top-ups. */
export default function MonthPerformancePage() {
  const [params] = useSearchParams();
  const month = params.get('orderTimeYYmm') ?? '';
  const valid = MONTH.test(month);
  const label = params.get('payDateYYmm') || month;
  // The month's total from the server; the query's allProfitMoney only fills the moment before it arrives.
  const head = useOp(selPerformanceDetails, { orderTimeYYmm: month, phonePage: { pageSize: 1, pageNum: 1 } }, { enabled: valid });
  const fetchPage = useMemo(
    () => opPages<typeof selPerformanceDetails, PerformanceItem>(selPerformanceDetails, (pageNum) => ({ orderTimeYYmm: month, phonePage: { pageSize: PAGE_SIZE, pageNum } })),
    [month],
  );
  if (!valid) {
    return (
      <div className="page empty">
        <p>{CONTENT_MESSAGES.noPerformance}</p>
        <Link to="/performance">返回我的业绩</Link>
      </div>
    );
  }
  return (
    <div className="page content-page">
      <section className="performance-head" aria-label="月度业绩">
        <span>{label}业绩（元）</span>
        <strong>{head.data?.obj.allProfitMoney ?? params.get('allProfitMoney') ?? '--'}</strong>
      </section>
      <PagedList<PerformanceItem>
        queryKey={opKey(selPerformanceDetails, { orderTimeYYmm: month, phonePage: { pageSize: PAGE_SIZE, pageNum: 0 } })}
        fetchPage={fetchPage}
        keyOf={(d) => `${d.performanceType}-${d.code}`}
        empty={CONTENT_MESSAGES.noPerformance}
        render={(d) => (
          <div className="performance-detail">
            <span className="performance-detail-main">
              <strong>
                {performanceTypeText(d.performanceType)}
                <em className={d.isLower ? 'lower' : undefined}>{d.isLower ? '下级' : '本人'}</em>
              </strong>
              <span>
                {d.agentName} · {d.code}
              </span>
              <time>{d.createDate}</time>
            </span>
            <strong className="performance-money">¥{d.perforMoney}</strong>
          </div>
        )}
      />
    </div>
  );
}
