import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type * as notifications from '@shop/contract/notifications';
import { call } from '../lib/api.js';
import './message-bell.css';

/** By path only (no zod in the entry bundle, ADR 0015): /home carries the bell. */
const countMyUnread = { path: '/api/message/countMyUnread.do' } as unknown as typeof notifications.countMyUnread;

/**
 * The message centre's bell with the unread count (ADR 0037). The count is a tiny call made after the first paint, so
 * it never holds /home up; a failed count shows the bell without a number.
 */
export function MessageBell({ className = '' }: { className?: string }) {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call(countMyUnread, {}, { background: true, silent: true, signal: controller.signal })
        .then((r) => setUnread(r.obj.unread))
        .catch(() => undefined);
    }, 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, []);
  const label = unread > 0 ? `消息，${unread}条未读` : '消息';
  return (
    <Link to="/messages" className={`msg-bell ${className}`} aria-label={label} data-testid="message-bell">
      <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-1.7 1.7A1 1 0 0 0 4 19.4h16a1 1 0 0 0 .7-1.7L19 16Zm-2 .83.57.57H6.43l.57-.57V11a5 5 0 0 1 10 0v5.83Z"
        />
      </svg>
      {unread > 0 && (
        <span className="msg-bell-count" data-testid="message-bell-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
