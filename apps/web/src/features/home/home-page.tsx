import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { selectAgentGradeInfo, selectBannerList, selectBasePointSet, selectNewNotice } from '@shop/contract/catalog';
import { Carousel } from '../../components/carousel.js';
import { call, type Reply } from '../../lib/api.js';
import { agentGate } from '../../lib/agent-gate.js';
import { session, useSession } from '../../lib/session.js';
import { NoticeLine } from './notice-line.js';
import { ProductList } from './product-list.js';
import { QuickLinks } from './quick-links.js';
import './home.css';

// The activity zone (countdowns, two-phase paging) loads when its tab is first opened.
const ActivityList = lazy(() => import('./activity-list.js'));

const ZONES = [
  { type: 1, title: '自营专区' },
  { type: 2, title: '福利专区' },
  { type: 3, title: '活动专区' },
] as const;
type Zone = (typeof ZONES)[number]['type'];

/** `?activeMy=2` opens the welfare zone (spec 1 §2); 1 and 3 pick the other two. */
const zoneOf = (value: string | null): Zone => (value === '2' ? 2 : value === '3' ? 3 : 1);

type Banner = Reply<typeof selectBannerList>['objs'][number];

/** One load in the background: the home screen shows what arrives and leaves out what fails. */
function useHomeData<T>(load: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    load().then(setValue, () => undefined);
  }, []);
  return value;
}

export default function HomePage() {
  const { userInfo } = useSession();
  const [params, setParams] = useSearchParams();
  const zone = zoneOf(params.get('activeMy'));
  const quiet = { background: true, quiet: true };
  const platId = session.get().platId;

  // null until the list arrives: the banner's box is held meanwhile, so nothing below it moves (layout shift).
  const banners = useHomeData<Banner[] | null>(async () => (await call(selectBannerList, { type: 1, platId }, quiet)).objs, null);
  const notices = useHomeData<Reply<typeof selectNewNotice>['objs'] | null>(async () => (await call(selectNewNotice, { platId }, quiet)).objs, null);
  const signOn = useHomeData(async () => (await call(selectBasePointSet, { platId }, quiet)).obj.signState === 1, false);
  const firstRecharge = useHomeData(
    async () => (userInfo?.agentStatus === 0 ? (await call(selectAgentGradeInfo, { agentId: userInfo.agentId, platId }, quiet)).obj.firstRechargeMoney : undefined),
    undefined as string | undefined,
  );
  const gate = agentGate(userInfo, firstRecharge);

  return (
    <div className="page home-page">
      <p className="home-greeting">
        {userInfo?.agentName}（{userInfo?.gradeName}）欢迎您
      </p>
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
      <QuickLinks signOn={signOn} />
      <p className="pay-limit">首次付款限额：单笔 10,000 元，每月 50,000 元</p>
      {gate && (
        <div className="gate-bar" role="alert">
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
            onClick={() => setParams(z.type === 1 ? {} : { activeMy: String(z.type) }, { replace: true })}
          >
            {z.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={ZONES.find((z) => z.type === zone)?.title}>
        {zone === 3 ? (
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
