import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { closeDealApp, ORDER_MESSAGES, orderReceiveDeal, selectOrderInfoByOrderId, selectOrderInfoList } from '@shop/contract/orders';
import { Dialog } from '../../components/ui.js';
import { ApiError, call } from '../../lib/api.js';
import { setPendingPayment } from '../../lib/checkout.js';
import { toast } from '../../lib/toast.js';
import { CloseOrderPopup } from './close-order-popup.js';

/** What the actions need of an order (a list item or the detail). */
export interface ActionableOrder {
  id: number;
  orderCode: string;
  actualMoney: string;
  postMoney: string;
  totalMoney: string;
  waybillCode: string;
  receiverPhone: string;
  canPay: boolean;
  canClose: boolean;
  canReceive: boolean;
  canTrack: boolean;
}

/**
 * spec 2 §4 Buyer actions: pay (→ /payment), close with a reason, confirm receipt, follow the parcels. After a success
 * and after a refusal (the order moved on in the meantime) the order lists and details are loaded again.
 */
export function useOrderActions() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const onChanged = () => {
    void client.invalidateQueries({ queryKey: [selectOrderInfoList.path] });
    void client.invalidateQueries({ queryKey: [selectOrderInfoByOrderId.path] });
  };
  const [closing, setClosing] = useState<number | null>(null);
  const busy = useRef(false);

  function pay(o: ActionableOrder) {
    // The payment screen recomputes the split from the order (isCanState 0: not decided yet).
    setPendingPayment({ orderId: o.id, orderCode: o.orderCode, method: 1, isCanState: 0, actualMoney: o.actualMoney, postMoney: o.postMoney, totalMoney: o.totalMoney });
    navigate('/payment');
  }

  function track(o: ActionableOrder) {
    const q = new URLSearchParams({ logisticsId: String(o.id), waybillCode: o.waybillCode, receiverPhone: o.receiverPhone });
    navigate(`/logisticsInformation?${q.toString()}`);
  }

  const refusedOrDone = (err?: unknown) => {
    if (!err || (err instanceof ApiError && err.status === 200)) onChanged();
  };

  async function receive(o: ActionableOrder) {
    if (busy.current) return;
    if (!(await Dialog.confirm({ content: ORDER_MESSAGES.receiveConfirm }))) return;
    busy.current = true;
    try {
      toast((await call(orderReceiveDeal, { id: o.id }, { background: true })).msg);
      refusedOrDone();
    } catch (err) {
      refusedOrDone(err);
    } finally {
      busy.current = false;
    }
  }

  async function close(reason: string): Promise<boolean> {
    if (closing === null) return false;
    try {
      toast((await call(closeDealApp, { id: closing, closeReason: reason })).msg);
      setClosing(null);
      refusedOrDone();
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.message === ORDER_MESSAGES.stateChanged) setClosing(null);
      refusedOrDone(err);
      return false;
    }
  }

  const popup = <CloseOrderPopup open={closing !== null} onClose={() => setClosing(null)} onSubmit={close} />;
  return { pay, track, receive, askClose: (o: ActionableOrder) => setClosing(o.id), popup };
}

export type OrderActions = ReturnType<typeof useOrderActions>;

/** The buttons an order offers now, as the server decided them. */
export function OrderButtons({ order, actions }: { order: ActionableOrder; actions: OrderActions }) {
  const buttons = [
    order.canClose && { label: '关闭订单', run: () => actions.askClose(order), kind: 'plain' },
    order.canTrack && { label: '查看物流', run: () => actions.track(order), kind: 'plain' },
    order.canReceive && { label: '确认收货', run: () => void actions.receive(order), kind: 'main' },
    order.canPay && { label: '去支付', run: () => actions.pay(order), kind: 'main' },
  ].filter((b): b is { label: string; run: () => void; kind: string } => !!b);
  if (!buttons.length) return null;
  return (
    <div className="order-buttons">
      {buttons.map((b) => (
        <button key={b.label} type="button" className={`order-button ${b.kind}`} onClick={b.run}>
          {b.label}
        </button>
      ))}
    </div>
  );
}
