import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SetOutline, ShopbagOutline } from 'antd-mobile-icons';
import { selectBasePointSet } from '@shop/contract/catalog';
import { selectMyPageData } from '@shop/contract/order';
import { Dialog } from '../../components/ui.js';
import { call } from '../../lib/api.js';
import { logout } from '../../lib/auth.js';
import { useSession } from '../../lib/session.js';
import { storeLink } from './badge.js';
import { EntryList, FundTiles, OrderTiles, type MyData } from './my-sections.js';

/** /my (spec 1 §2): who is logged in, balances, order states, entries, the store when open, logout. */
export default function MyPage() {
  const navigate = useNavigate();
  const { userInfo, platId, token, openId } = useSession();
  const agentId = userInfo?.agentId;
  const [data, setData] = useState<MyData | null>(null);
  const [signOpen, setSignOpen] = useState(false);

  useEffect(() => {
    if (!agentId) return;
    let live = true;
    call(selectMyPageData, { id: agentId, platId })
      .then((r) => live && setData(r.obj))
      .catch(() => undefined);
    // spec 1 §5: the sign-in entry shows only when sign-in is switched on.
    call(selectBasePointSet, { platId }, { background: true, quiet: true })
      .then((r) => live && setSignOpen(r.obj.signState === 1))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [agentId, platId]);

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
        {signOpen && (
          <button type="button" className="sign-button" onClick={() => navigate('/sign')}>
            签到
          </button>
        )}
        <Link to="/seeting" className="my-gear" aria-label="设置">
          <SetOutline />
        </Link>
      </div>

      <FundTiles data={data} />
      <OrderTiles data={data} />

      {data?.isOpenShop === 1 && (
        <section className="card my-store" aria-label="我的店铺">
          <a href={storeLink(data.shopUrl, { agentId: userInfo.agentId, shopId: data.shopId, token, openId })} className="my-entry">
            <span className="my-entry-icon">
              <ShopbagOutline />
            </span>
            <span className="my-entry-label">我的店铺</span>
          </a>
        </section>
      )}

      <EntryList />

      <div className="card">
        <button
          type="button"
          className="plain-button"
          onClick={async () => {
            if (await Dialog.confirm({ content: '确定退出登录吗？' })) await logout();
          }}
        >
          退出登录
        </button>
      </div>
    </div>
  );
}
