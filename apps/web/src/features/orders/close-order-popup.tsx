import { useState } from 'react';
import { CLOSE_REASON_MAX, closeReason } from '@shop/contract/orders';
import { firstMessage } from '@shop/contract/validation';
import { Popup } from '../../components/ui.js';
import { toast } from '../../lib/toast.js';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Resolves (true when closed) once the server has answered; until then a second submit does nothing. */
  onSubmit: (reason: string) => Promise<boolean>;
}

/** spec 2 §5 close order: a reason is required, at most 200 characters; a second tap while submitting does nothing. */
export function CloseOrderPopup({ open, onClose, onSubmit }: Props) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (busy) return;
    const checked = closeReason.safeParse(reason);
    if (!checked.success) return toast(firstMessage(checked.error));
    setBusy(true);
    try {
      if (await onSubmit(checked.data)) setReason('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popup visible={open} onMaskClick={busy ? undefined : onClose} onClose={onClose} bodyClassName="close-order-sheet" destroyOnClose>
      <div role="dialog" aria-label="关闭订单">
        <h3>关闭订单</h3>
        <textarea
          className="close-order-reason"
          aria-label="关闭原因"
          placeholder="请输入关闭原因"
          rows={4}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className={reason.trim().length > CLOSE_REASON_MAX ? 'close-order-count over' : 'close-order-count'}>
          {reason.trim().length}/{CLOSE_REASON_MAX}
        </div>
        <div className="close-order-buttons">
          <button type="button" className="plain-button" onClick={onClose} disabled={busy}>
            取消
          </button>
          <button type="button" className="primary-button" onClick={() => void submit()} disabled={busy}>
            确定关闭
          </button>
        </div>
      </div>
    </Popup>
  );
}
