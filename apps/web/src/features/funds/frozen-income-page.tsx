import { useMemo } from 'react';
import { INCOME_STATE } from '@shop/contract/funds-rules';
import { FROZEN_INCOME_KIND, FROZEN_INCOME_KIND_TEXT, FROZEN_INCOME_STATE_TEXT, selFrozenIncomeRecords, type FrozenIncomeItem } from '@shop/contract/funds';
import { PAGE_SIZE } from '@shop/contract/paging';
import { PagedList, type FetchPage } from '../../components/paged-list.js';
import { call } from '../../lib/api.js';
import { priceText } from '../../lib/money.js';
import { opKey } from '../../lib/query.js';
import { Tabs, useTab } from './tabs.js';
import './funds.css';

const TABS = [
  { value: 0, title: '冻结中' },
  { value: 1, title: '已解冻' },
] as const;

/** One frozen (or settled) income: what, from whom and which order or top-up, the amount, when it is released. */
function IncomeLine({ r }: { r: FrozenIncomeItem }) {
  const kind = FROZEN_INCOME_KIND_TEXT[r.kind] ?? '收益';
  const label = `${kind} ${priceText(r.amount)}`;
  return (
    <article className="funds-record" aria-label={label}>
      <div className="funds-record-main">
        <span className="funds-record-title">
          {kind}
          {r.fromAgentName && <span className="funds-record-from">来自 {r.fromAgentName}</span>}
        </span>
        <span className="funds-record-sub">
          {r.kind === FROZEN_INCOME_KIND.recruit ? '充值单号' : '订单号'} {r.sourceCode}
        </span>
        {r.state === INCOME_STATE.frozen ? (
          <span className="funds-record-sub" data-testid="release-date">
            {r.releaseDate ? `预计 ${r.releaseDate} 解冻` : r.releaseHint}
          </span>
        ) : (
          <span className="funds-record-sub">
            {FROZEN_INCOME_STATE_TEXT[r.state]} {r.settledDate}
          </span>
        )}
      </div>
      <strong className={r.state === INCOME_STATE.voided ? 'funds-minus' : 'funds-plus'}>{priceText(r.amount)}</strong>
    </article>
  );
}

/** /frozenIncome: what /total's 冻结金额 is made of, and the history once released. */
export default function FrozenIncomePage() {
  const [tab, setTab] = useTab(TABS);
  const fetchPage = useMemo<FetchPage<FrozenIncomeItem>>(
    () => async (pageNum, signal) => {
      const reply = await call(selFrozenIncomeRecords, { tab, phonePage: { pageSize: PAGE_SIZE, pageNum } }, { background: true, silent: true, signal });
      return { items: reply.objs, pageTotal: reply.obj.phonePage.pageTotal };
    },
    [tab],
  );
  return (
    <div className="page funds-page">
      <p className="funds-note">收益冻结期满后自动转入总分余额：招募奖励自首充审核通过起计，进货差价自订单确认收货起计。</p>
      <Tabs tabs={TABS} value={tab} onChange={setTab}>
        <PagedList<FrozenIncomeItem>
          queryKey={[...opKey(selFrozenIncomeRecords), tab]}
          fetchPage={fetchPage}
          keyOf={(r) => r.id}
          empty={tab === 0 ? '暂无冻结收益' : '暂无解冻记录'}
          render={(r) => <IncomeLine r={r} />}
        />
      </Tabs>
    </div>
  );
}
