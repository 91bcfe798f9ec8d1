import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { noticeShownDate, selectAppNoticeById, type Notice } from '@shop/contract/catalog';
import { ApiError, call } from '../../lib/api.js';
import './notice.css';

/** /notice?id: title, release time (China time, spec 3 §9) and the HTML content. */
export default function NoticePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (!Number.isInteger(id) || id <= 0) {
      setFailed('公告不存在');
      return;
    }
    call(selectAppNoticeById, { id }).then(
      (r) => live && setNotice(r.obj),
      (err) => live && setFailed(err instanceof ApiError && err.status === 200 ? err.message : '查询失败'),
    );
    return () => {
      live = false;
    };
  }, [id]);

  if (failed) {
    return (
      <div className="page empty">
        <p>{failed}</p>
        <Link to="/home">返回首页</Link>
      </div>
    );
  }
  if (!notice) return <div className="page" />;
  return (
    <article className="page notice-page">
      <h1>{notice.noticeName}</h1>
      <p className="notice-time">发布时间：{noticeShownDate(notice)}</p>
      {/* Platform-authored HTML; the CSP forbids inline scripts. */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: notice.noticeContent }} />
    </article>
  );
}
