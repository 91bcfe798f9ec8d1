import { useEffect, useState } from 'react';
import { consumerConfirmPhone, consumerSendSmsCode } from '@shop/contract/retail-store';
import { FLAG } from '@shop/contract/flags';
import { toast } from '../../lib/toast.js';
import { storeCall } from './store-api.js';
import { ensureConsumer } from './store-start.js';
import { consumer, useConsumer } from './store-session.js';
import { SESSION_TEXT } from './store-api.js';

const WAIT_SECONDS = 60;

/**
 * The consumer's phone, confirmed by SMS code at the first checkout (ADR 0038), so the orders can be found again on
 * another device. Once confirmed it shows the masked number.
 */
export function PhoneConfirm({ intro }: { intro: string }) {
  const me = useConsumer();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  if (me.phoneConfirmed) {
    return (
      <div className="store-row">
        <span>手机号</span>
        <span className="store-confirmed">{me.maskedPhone} 已验证</span>
      </div>
    );
  }
  const signedIn = async () => {
    if (await ensureConsumer()) return true;
    toast(SESSION_TEXT);
    return false;
  };
  return (
    <div>
      <p className="store-note">{intro}</p>
      <div className="store-field">
        <label htmlFor="store-phone">手机号</label>
        <input id="store-phone" type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" placeholder="请输入手机号" value={phone} onChange={(e) => setPhone(e.target.value.trim())} />
      </div>
      <div className="store-field">
        <label htmlFor="store-sms">验证码</label>
        <input id="store-sms" inputMode="numeric" maxLength={6} autoComplete="one-time-code" placeholder="请输入验证码" value={code} onChange={(e) => setCode(e.target.value.trim())} />
        <button
          type="button"
          className="store-code"
          disabled={wait > 0}
          onClick={async () => {
            const input = consumerSendSmsCode.input.safeParse({ phone });
            if (!input.success) return void toast(input.error.issues[0]?.message ?? '请输入正确的手机号');
            if (!(await signedIn())) return;
            try {
              const reply = await storeCall(consumerSendSmsCode, { phone }, { blocking: true, say: true });
              toast(reply.msg || '验证码发送成功');
              setWait(WAIT_SECONDS);
            } catch {
              /* said by the client */
            }
          }}
        >
          {wait > 0 ? `${wait}秒后重新获取` : '获取验证码'}
        </button>
      </div>
      <button
        type="button"
        className="store-button ghost block store-gap"
        onClick={async () => {
          const input = consumerConfirmPhone.input.safeParse({ phone, smsCode: code });
          if (!input.success) return void toast(input.error.issues[0]?.message ?? '请输入验证码');
          if (!(await signedIn())) return;
          try {
            const reply = await storeCall(consumerConfirmPhone, { phone, smsCode: code }, { blocking: true, say: true });
            consumer.set({ phoneConfirmed: reply.obj.phoneConfirmed === FLAG.yes, maskedPhone: reply.obj.maskedPhone });
            toast(reply.msg || '手机号验证成功');
          } catch {
            /* said by the client */
          }
        }}
      >
        验证手机号
      </button>
    </div>
  );
}
