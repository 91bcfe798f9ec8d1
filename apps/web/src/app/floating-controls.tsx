import { LeftOutline, MessageOutline } from 'antd-mobile-icons';
import { useLocation, useNavigate } from 'react-router';
import { FloatingButton } from '../components/floating-button.js';
import { NO_BACK_BUTTON, SERVICE_BUTTON } from './route-table.js';

/** react-router keeps the entry's index in history.state.idx: 0 means there is no page of ours to go back to. */
const hasHistory = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

export function FloatingControls() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showBack = !NO_BACK_BUTTON.has(pathname) && hasHistory();
  const showService = SERVICE_BUTTON.has(pathname);
  return (
    <>
      {showBack && (
        <FloatingButton label="返回" start={{ right: 16, bottom: 200 }} onClick={() => navigate(-1)}>
          <LeftOutline />
        </FloatingButton>
      )}
      {showService && (
        <FloatingButton label="客服" start={{ right: 16, bottom: 140 }} onClick={() => navigate('/im')}>
          <MessageOutline />
        </FloatingButton>
      )}
    </>
  );
}
