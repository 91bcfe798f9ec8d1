import type { ReactNode } from 'react';
import { classifyError, type FailureKind } from '../lib/query.js';
import { ErrorBlock, Skeleton } from './ui-light.js';
import './page-state.css';

type Props =
  | { state: 'loading'; lines?: number }
  | { state: 'error'; error: unknown; retrying: boolean; onRetry: () => void }
  | { state: 'empty'; empty: ReactNode };

const HINT: Partial<Record<FailureKind, string>> = {
  offline: '请检查网络连接后重试',
  timeout: '服务器响应较慢，请稍后重试',
  server: '服务器开小差了，请稍后重试',
};

/** The antd-mobile half of <PageState> (a lazy chunk): skeleton, error with retry, empty illustration. */
export default function PageStateView(props: Props) {
  if (props.state === 'loading') {
    return (
      <div className="page-state page-state-loading" role="status" aria-busy="true" aria-label="加载中">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={props.lines ?? 3} animated />
      </div>
    );
  }
  if (props.state === 'empty') {
    return <ErrorBlock className="page-state page-state-empty" status="empty" title={props.empty} description={null} />;
  }
  const failure = classifyError(props.error);
  return (
    <div role="alert">
      <ErrorBlock
        className="page-state page-state-error"
        status={failure.kind === 'offline' ? 'disconnected' : failure.kind === 'refused' ? 'default' : 'busy'}
        title={failure.message}
        description={HINT[failure.kind] ?? null}
      >
        <button type="button" className="page-state-retry" onClick={props.onRetry} disabled={props.retrying}>
          {props.retrying ? '重试中...' : '重试'}
        </button>
      </ErrorBlock>
    </div>
  );
}
