import { useMemo, useState } from 'react';
import { RANK_PAGES, RANK_TYPE, selectAgentFlqPointRank, type RankEntry } from '@shop/contract/account-area';
import { PAGE_SIZE } from '@shop/contract/paging';
import { PagedList, type FetchPage } from '../../components/paged-list.js';
import { call } from '../../lib/api.js';
import { opKey } from '../../lib/query.js';

const TABS = [
  { type: RANK_TYPE.history, title: '历史排行' },
  { type: RANK_TYPE.month, title: '本月排行' },
];

/** Ranks 1 to 3 wear a medal (spec 3 §2 /sign). */
function Rank({ n }: { n: number }) {
  if (n > 3) return <span className="rank-number">{n}</span>;
  return (
    <svg className={`rank-medal medal-${n}`} viewBox="0 0 24 28" role="img" aria-label={`第${n}名`}>
      <path className="medal-ribbon" d="M6 0h5l2 9H8zM13 0h5l-2 9h-5z" />
      <circle className="medal-disc" cx="12" cy="17" r="9" />
      <text x="12" y="21" textAnchor="middle" className="medal-text">
        {n}
      </text>
    </svg>
  );
}

/** The sign-in rankings by points spent: two tabs, only the first two pages (spec 3 §4 / §9). */
export function RankList() {
  const [type, setType] = useState<number>(RANK_TYPE.history);
  const fetchPage = useMemo<FetchPage<RankEntry>>(
    () => async (pageNum, signal) => {
      const reply = await call(selectAgentFlqPointRank, { selRankType: type, page: { nowPage: pageNum, everyPage: PAGE_SIZE } }, { background: true, silent: true, signal });
      // A short page is the last; otherwise the list goes on, up to RANK_PAGES.
      const pageTotal = reply.objs.length < PAGE_SIZE ? pageNum : Math.min(RANK_PAGES, pageNum + 1);
      return { items: reply.objs, pageTotal };
    },
    [type],
  );
  return (
    <section className="card rank-card" aria-label="积分排行">
      <div className="rank-tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t.type} type="button" role="tab" aria-selected={t.type === type} className={t.type === type ? 'active' : undefined} onClick={() => setType(t.type)}>
            {t.title}
          </button>
        ))}
      </div>
      <div className="rank-row rank-head" aria-hidden="true">
        <span>排名</span>
        <span>代理商</span>
        <span>本月消耗</span>
        <span>历史消耗</span>
      </div>
      <PagedList<RankEntry>
        queryKey={opKey(selectAgentFlqPointRank, { selRankType: type })}
        fetchPage={fetchPage}
        keyOf={(r) => `${r.indexRank}-${r.agentName}-${r.pointCount}`}
        render={(r) => (
          <div className="rank-row">
            <Rank n={r.indexRank} />
            <span className="rank-who">
              {r.headImgUrl ? <img className="rank-avatar" src={r.headImgUrl} alt="" /> : <span className="rank-avatar">{r.agentName.slice(0, 1)}</span>}
              <span className="rank-name">
                {r.agentName}
                <small>{r.gradeName}</small>
              </span>
            </span>
            <span>{r.monthPointCount}</span>
            <span>{r.pointCount}</span>
          </div>
        )}
      />
    </section>
  );
}
