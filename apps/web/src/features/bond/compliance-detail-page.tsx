import { useState } from 'react';
import { CHECK_STATE } from '@shop/contract/order-state';
import { useQueryClient } from '@tanstack/react-query';
import { bondMoneyInit, returnBondMoneyReject, SELF_WITHDRAWN, selectBondDetail, selectReturnBondDetail } from '@shop/contract/bond';
import { opPages, PagedList } from '../../components/paged-list.js';
import { Dialog } from '../../components/ui.js';
import type { Reply } from '../../lib/api.js';
import { useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { BondRecord, type BondRecordView } from './bond-record.js';
import './bond.css';

const TABS = [
  { key: 'pay', title: '缴纳合规金' },
  { key: 'return', title: '退还合规金' },
] as const;
/** spec 3 §2: sub-tabs by review state. */
const STATES = [
  { value: -1, title: '全部' },
  { value: 0, title: '待审核' },
  { value: 1, title: '已通过' },
  { value: 2, title: '已驳回' },
] as const;
const PAY_TEXT: Record<number, string> = { 1: '线下支付', 2: '微信支付', 3: '总分余额支付' };
const RETURN_TEXT: Record<number, string> = { 1: '退还合规金', 2: '返还超出部分' };

type PayRow = Reply<typeof selectBondDetail>['objs'][number];
type ReturnRow = Reply<typeof selectReturnBondDetail>['objs'][number];

const payView = (r: PayRow): BondRecordView => ({ ...r, code: r.bondCode, money: r.bondMoney, kind: PAY_TEXT[r.payType] ?? '缴纳' });
const returnView = (r: ReturnRow): BondRecordView => ({ ...r, code: r.bondReturnCode, money: r.returnBondMoney, kind: RETURN_TEXT[r.bondReturnType] ?? '退还' });

/** /complianceDetail (spec 3 §2): deposit payments and refunds, each by review state, paged. */
export default function ComplianceDetailPage() {
  const [tab, setTab] = useState<'pay' | 'return'>('pay');
  const [state, setState] = useState<number>(-1);
  const client = useQueryClient();
  const cancel = useOpMutation(returnBondMoneyReject, { invalidates: [selectReturnBondDetail, bondMoneyInit] });

  async function withdraw() {
    if (!(await Dialog.confirm({ content: '确认撤回退还申请？' }))) return;
    const reply = await cancel.mutateAsync({ checkRemark: SELF_WITHDRAWN }).catch(() => null);
    if (reply) toast(reply.msg || '撤回成功');
    await client.invalidateQueries({ queryKey: ['bond-detail'] });
  }

  return (
    <div className="page compliance-detail">
      <div className="bond-tabs" role="tablist" aria-label="合规金明细">
        {TABS.map((t) => (
          <button key={t.key} type="button" role="tab" aria-selected={tab === t.key} onClick={() => setTab(t.key)}>
            {t.title}
          </button>
        ))}
      </div>
      <div className="bond-subtabs" role="tablist" aria-label="审核状态">
        {STATES.map((s) => (
          <button key={s.value} type="button" role="tab" aria-selected={state === s.value} onClick={() => setState(s.value)}>
            {s.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={`${TABS.find((t) => t.key === tab)!.title} ${STATES.find((s) => s.value === state)!.title}`}>
        {tab === 'pay' ? (
          <PagedList<PayRow>
            key={`pay${state}`}
            queryKey={['bond-detail', 'pay', state]}
            fetchPage={opPages(selectBondDetail, (pageNum) => ({ checkState: state, phonePage: { pageSize: 10, pageNum } }))}
            keyOf={(r) => r.id}
            render={(r) => <BondRecord r={payView(r)} />}
          />
        ) : (
          <PagedList<ReturnRow>
            key={`return${state}`}
            queryKey={['bond-detail', 'return', state]}
            fetchPage={opPages(selectReturnBondDetail, (pageNum) => ({ checkState: state, phonePage: { pageSize: 10, pageNum } }))}
            keyOf={(r) => r.id}
            render={(r) => <BondRecord r={returnView(r)} onWithdraw={r.checkState === CHECK_STATE.pending ? () => void withdraw() : undefined} />}
          />
        )}
      </div>
    </div>
  );
}
