import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CONTENT_MESSAGES, selectLatestApp, shortTitle, type NoticeItem } from '@shop/contract/content-area';
import { PAGE_SIZE } from '@shop/contract/paging';
import { opPages, PagedList } from '../../components/paged-list.js';
import { opKey } from '../../lib/query.js';
import './content.css';

/** /information (spec 3 §2): notices with search by name, titles cut after 15 characters, '暂无公告资讯'. */
export default function InformationPage() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const fetchPage = useMemo(
    () => opPages<typeof selectLatestApp, NoticeItem>(selectLatestApp, (pageNum) => ({ noticeName: search, phonePage: { pageSize: PAGE_SIZE, pageNum } })),
    [search],
  );
  return (
    <div className="page content-page">
      <form
        className="content-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(typed.trim());
        }}
      >
        <input className="text-input" type="search" aria-label="搜索公告" placeholder="请输入公告名称" maxLength={50} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <button type="submit" className="content-search-button">
          搜索
        </button>
      </form>
      <PagedList<NoticeItem>
        queryKey={opKey(selectLatestApp, { noticeName: search })}
        fetchPage={fetchPage}
        keyOf={(n) => n.id}
        empty={CONTENT_MESSAGES.noNotices}
        render={(n) => (
          <Link className="notice-row" to={`/notice?id=${n.id}`}>
            <strong title={n.noticeName}>{shortTitle(n.noticeName)}</strong>
            <span>{n.releaseDate}</span>
          </Link>
        )}
      />
    </div>
  );
}
