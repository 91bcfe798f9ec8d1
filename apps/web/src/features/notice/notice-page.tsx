import { Link, useSearchParams } from 'react-router';
import { noticeShownDate, selectAppNoticeById } from '@shop/contract/catalog';
import { PageState } from '../../components/page-state.js';
import { ApiError } from '../../lib/api.js';
import { useOp } from '../../lib/query.js';
import './notice.css';

/**
 * /notice?id: title, release time (China time, spec 3 §9) and the HTML content. A failed request says why with a
 * retry; only the server's own refusal reads as its answer, and a notice it does not have says 公告不存在.
 */
export default function NoticePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useOp(selectAppNoticeById, { id: valid ? id : 0 }, { enabled: valid });
  // The server's 公告不存在 is its answer, not a failure: asking again would say the same, so no 重试.
  const missing = query.isError && query.error instanceof ApiError && query.error.code === 'NOTICE_NOT_FOUND';
  if (!valid || missing) {
    return (
      <div className="page empty">
        <p>公告不存在</p>
        <Link to="/home">返回首页</Link>
      </div>
    );
  }
  return (
    <div className="page">
      <PageState query={query}>
        {({ obj: notice }) => (
          <article className="notice-page">
            <h1>{notice.noticeName}</h1>
            <p className="notice-time">发布时间：{noticeShownDate(notice)}</p>
            {/* Platform-authored HTML; the CSP forbids inline scripts. */}
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: notice.noticeContent }} />
          </article>
        )}
      </PageState>
    </div>
  );
}
