import { useEffect, useRef, useState } from 'react';
import type { PasscodeInputRef } from 'antd-mobile/es/components/passcode-input';
import { NumberKeyboard, PasscodeInput, Popup } from './ui.js';

/** The 6-digit payment-password keypad, open and focused at once; the digits go to the server, which checks them. */
export function PasswordSheet({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (pin: string) => void }) {
  const [value, setValue] = useState('');
  const input = useRef<PasscodeInputRef>(null);
  useEffect(() => {
    if (!open) return;
    setValue('');
    const t = setTimeout(() => input.current?.focus(), 50);
    return () => clearTimeout(t);
  }, [open]);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }} destroyOnClose>
      <div className="password-sheet">
        <h3>请输入支付密码</h3>
        <PasscodeInput
          ref={input}
          length={6}
          seperated
          value={value}
          onChange={setValue}
          keyboard={<NumberKeyboard />}
          onFill={(pin) => {
            setValue('');
            onDone(pin);
          }}
        />
      </div>
    </Popup>
  );
}
