import { useMemo, useState } from 'react';
import { ACCOUNT_AREA_MESSAGES, selBaseInfoByInvAgentId, type Friend } from '@shop/contract/account-area';
import { PAGE_SIZE } from '@shop/contract/paging';
import { opPages, PagedList } from '../../components/paged-list.js';
import { opKey, useOp } from '../../lib/query.js';
import './friends.css';

/** /friend (spec 3 §2): the agents I invited, tabs per grade with counts, search by name or phone, '暂无好友'. */
export default function FriendPage() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [gradeId, setGradeId] = useState(0);
  // The tab counts: the first page of the same search, the smallest one that carries them.
  const counts = useOp(selBaseInfoByInvAgentId, { agentOrPhone: search, phonePage: { pageSize: 1, pageNum: 1 } });
  const tabs = [{ value: 0, name: '全部', agentCount: counts.data?.obj.invAll }, ...(counts.data?.obj.agentGradeInfoBoList ?? [])];
  const fetchPage = useMemo(
    () =>
      opPages<typeof selBaseInfoByInvAgentId, Friend>(selBaseInfoByInvAgentId, (pageNum) => ({
        agentOrPhone: search,
        introduceGradeId: gradeId || null,
        phonePage: { pageSize: PAGE_SIZE, pageNum },
      })),
    [search, gradeId],
  );

  return (
    <div className="page friend-page">
      <form
        className="friend-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(typed.trim());
        }}
      >
        <input className="text-input" type="search" aria-label="搜索好友" placeholder="请输入姓名或手机号" maxLength={20} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <button type="submit" className="friend-search-button">
          搜索
        </button>
      </form>
      <div className="friend-tabs" role="tablist">
        {tabs.map((t) => (
          <button key={t.value} type="button" role="tab" aria-selected={t.value === gradeId} className={t.value === gradeId ? 'active' : undefined} onClick={() => setGradeId(t.value)}>
            {t.name}
            {t.agentCount === undefined ? '' : `(${t.agentCount})`}
          </button>
        ))}
      </div>
      <PagedList<Friend>
        queryKey={opKey(selBaseInfoByInvAgentId, { agentOrPhone: search, introduceGradeId: gradeId || null })}
        fetchPage={fetchPage}
        keyOf={(f) => `${f.phone}`}
        empty={ACCOUNT_AREA_MESSAGES.noFriends}
        render={(f) => (
          <div className="friend-row">
            {f.headImgUrl ? <img className="friend-avatar" src={f.headImgUrl} alt="" /> : <span className="friend-avatar">{f.agentName.slice(0, 1)}</span>}
            <span className="friend-who">
              <strong>{f.agentName}</strong>
              <span>{f.phone}</span>
            </span>
            <span className="friend-side">
              <span className="friend-grade">{f.gradeName}</span>
              <span className="friend-date">{f.createDate.slice(0, 10)}</span>
            </span>
          </div>
        )}
      />
    </div>
  );
}
