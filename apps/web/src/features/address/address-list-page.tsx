import { useMemo } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
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
import { opPages, PagedList, type Page } from '../../components/paged-list.js';
import { Dialog } from '../../components/ui.js';
import { call } from '../../lib/api.js';
import { setPickedAddress } from '../../lib/picked-address.js';
import { toast } from '../../lib/toast.js';
import { AddressItem } from './address-item.js';

/** The address book's pages in the query cache (the settlement's own address lookup is a separate query). */
const BOOK = [selectOrderLogisticsAddress.path, 'book'];

const hasHistory = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** /address: the address book; with ?openType=1 it picks an address for the settlement (spec 2 §2). */
export default function AddressListPage() {
  const [params] = useSearchParams();
  const pickMode = params.get('openType') === '1';
  const nowPath = params.get('nowPath');
  const navigate = useNavigate();

  const client = useQueryClient();
  const fetchPage = useMemo(
    () => opPages<typeof selectOrderLogisticsAddress, LogisticsAddress>(selectOrderLogisticsAddress, (pageNum) => ({ phonePage: { pageSize: PAGE_SIZE, pageNum } })),
    [],
  );
  /** Changes the list on screen at once (the server's answer follows); answers what to put back if it refuses. */
  function patch(change: (list: LogisticsAddress[]) => LogisticsAddress[]) {
    const before = client.getQueryData(BOOK);
    client.setQueryData<InfiniteData<Page<LogisticsAddress>>>(BOOK, (d) => d && { ...d, pages: d.pages.map((p) => ({ ...p, items: change(p.items) })) });
    return () => client.setQueryData(BOOK, before);
  }

  function pick(a: LogisticsAddress) {
    setPickedAddress(a.id);
    // Back to the settlement; when /address was opened directly, to the page nowPath names.
    if (hasHistory()) navigate(-1);
    else navigate(nowPath && /^\/(?![/\\])/.test(nowPath) ? nowPath : '/settlement', { replace: true });
  }

  // spec 2 §4: checking 'set default' sets it and clears the others; unchecking cancels it. The boxes change at
  // once and go back if the server refuses.
  async function changeDefault(a: LogisticsAddress, checked: boolean) {
    const undo = patch((list) => list.map((x) => ({ ...x, isDefAddr: x.id === a.id ? (checked ? 1 : 0) : checked ? 0 : x.isDefAddr })));
    try {
      const reply = checked
        ? await call(setLogisticsAddressDefAddr, { id: a.id })
        : await call(cancelLogisticsAddressDefAddr, { id: a.id });
      toast(reply.msg || '操作成功');
      void client.invalidateQueries({ queryKey: BOOK }); // the server lists the default first
    } catch {
      undo();
    }
  }

  async function remove(a: LogisticsAddress) {
    const confirmed = await Dialog.confirm({ title: ADDRESS_MESSAGES.deleteTitle, content: ADDRESS_MESSAGES.deleteContent });
    if (!confirmed) return;
    try {
      const reply = await call(deleteOrderLogisticsAddressById, { id: a.id });
      toast(reply.msg || '操作成功');
      patch((list) => list.filter((x) => x.id !== a.id));
    } catch {
      /* the api client showed the message */
    }
  }

  return (
    <div className="page address-page">
      <PagedList
        className="address-list"
        queryKey={BOOK}
        fetchPage={fetchPage}
        keyOf={(a) => a.id}
        render={(a) => (
          <AddressItem
            address={a}
            onPick={pickMode ? () => pick(a) : undefined}
            onDefaultChange={(checked) => void changeDefault(a, checked)}
            onEdit={() => navigate(`/addressP?id=${a.id}`)}
            onDelete={() => void remove(a)}
          />
        )}
        empty={ADDRESS_MESSAGES.empty}
      />
      <div className="address-footer">
        <button type="button" className="primary-button" onClick={() => navigate(pickMode ? '/addressP?openType=1' : '/addressP')}>
          新增收货地址
        </button>
      </div>
    </div>
  );
}
