import { toast } from '../../lib/toast.js';
import { useCountdown } from '../../lib/use-countdown.js';

/** '获取验证码' with the 60-second countdown; `send` resolves true when the server sent a code. */
export function CodeButton({ send }: { send: () => Promise<boolean> }) {
  const countdown = useCountdown();
  return (
    <button
      type="button"
      className={countdown.running ? 'code-button waiting' : 'code-button'}
      onClick={async () => {
        if (countdown.running) {
          toast('请不要重复发送验证码');
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
