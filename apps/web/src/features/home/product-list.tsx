import { useMemo } from 'react';
import { Link } from 'react-router';
import { selectProdListByType, type ProductCard as Card } from '@shop/contract/catalog';
import { PAGE_SIZE } from '@shop/contract/paging';
import { InfiniteList, pagesOf } from '../../components/infinite-list.js';
import { call } from '../../lib/api.js';
import { yuanText } from '../../lib/money.js';
import { session } from '../../lib/session.js';

function ProductCard({ p }: { p: Card }) {
  return (
    <Link className="prod-card" to={`/detail?prodId=${p.prodId}&prodType=${p.prodType}`}>
      <img src={p.mainLagerImgUrl} alt="" loading="lazy" />
      <span className="prod-card-body">
        <span className="prod-card-name">{p.prodName}</span>
        <span className="prod-card-intro">{p.prodIntroduction}</span>
        {p.touchState === 1 && <span className="prod-tag">积分可抵¥{yuanText(p.touchMoney)}</span>}
        <span className="prod-card-price">
          <span className="price">¥{yuanText(p.finalPrice)}</span>
          {p.price !== p.finalPrice && <s>¥{yuanText(p.price)}</s>}
        </span>
        <span className="prod-card-foot">
          <span>已售 {p.sales}</span>
          <span className="prod-card-buy">去购买</span>
        </span>
      </span>
    </Link>
  );
}

/** A zone's products (1 self-operated, 2 welfare) for the agent's grade, ten at a time. */
export function ProductList({ prodType }: { prodType: 1 | 2 }) {
  const source = useMemo(
    () =>
      pagesOf(async (pageNum) => {
        const { platId, userInfo } = session.get();
        const reply = await call(
          selectProdListByType,
          { prodType, gradeId: userInfo?.gradeId, pageType: 1, isPhoneShow: 1, platId, phonePage: { pageSize: PAGE_SIZE, pageNum } },
          { background: pageNum > 1 },
        );
        return { items: reply.objs, pageTotal: reply.phonePage.pageTotal };
      }),
    [prodType],
  );
  return (
    <InfiniteList
      key={prodType}
      className="prod-grid"
      source={source}
      keyOf={(p) => p.prodId}
      render={(p) => <ProductCard p={p} />}
      empty="暂无商品"
    />
  );
}
