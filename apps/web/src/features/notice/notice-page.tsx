import { Link, useSearchParams } from 'react-router';
import { noticeShownDate, selectAppNoticeById } from '@shop/contract/catalog';
import { PageState } from '../../components/page-state.js';
import { useOp } from '../../lib/query.js';
import './notice.css';

/**
 * /notice?id: title, release time (China time, spec 3 §9) and the HTML content. A failed request says why with a
 * retry; only the server's own refusal reads as its answer.
 */
export default function NoticePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useOp(selectAppNoticeById, { id: valid ? id : 0 }, { enabled: valid });
  if (!valid) {
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
