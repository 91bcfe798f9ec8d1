import { useMemo } from 'react';
import { ACT_STATE, PROD_TYPE } from '@shop/contract/activity-state';
import { Link } from 'react-router';
import { selectIntegralProdList } from '@shop/contract/catalog';
import { ExchangeCost } from '../../components/exchange-cost.js';
import { ACT_STATE_TEXT, activityTiming, formatCountdown, useNow } from '../../lib/countdown.js';
import { useSession } from '../../lib/session.js';
import { HomePagedList } from './home-data.js';
import { activityPages, type TimedActivity } from './activity-pages.js';

/** spec 1 §4: grey with a countdown to the start, a countdown to the end while running, then ended. */
function ActivityCard({ a, now }: { a: TimedActivity; now: number }) {
  const { state, left } = activityTiming(a, now + a.offset);
  return (
    <Link className={`act-card act-state-${state}`} to={`/detail?prodId=${a.id}&prodType=${PROD_TYPE.activity}`}>
      <img src={a.mainLagerImgUrl} alt="" loading="lazy" />
      <span className="act-card-body">
        <span className="act-card-name">
          <span className="act-tag">{ACT_STATE_TEXT[state]}</span>
          {a.prodName}
        </span>
        <span className="act-card-cost">
          <ExchangeCost exchangeType={a.exchangeType} exchangeIntegral={a.exchangeIntegral} exchangePrice={a.exchangePrice} />
        </span>
        <span className="act-card-progress" aria-hidden="true">
          <span style={{ width: `${a.allPercent}%` }} />
        </span>
        <span className="act-card-foot">
          <span>已兑 {a.allPercent}%</span>
          <span>剩余 {a.lastNum}</span>
        </span>
        <span className="act-card-clock">
          {state === ACT_STATE.notStarted && `距开始 ${formatCountdown(left)}`}
          {state === ACT_STATE.running && `距结束 ${formatCountdown(left)}`}
          {state === ACT_STATE.ended && '活动已结束'}
        </span>
      </span>
    </Link>
  );
}

/** The activity zone on the shared paged list (pull to refresh, more on scroll); one clock for every card's countdown. */
export default function ActivityList() {
  const fetchPage = useMemo(() => activityPages(), []);
  const gradeId = useSession().userInfo?.gradeId;
  const now = useNow();
  return (
    <HomePagedList
      className="act-list"
      queryKey={[selectIntegralProdList.path, { gradeId }]}
      fetchPage={fetchPage}
      keyOf={(a) => a.id}
      render={(a) => <ActivityCard a={a} now={now} />}
      empty="暂无活动"
    />
  );
}
