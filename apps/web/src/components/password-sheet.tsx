import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { PasscodeInputRef } from 'antd-mobile/es/components/passcode-input';
import { NumberKeyboard, PasscodeInput, Popup } from './ui.js';
import './password-sheet.css';

interface Props {
  open: boolean;
  /** The amount being paid, as shown ('¥111.00'); omitted, no amount line. */
  amount?: string;
  onClose: () => void;
  /**
   * The six digits, checked by the server. Answer the refusal's message (e.g. '密码错误，还可输入4次') to keep the
   * sheet open with the dots cleared and the message shown; answer nothing once it is done.
   */
  onDone: (pin: string) => void | Promise<string | void>;
}

/**
 * The height of the number keyboard's popup (`.pay-sheet-keyboard` inside antd-mobile's popup body), measured while
 * the sheet is open: the keys, their gaps and the safe area differ by device and font, so no fixed guess holds.
 * 0 until it has been measured (the stylesheet's estimate applies meanwhile).
 */
function useKeyboardHeight(open: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!open) return;
    let sizes: ResizeObserver | undefined;
    // The keyboard's popup mounts once the dots take focus, in a portal of its own.
    const mounts = new MutationObserver(() => watch());
    const watch = () => {
      const body = document.querySelector('.pay-sheet-keyboard')?.closest<HTMLElement>('.adm-popup-body');
      if (!body || sizes) return;
      mounts.disconnect();
      sizes = new ResizeObserver(() => setHeight(body.getBoundingClientRect().height));
      sizes.observe(body);
      setHeight(body.getBoundingClientRect().height);
    };
    mounts.observe(document.body, { childList: true, subtree: true });
    watch();
    return () => {
      mounts.disconnect();
      sizes?.disconnect();
    };
  }, [open]);
  return height;
}

/**
 * The 6-digit payment-password sheet: title, amount, the dots and any refusal sit above the number
 * keyboard, which is its own popup at the bottom: the sheet leaves room for it (--pay-sheet-keyboard, measured).
 */
export function PasswordSheet({ open, amount, onClose, onDone }: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<PasscodeInputRef>(null);
  const keyboard = useKeyboardHeight(open);
  useEffect(() => {
    if (!open) return;
    setValue('');
    setError('');
    const t = setTimeout(() => input.current?.focus(), 50);
    return () => clearTimeout(t);
  }, [open]);

  // antd-mobile's native input sits inside its role=button yet is never typed into (the sheet's keyboard types):
  // keep it out of focus and of the accessibility tree (axe nested-interactive).
  useEffect(() => {
    if (open) document.querySelector('.pay-sheet .adm-passcode-input-native-input')?.setAttribute('inert', '');
  });

  async function fill(pin: string) {
    if (busy) return;
    setBusy(true);
    try {
      const refusal = await onDone(pin);
      if (refusal) {
        setError(refusal);
        setValue('');
        input.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="pay-sheet-body"
      bodyStyle={keyboard ? ({ '--pay-sheet-keyboard': `${keyboard}px` } as CSSProperties) : undefined}
      destroyOnClose
    >
      <div className="pay-sheet" role="dialog" aria-label="请输入支付密码">
        <button type="button" className="pay-sheet-close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
        <h3 className="pay-sheet-title">请输入支付密码</h3>
        {amount && <div className="pay-sheet-amount">{amount}</div>}
        <PasscodeInput
          ref={input}
          className="pay-sheet-dots"
          length={6}
          seperated
          value={value}
          error={!!error}
          onChange={(v) => {
            setValue(v);
            if (v) setError('');
          }}
          keyboard={<NumberKeyboard showCloseButton={false} className="pay-sheet-keyboard" />}
          onFill={(pin) => void fill(pin)}
        />
        <p className="pay-sheet-error" role="alert">
          {error}
        </p>
        <Link className="pay-sheet-forgot" to="/payPass">
          忘记支付密码
        </Link>
      </div>
    </Popup>
  );
}
