import { useEffect, useState } from 'react';
import { STAFF_EVENTS_SOCKET, type DashboardQueues, type StaffEventFrame } from '@shop/contract/staff-console';
import { staffSession } from '../../lib/session.js';

export type LiveState = 'connecting' | 'live' | 'polling';

/** Reconnect waits (ms): quick first, then slower; after the last one the page polls instead. */
const BACKOFF = [1_000, 2_000, 5_000, 10_000];

/**
 * The dashboard's live queue counts over `/api/ws/staff-events`: reconnects after a drop; when the socket keeps
 * failing (a proxy without WebSockets), reports 'polling' so the page reloads the counts every 30 s instead, and
 * keeps trying the socket in the background.
 */
export function useLiveCounts(): { queues: DashboardQueues | null; state: LiveState } {
  const [queues, setQueues] = useState<DashboardQueues | null>(null);
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    let socket: WebSocket | null = null;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      const token = staffSession.get()?.token;
      if (!token || stopped) return;
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${STAFF_EVENTS_SOCKET}`;
      const ws = new WebSocket(url);
      socket = ws;
      let refused = false;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', staffToken: token }));
      ws.onmessage = (ev) => {
        const frame = JSON.parse(String(ev.data)) as StaffEventFrame;
        if (frame.type === 'counts') {
          failures = 0;
          setQueues(frame.queues);
          setState('live');
        } else refused = true;
      };
      ws.onclose = (ev) => {
        if (stopped) return;
        // Refused (session ended, role): the next API call sends the member to the login; polling shows that.
        if (refused || ev.code === 4401 || ev.code === 4403 || ev.code === 4419) return setState('polling');
        failures += 1;
        if (failures >= 2) setState('polling');
        timer = setTimeout(connect, BACKOFF[Math.min(failures - 1, BACKOFF.length - 1)]);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, []);

  return { queues, state };
}
