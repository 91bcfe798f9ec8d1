import { useState } from 'react';
import { CLOSE_REASON_MAX, closeReason, ORDER_MESSAGES } from '@shop/contract/orders';
import { firstMessage } from '@shop/contract/validation';
import { Popup } from '../../components/ui.js';
import { toast } from '../../lib/toast.js';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Resolves (true when closed) once the server has answered; until then a second submit does nothing. */
  onSubmit: (reason: string) => Promise<boolean>;
}

/** Common reasons offered as one tap; 其他 asks for the reason in words. */
export const CLOSE_PRESETS = ['不想买了', '信息填写错误', '重复下单', '其他'] as const;
const OTHER = '其他';

/**
 * spec 2 §5 close order: a reason is required, at most 200 characters: a preset, or 其他 with the reason typed in;
 * a second tap while submitting does nothing.
 */
export function CloseOrderPopup({ open, onClose, onSubmit }: Props) {
  const [preset, setPreset] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const typed = preset === OTHER;
  const reason = typed ? text : (preset ?? '');

  async function submit() {
    if (busy) return;
    if (!preset) return toast(ORDER_MESSAGES.reasonRequired);
    const checked = closeReason.safeParse(reason);
    if (!checked.success) return toast(firstMessage(checked.error));
    setBusy(true);
    try {
      if (await onSubmit(checked.data)) {
        setPreset(null);
        setText('');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popup visible={open} onMaskClick={busy ? undefined : onClose} onClose={onClose} bodyClassName="close-order-sheet" destroyOnClose>
      <div role="dialog" aria-label="关闭订单">
        <h3>关闭订单</h3>
        <div className="close-order-presets" role="radiogroup" aria-label="关闭原因">
          {CLOSE_PRESETS.map((p) => (
            <button key={p} type="button" role="radio" aria-checked={preset === p} className={preset === p ? 'active' : undefined} onClick={() => setPreset(p)}>
              {p}
            </button>
          ))}
        </div>
        {typed && (
          <>
            <textarea
              className="close-order-reason"
              aria-label="其他原因"
              placeholder="请输入关闭原因"
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <div className={text.trim().length > CLOSE_REASON_MAX ? 'close-order-count over' : 'close-order-count'}>
              {text.trim().length}/{CLOSE_REASON_MAX}
            </div>
          </>
        )}
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
