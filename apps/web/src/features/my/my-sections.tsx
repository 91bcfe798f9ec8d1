import type { ReactNode } from 'react';
import type * as z from 'zod/mini';
import type { selectMyPageData } from '@shop/contract/order';
import { Link } from 'react-router';
import { selectAgentGradeCheck } from '@shop/contract/catalog';
import { FLAG } from '@shop/contract/flags';
import { useOp } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { UndoOutline } from 'antd-mobile-icons';
import {
  BankcardOutline,
  BillOutline,
  CheckCircleOutline,
  HistogramOutline,
  LocationOutline,
  PayCircleOutline,
  RightOutline,
  SendOutline,
  SoundOutline,
  TeamOutline,
  TruckOutline,
  UpCircleOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import { priceText } from '../../lib/money.js';
import { orderBadge } from './badge.js';

/** What selectMyPageData answers, as the client reads it (money as yuan text). */
export type MyData = z.output<typeof selectMyPageData.output>['obj'];

/** Goods payment, total income and points, each opening its account page. */
export function FundTiles({ data }: { data: MyData | null }) {
  const a = data?.account;
  const tiles = [
    { to: '/loan', label: '货款余额', value: a ? priceText(a.lastStore) : '--' },
    { to: '/total', label: '总分收入', value: a ? priceText(a.laveIncome) : '--' },
    { to: '/points', label: '积分', value: a ? String(a.laveIntegral) : '--' },
  ];
  return (
    <div className="card my-funds">
      {tiles.map((t) => (
        <Link key={t.to} to={t.to} className="my-fund">
          <strong className="my-fund-value">{t.value}</strong>
          <span className="my-fund-label">{t.label}</span>
        </Link>
      ))}
    </div>
  );
}

/** spec 1 §2 /my order status tiles; the badge shows the count, 99+ above 99. */
export function OrderTiles({ data }: { data: MyData | null }) {
  const tiles: { to: string; label: string; count: number; icon: ReactNode }[] = [
    { to: '/orders?tabIndex=1', label: '待付款', count: data?.dfkNum ?? 0, icon: <PayCircleOutline /> },
    { to: '/orders?tabIndex=3', label: '待发货', count: data?.dfhNum ?? 0, icon: <SendOutline /> },
    { to: '/orders?tabIndex=4', label: '待收货', count: data?.dshNum ?? 0, icon: <TruckOutline /> },
    { to: '/orders?tabIndex=5', label: '已完成', count: data?.ywcNum ?? 0, icon: <CheckCircleOutline /> },
    { to: '/orders', label: '全部订单', count: data?.allNum ?? 0, icon: <BillOutline /> },
  ];
  return (
    <section className="card my-orders" aria-label="我的订单">
      <h3 className="my-section-title">我的订单</h3>
      <div className="my-order-tiles">
        {tiles.map((t) => {
          const badge = orderBadge(t.count);
          return (
            <Link key={t.label} to={t.to} className="my-order-tile">
              <span className="my-order-icon">
                {t.icon}
                {badge && <span className="count-badge">{badge}</span>}
              </span>
              <span>{t.label}</span>
            </Link>
          );
        })}
      </div>
    </section>
  );
}

const ENTRIES = [
  { to: '/upgrade', label: '代理升级', icon: <UpCircleOutline /> },
  { to: '/compliance', label: '合规金', icon: <BankcardOutline /> },
  { to: '/address', label: '收货地址', icon: <LocationOutline /> },
  { to: '/information', label: '公告资讯', icon: <SoundOutline /> },
  { to: '/performance', label: '我的业绩', icon: <HistogramOutline /> },
  { to: '/friend', label: '我的好友', icon: <TeamOutline /> },
  { to: '/share', label: '邀请好友', icon: <UserAddOutline /> },
  { to: '/afterSale', label: '我的售后', icon: <UndoOutline /> },
];

/** spec 1 §7 agent grade check: the top grade cannot upgrade. */
export const GRADE_TOP_MESSAGE = '当前级别不可升级！';

/**
 * `upgradeGated`: an active agent's 代理升级 asks selectAgentGradeCheck (read ahead with the page) and stays here with
 * 「当前级别不可升级！」 when no grade is above; before the first top-up /upgrade is where that top-up is made.
 */
export function EntryList({ upgradeGated = false }: { upgradeGated?: boolean }) {
  const check = useOp(selectAgentGradeCheck, {}, { enabled: upgradeGated });
  const blocked = upgradeGated && check.data?.obj.activeGradeUp === FLAG.no;
  return (
    <section className="card my-entries" aria-label="常用功能">
      {ENTRIES.map((e) => (
        <Link
          key={e.to}
          to={e.to}
          className="my-entry"
          onClick={(ev) => {
            if (e.to === '/upgrade' && blocked) {
              ev.preventDefault();
              toast(GRADE_TOP_MESSAGE);
            }
          }}
        >
          <span className="my-entry-icon">{e.icon}</span>
          <span className="my-entry-label">{e.label}</span>
          <RightOutline className="my-entry-arrow" />
        </Link>
      ))}
    </section>
  );
}
