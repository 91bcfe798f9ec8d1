import { yuanText } from '../lib/money.js';
import { EXCHANGE_TYPE } from '@shop/contract/activity-state';

interface Props {
  /** 1 points only, 2 points plus money, 3 money only (spec 1 §3). */
  exchangeType: number;
  exchangeIntegral: number;
  exchangePrice: string;
}

/** What one unit of an activity item costs: '300积分', '800积分 + ¥99.00' or '¥29.90'. */
export function ExchangeCost({ exchangeType, exchangeIntegral, exchangePrice }: Props) {
  const points = (
    <span>
      <b>{exchangeIntegral}</b>积分
    </span>
  );
  const money = (
    <span>
      ¥<b>{yuanText(exchangePrice)}</b>
    </span>
  );
  return (
    <span className="exchange-cost">
      {exchangeType === EXCHANGE_TYPE.points && points}
      {exchangeType === EXCHANGE_TYPE.pointsAndMoney && (
        <>
          {points} + {money}
        </>
      )}
      {exchangeType === EXCHANGE_TYPE.money && money}
    </span>
  );
}
