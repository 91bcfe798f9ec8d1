import { useState } from 'react';
import { NumberKeyboard, PasscodeInput, Popup } from './ui.js';

/** The 6-digit payment-password keypad; the digits go to the server, which checks them. */
export function PasswordSheet({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (pin: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }} destroyOnClose>
      <div className="password-sheet">
        <h3>请输入支付密码</h3>
        <PasscodeInput
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
