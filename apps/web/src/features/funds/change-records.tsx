import { useMemo } from 'react';
import { selAllAgentRewardChangeRecord, selectBillOfGoods } from '@shop/contract/funds';
import type * as z from 'zod/mini';
import type { changeRecord } from '@shop/contract/funds';
import { CHANGE_TYPE } from '@shop/contract/ledger-codes';
import { PAGE_SIZE } from '@shop/contract/paging';
import { PagedList, type FetchPage } from '../../components/paged-list.js';
import { call } from '../../lib/api.js';
import { opKey } from '../../lib/query.js';
import { priceText } from '../../lib/money.js';
import { CHANGE_TABS, totalScoreChangeText, storeChangeText } from './funds-text.js';
import { Tabs, useTab } from './tabs.js';

type ChangeRecord = z.output<typeof changeRecord>;

/** One line of an income/expense list: what, when, the order code, the amount signed (+ income, − expense). */
function RecordLine({ r, text }: { r: ChangeRecord; text: string }) {
  const plus = r.changeType === CHANGE_TYPE.in;
  return (
    <div className="funds-record">
      <div className="funds-record-main">
        <span className="funds-record-title">{text}</span>
        {r.orderCode && <span className="funds-record-sub">{r.orderCode}</span>}
        <span className="funds-record-sub">{r.changeDate}</span>
      </div>
      <strong className={plus ? 'funds-plus' : 'funds-minus'}>
        {plus ? '+' : '-'}
        {priceText(r.changeMoney)}
      </strong>
    </div>
  );
}

/** The income/expense details of one balance, tabs all / income / expense (spec 3 §2 /income, /totalSzRecord). */
export function ChangeRecords({ account }: { account: 'store' | 'totalScore' }) {
  const [changeType, setChangeType] = useTab(CHANGE_TABS);
  const fetchPage = useMemo<FetchPage<ChangeRecord>>(
    () => async (pageNum, signal) => {
      const phonePage = { pageSize: PAGE_SIZE, pageNum };
      const opts = { background: true, silent: true, signal };
      if (account === 'store') {
        const { obj } = await call(selectBillOfGoods, { changeType, phonePage }, opts);
        return { items: obj.agentStoreChangeRecordlist, pageTotal: obj.phonePage.pageTotal };
      }
      const reply = await call(selAllAgentRewardChangeRecord, { changeType, phonePage }, opts);
      return { items: reply.objs, pageTotal: reply.obj.phonePage.pageTotal };
    },
    [account, changeType],
  );
  const op = account === 'store' ? selectBillOfGoods : selAllAgentRewardChangeRecord;
  const text = account === 'store' ? storeChangeText : totalScoreChangeText;
  return (
    <Tabs tabs={CHANGE_TABS} value={changeType} onChange={setChangeType}>
      <PagedList<ChangeRecord>
        queryKey={[...opKey(op), changeType]}
        fetchPage={fetchPage}
        keyOf={(r) => r.id}
        render={(r) => <RecordLine r={r} text={text(r.changeState)} />}
      />
    </Tabs>
  );
}
