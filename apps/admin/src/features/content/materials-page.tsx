import { Result } from 'antd';

/** Placeholder while the page is being built (issue 12); replaced by the page itself. */
export default function Page() {
  return <Result status="info" title="此页面正在建设中" />;
}
