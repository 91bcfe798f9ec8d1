import { Link, useNavigate } from 'react-router';
import { saveAgentPointSign, selectAgentFlqPointRank, selectAgentMyPointChange, selectAgentPointSign } from '@shop/contract/account-area';
import { selectMyAccoutInfo } from '@shop/contract/order';
import { FLAG } from '@shop/contract/flags';
import { PageState } from '../../components/page-state.js';
import { useOp, useOpMutation } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { RankList } from './rank-list.js';
import './points.css';

/** The day tiles of a configured streak: signed days marked, the others with what they would earn. */
function StreakTiles({ length, signed, daily, bonus }: { length: number; signed: number; daily: number; bonus: number }) {
  return (
    <ol className="sign-tiles" aria-label="连续签到">
      {Array.from({ length }, (_, i) => i + 1).map((day) => (
        <li key={day} className={day <= signed ? 'sign-tile signed' : 'sign-tile'}>
          <span className="sign-tile-mark">{day <= signed ? '已签' : `+${daily + (day === length ? bonus : 0)}`}</span>
          <span className="sign-tile-day">第{day}天</span>
        </li>
      ))}
    </ol>
  );
}

/** /sign (spec 3 §2): streak, rewards, the sign button, remaining points, links, the rankings. */
export default function SignPage() {
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const page = useOp(selectAgentPointSign, {});
  const sign = useOpMutation(saveAgentPointSign, {
    invalidates: [selectAgentPointSign, selectAgentMyPointChange, selectMyAccoutInfo, selectAgentFlqPointRank],
  });

  return (
    <div className="page sign-page">
      <PageState query={page}>
        {({ obj }) => {
          const s = obj.basePointSetBo;
          const summary = obj.agentPointSignSummaryBo;
          const signedToday = summary.isSignToday === FLAG.yes;
          return (
            <>
              <section className="sign-banner" style={s.bgImage ? { backgroundImage: `url(${s.bgImage})` } : undefined}>
                {userInfo?.headImgUrl ? <img className="sign-avatar" src={userInfo.headImgUrl} alt="头像" /> : <span className="sign-avatar">{userInfo?.agentName.slice(0, 1)}</span>}
                <p className="sign-streak">
                  已连续签到<strong>{summary.countinueSign}</strong>天
                </p>
                <p className="sign-reward">每日签到可得{s.fixedIntegral}积分</p>
                {s.isContinuitySign === FLAG.yes && s.continuityNum > 0 && (
                  <p className="sign-reward">
                    连续签到{s.continuityNum}天额外奖励{s.continuityIntegral}积分
                  </p>
                )}
              </section>
              <section className="card sign-card">
                {s.isContinuitySign === FLAG.yes && s.continuityNum > 0 && (
                  <StreakTiles length={s.continuityNum} signed={summary.countinueSign} daily={s.fixedIntegral} bonus={s.continuityIntegral} />
                )}
                <button
                  type="button"
                  className="primary-button sign-now"
                  disabled={signedToday || sign.isPending}
                  onClick={async () => {
                    try {
                      const reply = await sign.mutateAsync({});
                      toast(reply.msg);
                      // spec 3 §4: a subMsg of callBack means go back; otherwise the page reloads (the invalidation above).
                      if ((reply as { subMsg?: string }).subMsg === 'callBack') setTimeout(() => navigate(-1), 1000);
                    } catch {
                      /* the api client showed the refusal */
                    }
                  }}
                >
                  {signedToday ? '今日已签到' : '立即签到'}
                </button>
                <div className="sign-links">
                  <Link to="/points">
                    剩余积分 <strong aria-label="剩余积分">{obj.laveIntegral}</strong>
                  </Link>
                  <Link to="/home?activeMy=2">去福利专区</Link>
                </div>
              </section>
            </>
          );
        }}
      </PageState>
      <RankList />
    </div>
  );
}
