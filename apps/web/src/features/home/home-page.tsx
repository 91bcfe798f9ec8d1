import { lazy, Suspense } from 'react';
import { PROD_TYPE } from '@shop/contract/activity-state';
import { AGENT_STATUS } from '@shop/contract/agent-gate';
import { FLAG } from '@shop/contract/flags';
import { Link, useSearchParams } from 'react-router';
import { Carousel } from '../../components/carousel.js';
import { bannerInput, selectAgentGradeInfo, selectBannerList, selectBasePointSet, selectNewNotice } from '../../lib/first-screen-ops.js';
import { useAgentGate } from '../../lib/gate-review.js';
import { usePayPasswordAfterApproval } from '../../lib/pay-password-prompt.js';
import { session, useSession } from '../../lib/session.js';
import { useHomeOp as useOp } from './home-data.js';
import { MessageBell } from '../../components/message-bell.js';
import { SoundIcon } from './icons.js';
import { NoticeLine } from './notice-line.js';
import { ProductList } from './product-list.js';
import { QuickLinks } from './quick-links.js';
import './home.css';

// The activity zone (countdowns, two-phase paging) loads when its tab is first opened.
const ActivityList = lazy(() => import('./activity-list.js'));

const ZONES = [
  { type: PROD_TYPE.selfRun, title: '自营专区' },
  { type: PROD_TYPE.welfare, title: '福利专区' },
  { type: PROD_TYPE.activity, title: '活动专区' },
] as const;
type Zone = (typeof ZONES)[number]['type'];

/** `?activeMy=2` opens the welfare zone (spec 1 §2); 1 and 3 pick the other two: the zone's prodType. */
const zoneOf = (value: string | null): Zone => ZONES.find((z) => String(z.type) === value)?.type ?? PROD_TYPE.selfRun;

export default function HomePage() {
  const { userInfo } = useSession();
  const [params, setParams] = useSearchParams();
  const zone = zoneOf(params.get('activeMy'));
  const { platId } = session.get();
  const firstPayment = userInfo?.agentStatus === AGENT_STATUS.new;

  const bannerQuery = useOp(selectBannerList, bannerInput(platId));
  const noticeQuery = useOp(selectNewNotice, { platId });
  const pointSet = useOp(selectBasePointSet, { platId });
  const signOn = async () => (pointSet.data ?? (await pointSet.refetch()).data)?.obj.signState === FLAG.yes;
  const firstRecharge = useOp(selectAgentGradeInfo, { agentId: userInfo?.agentId, platId }, { enabled: firstPayment }).data?.obj.firstRechargeMoney;
  // null until the list arrives: the banner's box is held meanwhile, so nothing below it moves (layout shift); a
  // failed list leaves the box out.
  const banners = bannerQuery.data?.objs ?? (bannerQuery.isError ? [] : null);
  const notices = noticeQuery.data?.objs ?? (noticeQuery.isError ? [] : null);
  const gate = useAgentGate(userInfo, useOp, firstRecharge);
  usePayPasswordAfterApproval(userInfo);

  return (
    <div className="page home-page">
      <div className="home-greeting-row">
        <p className="home-greeting">
          {userInfo?.agentName}（{userInfo?.gradeName}）欢迎您
        </p>
        {userInfo && <MessageBell />}
      </div>
      {banners === null && <div className="home-banner" aria-hidden="true" />}
      {banners && banners.length > 0 && (
        <Carousel label="轮播图" autoplayMs={3000} className="home-banner">
          {banners.map((b) =>
            b.linkUrl.startsWith('/') ? (
              <Link key={b.id} to={b.linkUrl} aria-label={`轮播图${b.id}`}>
                <img src={b.imgUrl} alt="" />
              </Link>
            ) : (
              <img key={b.id} src={b.imgUrl} alt={`轮播图${b.id}`} />
            ),
          )}
        </Carousel>
      )}
      {notices === null ? <div className="notice-roll" aria-hidden="true" /> : <NoticeLine notices={notices} />}
      <QuickLinks signOn={signOn} signShown={pointSet.data?.obj.signState === FLAG.yes} />
      {/* spec 1 §2 /home: a fixed notice, the same for every agent, whatever the agent's status. */}
      <p className="pay-limit" role="note" aria-label="付款限额">
        <span className="pay-limit-icon" aria-hidden="true">
          <SoundIcon />
        </span>
        首次付款限额：单笔 10,000 元，每月 50,000 元
      </p>
      {gate && (
        <div className={gate.review ? 'gate-bar review' : 'gate-bar'} role={gate.review ? 'status' : 'alert'}>
          <span>{gate.text}</span>
          <Link to={gate.to}>{gate.action}</Link>
        </div>
      )}
      <div className="zone-tabs" role="tablist">
        {ZONES.map((z) => (
          <button
            key={z.type}
            type="button"
            role="tab"
            aria-selected={zone === z.type}
            className={zone === z.type ? 'active' : undefined}
            onClick={() => setParams(z.type === PROD_TYPE.selfRun ? {} : { activeMy: String(z.type) }, { replace: true })}
          >
            {z.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={ZONES.find((z) => z.type === zone)?.title}>
        {zone === PROD_TYPE.activity ? (
          <Suspense fallback={null}>
            <ActivityList />
          </Suspense>
        ) : (
          <ProductList prodType={zone} />
        )}
      </div>
    </div>
  );
}
