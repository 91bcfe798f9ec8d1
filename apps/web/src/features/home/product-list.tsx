import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ProductCard as Card } from '@shop/contract/catalog';
import { PROD_TYPE } from '@shop/contract/activity-state';
import { FLAG } from '@shop/contract/flags';
import { opPages } from '../../components/paged-list-ops.js';
import { productInput, productKey } from '../../app/opening-data.js';
import { selectProdListByType } from '../../lib/first-screen-ops.js';
import { yuanText } from '../../lib/money.js';
import { useSession } from '../../lib/session.js';
import { HomePagedList } from './home-data.js';

function ProductCard({ p }: { p: Card }) {
  return (
    <Link className="prod-card" to={`/detail?prodId=${p.prodId}&prodType=${p.prodType}`}>
      <img src={p.mainLagerImgUrl} alt="" loading="lazy" />
      <span className="prod-card-body">
        <span className="prod-card-name">{p.prodName}</span>
        <span className="prod-card-intro">{p.prodIntroduction}</span>
        {p.touchState === FLAG.yes && <span className="prod-tag">积分可抵¥{yuanText(p.touchMoney)}</span>}
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

/** A zone's products (self-run or welfare) for the agent's grade, ten at a time, on the shared paged list. */
export function ProductList({ prodType }: { prodType: typeof PROD_TYPE.selfRun | typeof PROD_TYPE.welfare }) {
  const { platId, userInfo } = useSession();
  const gradeId = userInfo?.gradeId;
  const fetchPage = useMemo(
    () =>
      opPages<typeof selectProdListByType, Card>(selectProdListByType, (pageNum) => productInput(prodType, gradeId, platId, pageNum)),
    [prodType, gradeId, platId],
  );
  return (
    <HomePagedList
      key={prodType}
      className="prod-grid"
      queryKey={productKey(prodType, gradeId)}
      fetchPage={fetchPage}
      keyOf={(p) => p.prodId}
      render={(p) => <ProductCard p={p} />}
      empty="暂无商品"
    />
  );
}
