import { useEffect, useState } from 'react';
import { activityStateAt, ACT_STATE } from '@shop/contract/activity-state';
import { parseChinaTime } from '@shop/contract/china-time';

/** How far the server's clock is ahead of this device's, from a China-time `serverTime` just received. */
export const clockOffset = (serverTime: string): number => {
  const server = parseChinaTime(serverTime);
  return Number.isNaN(server) ? 0 : server - Date.now();
};

/** This device's time, refreshed every second while `active` (one timer for a whole list of countdowns). */
export function useNow(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 93784000 -> '1天 02:03:04'; under a day '02:03:04'. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86_400);
  const clock = `${two(Math.floor((s % 86_400) / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

/**
 * spec 1 §4 activity states at `serverNow`: 1 not started (time left until the start), 2 running (until the end),
 * 3 ended. Computed from the dates, so the state advances when a countdown runs out.
 */
export function activityTiming(a: { expiryStartDate: string; expiryEndDate: string }, serverNow: number) {
  const start = parseChinaTime(a.expiryStartDate);
  const end = parseChinaTime(a.expiryEndDate);
  const state = activityStateAt(start, end, serverNow);
  return { state, left: state === ACT_STATE.notStarted ? start - serverNow : state === ACT_STATE.running ? end - serverNow : 0 };
}

export const ACT_STATE_TEXT: Record<number, string> = { [ACT_STATE.notStarted]: '未开始', [ACT_STATE.running]: '进行中', [ACT_STATE.ended]: '已结束' };
