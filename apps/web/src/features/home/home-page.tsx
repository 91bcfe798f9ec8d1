import { useSession } from '../../lib/session.js';

/** The home page; its zones, banners and notices come with the shopping release. */
export default function HomePage() {
  const { userInfo } = useSession();
  return (
    <div className="page home-page">
      <div className="home-hero">
        <h2>代理商城</h2>
        <p>
          {userInfo?.agentName}（{userInfo?.gradeName}）欢迎您
        </p>
      </div>
      <p className="notice-line">首次付款限额：单笔 10,000 元，每月 50,000 元</p>
      <p className="muted center">商品专区即将上线，敬请期待</p>
    </div>
  );
}
