import { useQueryClient } from '@tanstack/react-query';
import { AGENT_STATUS } from '@shop/contract/agent-gate';
import { BALANCE_STATE } from '@shop/contract/payment-state';
import { ORDER_STATE, PAY_STATE } from '@shop/contract/order-state';
import { Link, useSearchParams } from 'react-router';
import { PAY_KINDS, PAY_REVIEW_TEXT, payKindOf, selOrderInfoBySerialNumber, type PayKind } from '@shop/contract/pay-result';
import { GATE_REVIEW_TEXT } from '../../lib/agent-gate.js';
import { priceText } from '../../lib/money.js';
import { readPayResultQuery } from '../../lib/pay-result.js';
import { classifyError, opKey, useOp } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';
import { useFundsReadBack } from './use-funds-read-back.js';

/** spec 3 §4: a paid first top-up, upgrade or deposit still waits for staff; the page says so under 支付成功. */
const REVIEW_NOTE = { firstTopUp: GATE_REVIEW_TEXT.recharge, upgrade: '升级审核中，审核通过后生效', HG: GATE_REVIEW_TEXT.bond } as const;

/** WeChat's notification may land a moment after the pay sheet closes: ask again a few times before saying so. */
const RECHECKS = 5;
const RECHECK_MS = 2000;

/**
 * /orderPayResult (spec 2 §2), public: success or failure of a payment, its kind by the serial's prefix (DD 订单支付,
 * VD 店铺订单, HK 货款充值, HG 合规金), number and amount. A logged-in agent's DD order is read back from the server,
 * whose answer wins over the query (the pay sheet's "ok" is only a hint); a failed read says why, with a retry.
 */
export default function PayResultPage() {
  const [params] = useSearchParams();
  const q = readPayResultQuery(params);
  const serial = q.outTradeNo ?? '';
  const kind: PayKind = payKindOf(serial) ?? 'DD';
  const { token, userInfo } = useSession();
  // The sheet said ok, the server has not heard yet: ask again every 2 s, at most RECHECKS more times.
  const awaiting = (o: { payState: number; circulationState: number } | undefined) => q.payResult === 1 && !!o && o.payState !== PAY_STATE.paid && o.circulationState === ORDER_STATE.unpaid;
  const readBack = !!token && !!serial && kind === 'DD';
  const input = { serialNumber: serial };
  const query = useOp(
    selOrderInfoBySerialNumber,
    input,
    {
      enabled: readBack,
      staleTime: 0,
      refetchInterval: ({ state }) => (awaiting(state.data?.obj) && state.dataUpdateCount <= RECHECKS ? RECHECK_MS : false),
    },
  );
  const order = query.data?.obj ?? null;
  const rounds = useQueryClient().getQueryState(opKey(selOrderInfoBySerialNumber, input))?.dataUpdateCount ?? 0;
  // HK top-ups / upgrades and HG deposits are read back by their own calls (spec 2 §2).
  const funds = useFundsReadBack(kind, serial, q.payResult === 1, !!token && !!serial && (kind === 'HK' || kind === 'HG'));
  const lookup = kind === 'HK' || kind === 'HG' ? funds.query : query;
  const checking = kind === 'HK' || kind === 'HG' ? funds.checking : query.isLoading || (awaiting(order ?? undefined) && rounds <= RECHECKS);

  const review = q.state === BALANCE_STATE.offline || q.state === BALANCE_STATE.offlineSplit || order?.circulationState === ORDER_STATE.review;
  // ADR 0025: a top-up rejected after its WeChat payment is given back: it reads as refunded, never as paid.
  const refund = funds.record?.refund ?? null;
  // Where the server can be asked, only its answer says paid: until it answers (or when it cannot be reached) the
  // sheet's "ok" reads as 支付确认中.
  const asked = readBack || (!!token && !!serial && (kind === 'HK' || kind === 'HG'));
  const paid = funds.record ? funds.record.paid : order ? order.payState === PAY_STATE.paid : !asked && q.payResult === 1;
  const pending = !review && !paid && q.payResult === 1; // the sheet said ok, the server has not heard yet
  const status = refund ? 'refund' : review ? 'review' : paid ? 'success' : pending ? 'pending' : 'failure';
  const title = { refund: refund ?? '', review: PAY_REVIEW_TEXT, success: '支付成功', pending: '支付确认中', failure: '支付失败' }[status];
  const orderId = order?.id ?? q.orderId;
  const amount = funds.record?.money ?? q.actualMoney ?? order?.actualMoney;
  // Opened without any payment in the address (a bookmark, a bare link): nothing was paid or refused here.
  if (!params.has('payResult') && !serial && !q.orderId && !q.state) return <NoPayment />;

  return (
    <div className="page pay-result">
      <section className="card pay-result-head" data-status={status}>
        <div className="pay-result-icon" aria-hidden="true">
          {status === 'success' ? '✓' : status === 'failure' ? '✕' : '…'}
        </div>
        <h1 className="pay-result-title">{title}</h1>
        {status === 'success' && funds.record?.review && (
          <p className="pay-result-review" role="status">
            {REVIEW_NOTE[kind === 'HG' ? 'HG' : userInfo?.agentStatus === AGENT_STATUS.new ? 'firstTopUp' : 'upgrade']}
          </p>
        )}
        {pending && !lookup.isError && <p className="muted">{checking ? '正在确认支付结果…' : '支付结果确认中，请稍后在订单中查看'}</p>}
        {lookup.isError && (
          <p className="muted" role="alert">
            订单状态查询失败：{classifyError(lookup.error).message}{' '}
            <button type="button" className="text-button" onClick={() => void lookup.refetch()} disabled={lookup.isFetching}>
              {lookup.isFetching ? '重试中...' : '重试'}
            </button>
          </p>
        )}
      </section>
      <section className="card rows">
        <div className="row">
          <span>支付类型</span>
          <span>{PAY_KINDS[kind]}</span>
        </div>
        {(order?.orderCode || funds.record?.code || serial) && (
          <div className="row">
            <span>订单编号</span>
            <span data-testid="pay-result-code">{order?.orderCode ?? funds.record?.code ?? serial}</span>
          </div>
        )}
        {amount && (
          <div className="row">
            <span>{status === 'success' ? '支付金额' : '订单金额'}</span>
            <strong className="price">{priceText(amount)}</strong>
          </div>
        )}
        {order && order.otherActualMoney !== '0.00' && (
          <div className="row">
            <span>{status === 'success' ? '微信支付' : '需微信支付'}</span>
            <span>{priceText(order.otherActualMoney)}</span>
          </div>
        )}
      </section>
      <div className="pay-result-actions">
        {orderId && kind === 'DD' && (
          <Link className="primary-button pay-result-button" to={`/ordersDetail?id=${orderId}`} replace>
            查看订单
          </Link>
        )}
        <Link className="plain-button pay-result-button" to="/home" replace>
          返回首页
        </Link>
      </div>
    </div>
  );
}

/** /orderPayResult with no payment to report: a neutral state and the way to the orders list (spec 2 §2). */
function NoPayment() {
  return (
    <div className="page pay-result">
      <section className="card pay-result-head" data-status="none">
        <div className="pay-result-icon" aria-hidden="true">
          i
        </div>
        <h1 className="pay-result-title">暂无支付结果</h1>
        <p className="muted">未找到本次支付的信息，可在我的订单中查看支付状态</p>
      </section>
      <div className="pay-result-actions">
        <Link className="primary-button pay-result-button" to="/orders" replace>
          查看我的订单
        </Link>
        <Link className="plain-button pay-result-button" to="/home" replace>
          返回首页
        </Link>
      </div>
    </div>
  );
}
