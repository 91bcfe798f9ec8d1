import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  MESSAGE_GROUPS,
  MESSAGE_GROUP_TEXT,
  readAllMyMessages,
  readMyMessage,
  selectMyMessages,
  type MessageGroup,
  type MessageItem,
} from '@shop/contract/notifications';
import { PAGE_SIZE } from '@shop/contract/paging';
import { PagedList, type FetchPage } from '../../components/paged-list.js';
import { call } from '../../lib/api.js';
import { opKey, useOp } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import './messages.css';

const groupOf = (v: string | null): MessageGroup => (MESSAGE_GROUPS as readonly string[]).includes(v ?? '') ? (v as MessageGroup) : 'all';

/** One message: unread ones are marked; opening it marks it read and opens its record. */
function MessageLine({ m, onOpen }: { m: MessageItem; onOpen: (m: MessageItem) => void }) {
  return (
    <button type="button" className={m.read ? 'msg-line' : 'msg-line unread'} onClick={() => onOpen(m)}>
      <span className="msg-line-head">
        {!m.read && (
          <>
            <span className="msg-dot" aria-hidden="true" />
            <span className="msg-hidden">未读，</span>
          </>
        )}
        <span className="msg-title">{m.title}</span>
        <span className="msg-kind">{m.kindText}</span>
      </span>
      <span className="msg-body">{m.body}</span>
      <span className="msg-time">{m.createDate}</span>
    </button>
  );
}

/** /messages (ADR 0037): the agent's messages by tab, read state, 全部已读; each opens the record it is about. */
export default function MessagesPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const group = groupOf(params.get('group'));
  // The unread number of every tab (the first row of the current tab is enough to carry them).
  const counts = useOp(selectMyMessages, { group, phonePage: { pageSize: 1, pageNum: 1 } }, { refetchOnMount: 'always' });
  const unread = counts.data?.obj.unread ?? {};
  const fetchPage = useMemo<FetchPage<MessageItem>>(
    () => async (pageNum, signal) => {
      const reply = await call(selectMyMessages, { group, phonePage: { pageSize: PAGE_SIZE, pageNum } }, { background: true, silent: true, signal });
      return { items: reply.objs, pageTotal: reply.obj.phonePage.pageTotal };
    },
    [group],
  );
  const refreshAll = () => client.invalidateQueries({ queryKey: opKey(selectMyMessages) });

  async function open(m: MessageItem) {
    if (!m.read) {
      try {
        await call(readMyMessage, { id: m.id }, { background: true, quiet: true });
      } catch {
        /* opening the record matters more than the read mark; the list asks again on return */
      }
      void refreshAll();
    }
    if (m.link) navigate(m.link);
  }

  async function readAll() {
    try {
      const r = await call(readAllMyMessages, { group }, { background: true, quiet: true });
      toast(r.obj.count > 0 ? '已全部标为已读' : '没有未读消息');
      await refreshAll();
    } catch {
      toast('操作失败，请稍后重试');
    }
  }

  return (
    <div className="page messages-page">
      <div className="msg-toolbar">
        <div className="msg-tabs" role="tablist" aria-label="消息分类">
          {MESSAGE_GROUPS.map((g) => (
            <button
              key={g}
              type="button"
              role="tab"
              aria-selected={g === group}
              className={g === group ? 'active' : undefined}
              onClick={() => setParams(g === 'all' ? {} : { group: g }, { replace: true })}
            >
              {MESSAGE_GROUP_TEXT[g]}
              {(unread[g] ?? 0) > 0 && <span className="msg-tab-count">{unread[g]}</span>}
            </button>
          ))}
        </div>
        <button type="button" className="msg-read-all" onClick={readAll} disabled={(unread[group] ?? 0) === 0}>
          全部已读
        </button>
      </div>
      <div role="tabpanel" aria-label={MESSAGE_GROUP_TEXT[group]}>
        <PagedList<MessageItem>
          queryKey={[...opKey(selectMyMessages), 'list', group]}
          fetchPage={fetchPage}
          keyOf={(m) => m.id}
          empty="暂无消息"
          render={(m) => <MessageLine m={m} onOpen={open} />}
        />
      </div>
    </div>
  );
}
