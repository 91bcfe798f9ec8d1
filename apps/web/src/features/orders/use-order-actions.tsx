import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { closeDealApp, ORDER_MESSAGES, orderReceiveDeal, selectOrderInfoByOrderId, selectOrderInfoList } from '@shop/contract/orders';
import { ApiError } from '../../lib/api.js';
import { setPendingPayment } from '../../lib/checkout.js';
import { useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { confirmDialog } from '../../lib/lazy-dialog.js';

// antd-mobile's Popup loads with the first close (ADR 0049): the order screens paint without antd-mobile.
const CloseOrderPopup = lazy(() => import('./close-order-popup.js').then((m) => ({ default: m.CloseOrderPopup })));

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

/** spec 2 §4 Buyer actions: pay (→ /payment), close with a reason, confirm receipt, follow the parcels. */
export function useOrderActions() {
  const navigate = useNavigate();
  // Done or refused (the order moved on meanwhile), the order lists and details are loaded again.
  const changes = [selectOrderInfoList, selectOrderInfoByOrderId];
  const receiveOp = useOpMutation(orderReceiveDeal, { invalidates: changes, background: true });
  const closeOp = useOpMutation(closeDealApp, { invalidates: changes });
  const [closing, setClosing] = useState<number | null>(null);
  const [popupUsed, setPopupUsed] = useState(false); // the close popup mounts with the first close (ADR 0049)
  const busy = useRef(false);

  function pay(o: ActionableOrder) {
    // The payment screen reads the amounts and the split of the order from the server.
    setPendingPayment({ orderId: o.id });
    navigate('/payment');
  }

  function track(o: ActionableOrder) {
    const q = new URLSearchParams({ logisticsId: String(o.id), waybillCode: o.waybillCode, receiverPhone: o.receiverPhone });
    navigate(`/logisticsInformation?${q.toString()}`);
  }

  async function receive(o: ActionableOrder) {
    if (busy.current) return;
    if (!(await confirmDialog({ content: ORDER_MESSAGES.receiveConfirm }))) return;
    busy.current = true;
    try {
      toast((await receiveOp.mutateAsync({ id: o.id })).msg);
    } catch {
      // toasted by the api client
    } finally {
      busy.current = false;
    }
  }

  async function close(reason: string): Promise<boolean> {
    if (closing === null) return false;
    try {
      toast((await closeOp.mutateAsync({ id: closing, closeReason: reason })).msg);
      setClosing(null);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.message === ORDER_MESSAGES.stateChanged) setClosing(null);
      return false;
    }
  }

  const popup = popupUsed ? (
    <Suspense fallback={null}>
      <CloseOrderPopup open={closing !== null} onClose={() => setClosing(null)} onSubmit={close} />
    </Suspense>
  ) : null;
  const askClose = (o: ActionableOrder) => {
    setPopupUsed(true);
    setClosing(o.id);
  };
  return { pay, track, receive, askClose, popup };
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
