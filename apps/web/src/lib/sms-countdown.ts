import { useEffect, useState } from 'react';

/** spec 1 §9 / spec 3 §9: a code can be asked for again after 60 seconds. */
export const SMS_RESEND_SECONDS = 60;

const storageKey = (purpose: string, phone: string) => `sms-sent:${purpose}:${phone}`;
/** Where sessionStorage is refused (some private modes), the page's own memory. */
const memory = new Map<string, number>();

function sentAt(purpose: string, phone: string): number {
  try {
    const at = Number(sessionStorage.getItem(storageKey(purpose, phone)));
    return Number.isFinite(at) && at > 0 ? at : (memory.get(storageKey(purpose, phone)) ?? 0);
  } catch {
    return memory.get(storageKey(purpose, phone)) ?? 0;
  }
}

/** Seconds until a code for `purpose` to `phone` may be asked for again (0 when it may), at device time `now`. */
export function secondsLeft(purpose: string, phone: string, now = Date.now(), seconds = SMS_RESEND_SECONDS): number {
  const at = sentAt(purpose, phone);
  if (!at || at > now) return 0;
  return Math.max(0, Math.ceil((at + seconds * 1000 - now) / 1000));
}

/** The refusal of a re-send inside the window says how long to wait (ADR 0029, not just 「请不要重复发送验证码」). */
export const resendWaitMessage = (left: number) => `验证码已发送，请${left}秒后再重新获取`;

/**
 * The send-code button's countdown, kept across re-opening the page: the send time is stored per purpose and phone
 * in sessionStorage (the tab's life), so leaving /payPass and coming back within 60 s keeps counting.
 */
export function useSmsCountdown(purpose: string, phone: string, seconds = SMS_RESEND_SECONDS) {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(purpose, phone, now, seconds);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(t);
  }, [left, now]);
  return {
    left,
    running: left > 0,
    /** Marks a code as sent now (call once the server accepted the send). */
    start: () => {
      memory.set(storageKey(purpose, phone), Date.now());
      try {
        sessionStorage.setItem(storageKey(purpose, phone), String(Date.now()));
      } catch {
        /* private mode: the memory above keeps the countdown for this page's life */
      }
      setNow(Date.now());
    },
  };
}
