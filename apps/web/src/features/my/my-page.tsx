import { Link, useNavigate } from 'react-router';
import { AGENT_STATUS } from '@shop/contract/agent-gate';
import { SetOutline } from 'antd-mobile-icons';
import { selectBasePointSet } from '@shop/contract/catalog';
import { selectMyPageData } from '@shop/contract/order';
import { FLAG } from '@shop/contract/flags';
import { confirmDialog } from '../../lib/lazy-dialog.js';
import { PageState } from '../../components/page-state.js';
import { useOp } from '../../lib/query.js';
import { myPageInput } from '../../lib/first-screen-ops.js';
import { logout } from '../../lib/auth.js';
import { useSession } from '../../lib/session.js';
import { usePayPasswordAfterApproval } from '../../lib/pay-password-prompt.js';
import { EntryList, FundTiles, OrderTiles } from './my-sections.js';
import { MessageBell } from '../../components/message-bell.js';
import { MyStoreSection } from './my-store-section.js';

/** /my (spec 1 §2): who is logged in, balances, order states, entries, the store when open, logout. */
export default function MyPage() {
  const navigate = useNavigate();
  const { userInfo, platId } = useSession();
  const agentId = userInfo?.agentId;
  // Balances and order counts move with every order: each visit asks again (the last answer stays meanwhile).
  const my = useOp(selectMyPageData, myPageInput(agentId!, platId), { enabled: !!agentId, refetchOnMount: 'always' });
  // spec 1 §5: the sign-in entry shows only when sign-in is switched on.
  const pointSet = useOp(selectBasePointSet, { platId });
  const signOpen = pointSet.data?.obj.signState === FLAG.yes;
  usePayPasswordAfterApproval(userInfo);

  if (!userInfo) return null;
  return (
    <div className="page my-page">
      <div className="my-header">
        {userInfo.headImgUrl ? (
          <img className="avatar" src={userInfo.headImgUrl} alt="头像" />
        ) : (
          <div className="avatar">{userInfo.agentName.slice(0, 1)}</div>
        )}
        <div className="my-who">
          <div className="my-name">
            {userInfo.agentName}（{userInfo.gradeName}）
          </div>
          <div className="my-phone">{userInfo.suPhone}</div>
        </div>
        {signOpen ? (
          <button type="button" className="sign-button" onClick={() => navigate('/sign')}>
            签到
          </button>
        ) : (
          // The button's place while the setting loads (ADR 0049): the name beside it wraps as it will, so the header
          // does not grow under the reader when the button appears.
          pointSet.isPending && (
            <span className="sign-button sign-button-slot" aria-hidden="true">
              签到
            </span>
          )
        )}
        <MessageBell className="my-bell" />
        <Link to="/seeting" className="my-gear" aria-label="设置">
          <SetOutline />
        </Link>
      </div>

      <PageState query={my} skeleton={<MySkeleton />}>
        {({ obj: data }) => (
          <>
            <FundTiles data={data} />
            <OrderTiles data={data} />
          </>
        )}
      </PageState>
      {/* spec 1 §3: the store section, only when headquarters enabled the store (ADR 0038: the agent's own store in the
          shop; its shared link carries the store only, never the agent's token or openId). */}
      <MyStoreSection />

      <EntryList upgradeGated={userInfo.agentStatus === AGENT_STATUS.activated} />

      <div className="card">
        <button
          type="button"
          className="plain-button"
          onClick={async () => {
            if (await confirmDialog({ content: '确定退出登录吗？' })) await logout();
          }}
        >
          退出登录
        </button>
      </div>
    </div>
  );
}

/** The tiles' places while the figures load, so the entries below do not jump. */
function MySkeleton() {
  return (
    <>
      <FundTiles data={null} />
      <OrderTiles data={null} />
    </>
  );
}
