import { useMemo } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  COLLECTION_ACCOUNT_MESSAGES,
  deleteAccount,
  selectBaseOfflinePayAccountBoList,
  setDefaultAccount,
  setIsDefOffinePay,
  type CollectionAccount,
} from '@shop/contract/funds-accounts';
import { PAGE_SIZE } from '@shop/contract/paging';
import { FLAG } from '@shop/contract/flags';
import { CheckLine } from '../../components/form-row.js';
import { opPages, PagedList, type Page } from '../../components/paged-list.js';
import { Dialog } from '../../components/ui.js';
import { call } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';
import { deletePrompt } from './delete-prompt.js';
import './accounts.css';

const LIST = [selectBaseOfflinePayAccountBoList.path, 'mine'];

/** /eceiving (spec 3 §2, §4 Other): the agent's collection accounts, default tick, edit, delete, add. */
export default function AccountsPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const fetchPage = useMemo(
    () =>
      opPages<typeof selectBaseOfflinePayAccountBoList, CollectionAccount>(selectBaseOfflinePayAccountBoList, (pageNum) => ({
        accountBelongType: 1,
        phonePage: { pageSize: PAGE_SIZE, pageNum },
      })),
    [],
  );
  const refreshSoon = () => setTimeout(() => void client.invalidateQueries({ queryKey: [selectBaseOfflinePayAccountBoList.path] }), 1000);

  // Ticking sets the default and clears the others; unticking cancels it. The ticks change at once, back on refusal.
  async function changeDefault(a: CollectionAccount, checked: boolean) {
    const before = client.getQueryData(LIST);
    client.setQueryData<InfiniteData<Page<CollectionAccount>>>(LIST, (d) =>
      d && { ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.map((x) => ({ ...x, isDefault: x.id === a.id ? (checked ? 1 : 0) : checked ? 0 : x.isDefault })) })) },
    );
    try {
      const reply = await call(checked ? setDefaultAccount : setIsDefOffinePay, { id: a.id });
      toast(reply.msg || COLLECTION_ACCOUNT_MESSAGES.saved);
    } catch {
      client.setQueryData(LIST, before);
    }
  }

  async function remove(a: CollectionAccount) {
    const prompt = deletePrompt(a);
    const content = (
      <>
        <p className="account-delete-what">{prompt.what}</p>
        {prompt.warning && <p className="warning-bar">{prompt.warning}</p>}
      </>
    );
    if (!(await Dialog.confirm({ title: '删除确认', content, confirmText: '删除' }))) return;
    try {
      const reply = await call(deleteAccount, { id: a.id });
      toast(reply.msg || COLLECTION_ACCOUNT_MESSAGES.deleted);
      refreshSoon();
    } catch {
      /* the api client showed the refusal */
    }
  }

  return (
    <div className="page accounts-page">
      <PagedList<CollectionAccount>
        queryKey={LIST}
        fetchPage={fetchPage}
        keyOf={(a) => a.id}
        empty="暂无收款账户"
        render={(a) => (
          <section className="card account-item" aria-label={`${a.bankDicName} ${a.accountNumber}`}>
            <div className="account-body">
              <span className="account-bank">
                {a.bankDicName}
                {a.isDefault === FLAG.yes && <span className="account-tag">默认</span>}
              </span>
              <span className="account-sub">{a.subBankName}</span>
              <span className="account-number">{a.accountNumber}</span>
              <span className="account-sub">{a.accountName}</span>
            </div>
            <div className="account-actions">
              <CheckLine checked={a.isDefault === FLAG.yes} onChange={(v) => void changeDefault(a, v)}>
                设为默认
              </CheckLine>
              <span className="account-buttons">
                <button type="button" className="text-button" onClick={() => navigate(`/eveningP?id=${a.id}`)}>
                  编辑
                </button>
                <button type="button" className="text-button" onClick={() => void remove(a)}>
                  删除
                </button>
              </span>
            </div>
          </section>
        )}
      />
      <div className="accounts-footer">
        <button type="button" className="primary-button" onClick={() => navigate('/eveningP')}>
          添加收款账户
        </button>
      </div>
    </div>
  );
}
