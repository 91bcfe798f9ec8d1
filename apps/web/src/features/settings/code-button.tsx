import { toast } from '../../lib/toast.js';
import { resendWaitMessage, useSmsCountdown } from '../../lib/sms-countdown.js';

/**
 * '获取验证码' with the 60-second countdown, kept across re-opening the page for the same purpose and phone;
 * `send` resolves true when the server sent a code.
 */
export function CodeButton({ send, purpose, phone }: { send: () => Promise<boolean>; purpose: string; phone: string }) {
  const countdown = useSmsCountdown(purpose, phone);
  return (
    <button
      type="button"
      className={countdown.running ? 'code-button waiting' : 'code-button'}
      onClick={async () => {
        if (countdown.running) {
          toast(resendWaitMessage(countdown.left));
          return;
        }
        if (await send()) {
          toast('验证码发送成功');
          countdown.start();
        }
      }}
    >
      {countdown.running ? `${countdown.left}s后重新获取` : '获取验证码'}
    </button>
  );
}
