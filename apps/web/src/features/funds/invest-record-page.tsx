import { useMemo } from 'react';
import { CHECK_STATE } from '@shop/contract/order-state';
import type * as z from 'zod/mini';
import { chargeRechargeAudit, GRADE_UP_TYPE, type rechargeRecord } from '@shop/contract/upgrade';
import { PAGE_SIZE } from '@shop/contract/paging';
import { opPages, PagedList } from '../../components/paged-list.js';
import { priceText } from '../../lib/money.js';
import { opKey } from '../../lib/query.js';
import { RECHARGE_TABS } from './funds-text.js';
import { Tabs, useTab } from './tabs.js';
import './funds.css';

type RechargeRecord = z.output<typeof rechargeRecord>;

/** /investRecord (spec 3 §2, §4): top-up records, tabs pending review, recharged, expired, all. */
export default function InvestRecordPage() {
  const [checkState, setCheckState] = useTab(RECHARGE_TABS);
  const fetchPage = useMemo(
    () => opPages<typeof chargeRechargeAudit, RechargeRecord>(chargeRechargeAudit, (pageNum) => ({ checkState, phonePage: { pageSize: PAGE_SIZE, pageNum } })),
    [checkState],
  );
  return (
    <div className="page funds-page">
      <Tabs tabs={RECHARGE_TABS} value={checkState} onChange={setCheckState}>
        <PagedList<RechargeRecord>
          queryKey={[...opKey(chargeRechargeAudit), checkState]}
          fetchPage={fetchPage}
          keyOf={(r) => r.id}
          render={(r) => (
            <article className="card funds-apply" aria-label={`充值 ${r.rechargeCode}`}>
              <div className="funds-apply-head">
                <span className="funds-record-sub">{r.rechargeCode}</span>
                {/* ADR 0025: the server's word for what the record is now (审核中, 已退款, 退款中 ...) */}
                <span className={`funds-state state-${r.refundState === null ? r.checkState : 'refund'}`}>{r.stateText}</span>
              </div>
              <dl className="funds-rows">
                <dt>充值金额</dt>
                <dd>{priceText(r.rechargeMoney)}</dd>
                <dt>充值类型</dt>
                <dd>{r.gradeUpType === GRADE_UP_TYPE.first ? '首次进货' : '升级充值'}</dd>
                <dt>申请时间</dt>
                <dd>{r.createDate}</dd>
                {r.checkState === CHECK_STATE.rejected && r.checkRemark && (
                  <>
                    <dt>驳回原因</dt>
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
