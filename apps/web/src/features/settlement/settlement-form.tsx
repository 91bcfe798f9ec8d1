import { useState } from 'react';
import { ORDER_STATE } from '@shop/contract/order-state';
import { useNavigate } from 'react-router';
import { fullAddress } from '@shop/contract/address';
import { saveOrderInfo } from '@shop/contract/order';
import { SETTLE_METHOD, type SettleMethod } from '@shop/contract/pay-codes';
import { orderPrePay } from '@shop/contract/payment';
import { payResultUrl, payWithWechat, wechatPayBlocked } from '../../lib/pay-result.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { yuanToFen } from '@shop/contract/money';
import { Switch } from '../../components/ui.js';
import { AGENT_GATE_MESSAGES } from '@shop/contract/agent-gate';
import { FLAG } from '@shop/contract/flags';
import { ApiError, call } from '../../lib/api.js';
import { refreshCartCount } from '../../lib/cart-count.js';
import { clearCheckout, setPendingPayment, type Checkout } from '../../lib/checkout.js';
import { clearPickedAddress } from '../../lib/picked-address.js';
import { useSession } from '../../lib/session.js';
import { uplineName } from '../../lib/upline.js';
import { toast } from '../../lib/toast.js';
import { defaultMethod, METHOD_OF_TYPE } from './pay-methods.js';
import { wechatPayReady } from '../../lib/open-id.js';
import { PasswordSheet } from '../../components/password-sheet.js';
import { OrderLine } from './order-line.js';
import { leadToSetPayPassword } from '../../lib/pay-password-gate.js';
import type { Address, PayMethod, Preview } from './use-settlement.js';

const NOTE_MAX = 50;

interface Props {
  checkout: Checkout;
  preview: Preview;
  address: Address | null;
  methods: PayMethod[];
  usePoints: boolean;
  setUsePoints: (on: boolean) => void;
}

/** The settlement once priced: address, lines, note, points, pay method and the submission (spec 1 §2 /settlement, §4, §5). */
export function SettlementForm({ checkout, preview, address, methods, usePoints, setUsePoints }: Props) {
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const [chosen, setMethod] = useState<SettleMethod | null>(null);
  const [note, setNote] = useState('');
  const [askPin, setAskPin] = useState(false);
  const [busy, setBusy] = useState(false);
  // ADR 0023: one key per intent: a repeated submission answers the first order; changed content is another order.
  const intent = useIntentKey();

  const payable = yuanToFen(preview.actualMoney) > 0;
  // Inside WeChat, WeChat Pay is offered once the OAuth round trip has given the openId it charges.
  const radios = methods
    .map((m) => ({ ...METHOD_OF_TYPE[m.type]!, canPayPostage: m.isCanPayPostage === FLAG.yes }))
    .filter((r) => r.method && (r.method !== SETTLE_METHOD.wechat || wechatPayReady()));
  // Until the agent picks one, the default method is chosen (pay-methods.ts DEFAULT_ORDER).
  const method = chosen ?? defaultMethod(radios.map((r) => r.method));

  async function submit(payPassword?: string) {
    if (busy) return;
    if (!address) return toast('请选择收货地址');
    if (payable && !method) return toast('请选择支付方式');
    if (note.trim().length > NOTE_MAX) return toast('买家留言不能超过50个字');
    if (method === SETTLE_METHOD.income && !payPassword && yuanToFen(preview.laveIncome) < yuanToFen(preview.actualMoney)) return toast('总分余额不足');
    // ADR 0024: total score and points leave the account at placement: the payment password first (set one if none).
    const takesPoints = preview.prodAllPoint > 0 || (usePoints && preview.pointsOffered === FLAG.yes && preview.pointsNeeded > 0);
    if ((method === SETTLE_METHOD.income || takesPoints) && !payPassword) {
      if (leadToSetPayPassword()) return;
      return setAskPin(true);
    }
    if (method === SETTLE_METHOD.balance && yuanToFen(preview.lastStore) <= 0) return toast('货款余额不足');
    if (method === SETTLE_METHOD.wechat && payable) {
      const blocked = await wechatPayBlocked();
      if (blocked) return toast(blocked);
    }
    setBusy(true);
    try {
      const content = {
        orderType: checkout.orderType,
        payType: payable ? (method ?? undefined) : undefined,
        addressId: address.id,
        receiverName: address.receiverNmae,
        receiverPhone: address.receiverPhone,
        orderNote: note.trim() || undefined,
        seckillId: checkout.lines[0]?.activityId,
        orderProductDetailBos: checkout.lines.map((l) => ({ singleProdId: l.singleProdId, buyNum: l.buyNum, prodId: l.prodId })),
        orderShopCart: checkout.lines.flatMap((l) => (l.cartId ? [l.cartId] : [])),
        usePoints,
        totalMoney: preview.totalMoney,
        postMoney: preview.postMoney,
        actualMoney: preview.actualMoney,
      };
      const reply = await call(saveOrderInfo, { ...content, payPassword, idempotencyKey: intent.for(content) });
      intent.done();
      await afterSave(reply.obj);
    } catch (err) {
      setBusy(false); // spec 1 §5: on failure the submit button is enabled again
      // spec 1 §4 agent gate: a closed gate sends the agent to the step that opens it (first top-up, deposit).
      const msg = err instanceof ApiError ? err.message : '';
      if (msg === AGENT_GATE_MESSAGES.recharge) navigate('/upgrade');
      else if (msg === AGENT_GATE_MESSAGES.bond) navigate('/compliance');
    }
  }

  /** spec 1 §4 "After an order is saved successfully". */
  async function afterSave(order: { id: number; orderCode: string; circulationState: number; actualMoney: string; postMoney: string; totalMoney: string }) {
    void refreshCartCount();
    clearCheckout();
    clearPickedAddress();
    if (order.circulationState !== ORDER_STATE.unpaid || yuanToFen(order.actualMoney) === 0) {
      // Nothing to pay in money (a points exchange the points cover): straight to the result as success.
      navigate(payResultUrl({ payResult: 1, orderId: order.id, actualMoney: order.actualMoney, outTradeNo: order.orderCode, prePath: '/settlement' }), { replace: true });
      return;
    }
    if (method === SETTLE_METHOD.wechat) return payByWechat(order);
    // The payment page reads the split (isCanState) of the saved order from the server.
    setPendingPayment({ orderId: order.id });
    navigate('/payment', { replace: true });
  }

  /** spec 1 §4 method 2: WeChat pay parameters, the in-app payment, then the result page either way. */
  async function payByWechat(order: { id: number; orderCode: string; actualMoney: string }) {
    let params;
    try {
      params = (await call(orderPrePay, { orderId: order.id })).obj;
    } catch {
      // spec 1 §8: the api client showed the message; the result page shows the payment as failed.
      navigate(payResultUrl({ payResult: 0, orderId: order.id, actualMoney: order.actualMoney, outTradeNo: order.orderCode, prePath: '/settlement' }), { replace: true });
      return;
    }
    await payWithWechat(params, order, '/settlement');
  }

  const supplier = uplineName(userInfo);
  return (
    <>
      <button type="button" className="card address-block" onClick={() => navigate('/address?openType=1&nowPath=/settlement')}>
        {address ? (
          <>
            <div className="address-who">
              <strong>{address.receiverNmae}</strong> <span>{address.receiverPhone}</span>
            </div>
            <div className="address-where">{fullAddress(address)}</div>
          </>
        ) : (
          <div className="address-empty">+ 添加收货地址</div>
        )}
      </button>

      <section className="card">
        <div className="card-title">{supplier}</div>
        {preview.lines.map((l) => (
          <OrderLine key={l.singleProdId} line={l} />
        ))}
        {preview.gifts.length > 0 && (
          <>
            <div className="card-subtitle">赠品</div>
            {preview.gifts.map((l) => (
              <OrderLine key={`g${l.singleProdId}`} line={l} />
            ))}
          </>
        )}
      </section>

      <section className="card rows">
        <div className="row">
          <span>配送方式</span>
          <span>{!address ? '快递（选择地址后计算运费）' : preview.postMoney === '0.00' ? '快递 免运费' : `快递 ¥${preview.postMoney}`}</span>
        </div>
        <label className="row">
          <span>买家留言</span>
          <input
            className="text-input right"
            maxLength={NOTE_MAX}
            placeholder="选填：与卖家协商一致的内容"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-label="买家留言"
          />
        </label>
        {preview.pointsOffered === FLAG.yes && (
          <div className="row">
            <span>
              积分抵扣 <small className="muted">可用积分 {preview.availablePoints}，使用 {preview.pointsNeeded} 积分抵扣 ¥{preview.pointsMoney}</small>
            </span>
            <Switch checked={usePoints} onChange={setUsePoints} aria-label="积分抵扣" />
          </div>
        )}
        <div className="row">
          <span>商品金额</span>
          <span>¥{preview.totalMoney}</span>
        </div>
        {preview.prodAllPoint > 0 && (
          <div className="row">
            <span>兑换积分</span>
            <span>{preview.prodAllPoint} 积分</span>
          </div>
        )}
        <div className="row">
          <span>运费</span>
          <span>¥{preview.postMoney}</span>
        </div>
      </section>

      {payable && radios.length > 0 && (
        <section className="card rows" role="radiogroup" aria-label="支付方式">
          {radios.map((r) => (
            <label key={r.method} className="row">
              <span>
                {r.label}
                {r.method === SETTLE_METHOD.balance && <small className="muted"> 余额 ¥{preview.lastStore}</small>}
                {r.method === SETTLE_METHOD.income && <small className="muted"> 余额 ¥{preview.laveIncome}</small>}
              </span>
              <input type="radio" name="pay" checked={method === r.method} onChange={() => setMethod(r.method)} aria-label={r.label} />
            </label>
          ))}
        </section>
      )}

      <div className="submit-bar">
        <span>
          合计：<strong className="price">¥{preview.actualMoney}</strong>
        </span>
        <button type="button" className="primary-button inline" disabled={busy} onClick={() => void submit()}>
          提交订单
        </button>
      </div>
      <PasswordSheet
        open={askPin}
        onClose={() => setAskPin(false)}
        onDone={(pin) => {
          setAskPin(false);
          void submit(pin);
        }}
      />
    </>
  );
}

