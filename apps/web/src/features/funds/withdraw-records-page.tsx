import { useMemo } from 'react';
import { CHECK_STATE } from '@shop/contract/order-state';
import type * as z from 'zod/mini';
import { selAllAgentWithdrawCashApply, type withdrawalRecord } from '@shop/contract/funds';
import { PAGE_SIZE } from '@shop/contract/paging';
import { opPages, PagedList } from '../../components/paged-list.js';
import { priceText } from '../../lib/money.js';
import { opKey } from '../../lib/query.js';
import { WITHDRAW_TABS, withdrawStateText } from './funds-text.js';
import { Tabs, useTab } from './tabs.js';
import './funds.css';

type WithdrawalRecord = z.output<typeof withdrawalRecord>;

/** /totalTxRecord (spec 3 §2, §4): withdrawal records, tabs withdrawing, withdrawn, expired, all. */
export default function WithdrawRecordsPage() {
  const [checkState, setCheckState] = useTab(WITHDRAW_TABS);
  const fetchPage = useMemo(
    () => opPages<typeof selAllAgentWithdrawCashApply, WithdrawalRecord>(selAllAgentWithdrawCashApply, (pageNum) => ({ checkState, phonePage: { pageSize: PAGE_SIZE, pageNum } })),
    [checkState],
  );
  return (
    <div className="page funds-page">
      <Tabs tabs={WITHDRAW_TABS} value={checkState} onChange={setCheckState}>
        <PagedList<WithdrawalRecord>
          queryKey={[...opKey(selAllAgentWithdrawCashApply), checkState]}
          fetchPage={fetchPage}
          keyOf={(r) => r.id}
          render={(r) => (
            <article className="card funds-apply" aria-label={`提现 ${r.withdrawCode}`}>
              <div className="funds-apply-head">
                <span className="funds-record-sub">{r.withdrawCode}</span>
                <span className={`funds-state state-${r.checkState}`}>{withdrawStateText(r.checkState)}</span>
              </div>
              <dl className="funds-rows">
                <dt>提现金额</dt>
                <dd>{priceText(r.bondMoney)}</dd>
                <dt>手续费</dt>
                <dd>{priceText(r.serviceCharge)}</dd>
                <dt>实际到账</dt>
                <dd>{priceText(r.factBondMoney)}</dd>
                <dt>收款账户</dt>
                <dd>
                  {r.receiveBankName} {r.receiveAccountName} {r.receiveAccountNumber}
                </dd>
                <dt>申请时间</dt>
                <dd>{r.createDate}</dd>
                {r.checkState === CHECK_STATE.rejected && r.checkRemark && (
                  <>
                    <dt>失效原因</dt>
                    <dd>{r.checkRemark}</dd>
                  </>
                )}
              </dl>
            </article>
          )}
        />
      </Tabs>
    </div>
  );
}
