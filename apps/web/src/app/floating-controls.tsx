import { useLocation, useNavigate } from 'react-router';
import { FloatingButton } from '../components/floating-button.js';
import { BackIcon, MessageIcon } from '../components/line-icons.js';
import { NO_BACK_BUTTON, SERVICE_BUTTON } from './route-table.js';
import './shell.css';

/** react-router keeps the entry's index in history.state.idx: 0 means there is no page of ours to go back to. */
const hasHistory = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * spec 1 §2 global controls: back (not on the tab pages and /login, hidden without history) and customer service
 * (main pages). Docked in a bar at the top of the page rather than floating over it, so nothing is ever covered.
 */
export function FloatingControls() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showBack = !NO_BACK_BUTTON.has(pathname) && hasHistory();
  const showService = SERVICE_BUTTON.has(pathname);
  if (!showBack && !showService) return null;
  return (
    <nav className="shell-dock" aria-label="页面导航">
      {showBack && (
        <FloatingButton label="返回" onClick={() => navigate(-1)}>
          <BackIcon />
        </FloatingButton>
      )}
      {showService && (
        <span className="dock-end">
          <FloatingButton label="客服" onClick={() => navigate('/im')}>
            <MessageIcon />
          </FloatingButton>
        </span>
      )}
    </nav>
  );
}
