import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ADDRESS_MESSAGES,
  cancelLogisticsAddressDefAddr,
  deleteOrderLogisticsAddressById,
  selectOrderLogisticsAddress,
  setLogisticsAddressDefAddr,
  type LogisticsAddress,
} from '@shop/contract/address';
import { PAGE_SIZE } from '@shop/contract/paging';
import { Dialog, InfiniteScroll, PullToRefresh } from '../../components/ui.js';
import { call } from '../../lib/api.js';
import { setPickedAddress } from '../../lib/picked-address.js';
import { toast } from '../../lib/toast.js';
import { AddressItem } from './address-item.js';
import { usePagedList } from './use-paged-list.js';

const hasHistory = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** /address: the address book; with ?openType=1 it picks an address for the settlement (spec 2 §2). */
export default function AddressListPage() {
  const [params] = useSearchParams();
  const pickMode = params.get('openType') === '1';
  const nowPath = params.get('nowPath');
  const navigate = useNavigate();

  const fetchPage = useCallback(async (pageNum: number) => {
    const reply = await call(selectOrderLogisticsAddress, { phonePage: { pageSize: PAGE_SIZE, pageNum } }, { background: pageNum > 1 });
    return { items: reply.objs, pageTotal: reply.obj.phonePage.pageTotal };
  }, []);
  const { items, setItems, hasMore, loadMore, refresh } = usePagedList<LogisticsAddress>(fetchPage);

  function pick(a: LogisticsAddress) {
    setPickedAddress(a.id);
    // Back to the settlement; when /address was opened directly, to the page nowPath names.
    if (hasHistory()) navigate(-1);
    else navigate(nowPath && /^\/(?![/\\])/.test(nowPath) ? nowPath : '/settlement', { replace: true });
  }

  // spec 2 §4: checking 'set default' sets it and clears the others; unchecking cancels it. The boxes change at
  // once and go back if the server refuses.
  async function changeDefault(a: LogisticsAddress, checked: boolean) {
    const before = items;
    setItems((list) => list.map((x) => ({ ...x, isDefAddr: x.id === a.id ? (checked ? 1 : 0) : checked ? 0 : x.isDefAddr })));
    try {
      const reply = checked
        ? await call(setLogisticsAddressDefAddr, { id: a.id })
        : await call(cancelLogisticsAddressDefAddr, { id: a.id });
      toast(reply.msg || '操作成功');
    } catch {
      setItems(before);
    }
  }

  async function remove(a: LogisticsAddress) {
    const confirmed = await Dialog.confirm({ title: ADDRESS_MESSAGES.deleteTitle, content: ADDRESS_MESSAGES.deleteContent });
    if (!confirmed) return;
    try {
      const reply = await call(deleteOrderLogisticsAddressById, { id: a.id });
      toast(reply.msg || '操作成功');
      setItems((list) => list.filter((x) => x.id !== a.id));
    } catch {
      /* the api client showed the message */
    }
  }

  return (
    <div className="page address-page">
      <PullToRefresh onRefresh={refresh}>
        <ul className="address-list">
          {items.map((a) => (
            <AddressItem
              key={a.id}
              address={a}
              onPick={pickMode ? () => pick(a) : undefined}
              onDefaultChange={(checked) => void changeDefault(a, checked)}
              onEdit={() => navigate(`/addressP?id=${a.id}`)}
              onDelete={() => void remove(a)}
            />
          ))}
        </ul>
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {(more, failed, retry) =>
            failed ? (
              <button type="button" className="text-button" onClick={retry}>
                加载失败，点击重试
              </button>
            ) : more ? (
              <span className="muted">加载中...</span>
            ) : items.length === 0 ? (
              <div className="empty">{ADDRESS_MESSAGES.empty}</div>
            ) : (
              <span className="muted">{ADDRESS_MESSAGES.finished}</span>
            )
          }
        </InfiniteScroll>
      </PullToRefresh>
      <div className="address-footer">
        <button type="button" className="primary-button" onClick={() => navigate(pickMode ? '/addressP?openType=1' : '/addressP')}>
          新增收货地址
        </button>
      </div>
    </div>
  );
}
