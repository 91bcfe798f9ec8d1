import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { pointsSourceText, selectAgentMyPointChange, type PointRecord } from '@shop/contract/account-area';
import { selectBasePointSet } from '@shop/contract/catalog';
import { CHANGE_TYPE } from '@shop/contract/ledger-codes';
import { selectMyAccoutInfo } from '@shop/contract/order';
import { PAGE_SIZE } from '@shop/contract/paging';
import { FLAG } from '@shop/contract/flags';
import { opPages, PagedList } from '../../components/paged-list.js';
import { opKey, useOp } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import './points.css';

/** /points (spec 3 §2): the total (laveIntegral), the sign-in entry when sign-in is on, the paged history. */
export default function PointsPage() {
  const navigate = useNavigate();
  const { platId } = useSession();
  const account = useOp(selectMyAccoutInfo, { platId });
  const setting = useOp(selectBasePointSet, { platId });
  const fetchPage = useMemo(
    () => opPages<typeof selectAgentMyPointChange, PointRecord>(selectAgentMyPointChange, (pageNum) => ({ phonePage: { pageSize: PAGE_SIZE, pageNum } })),
    [],
  );

  return (
    <div className="page points-page">
      <section className="points-hero">
        <span className="points-hero-label">我的积分</span>
        <strong className="points-hero-total" aria-label="积分余额">
          {account.data ? account.data.obj.laveIntegral : '--'}
        </strong>
        <button
          type="button"
          className="points-sign-entry"
          onClick={() => (setting.data?.obj.signState === FLAG.yes ? navigate('/sign') : toast('签到未开启'))}
        >
          每日签到
        </button>
      </section>
      <h3 className="points-section-title">积分明细</h3>
      <PagedList<PointRecord>
        queryKey={opKey(selectAgentMyPointChange)}
        fetchPage={fetchPage}
        keyOf={(r) => r.id}
        render={(r) => (
          <div className="points-record">
            <div className="points-record-main">
              <span className="points-record-source">{pointsSourceText(r.changeSource)}</span>
              <span className="points-record-date">{r.createDate}</span>
            </div>
            <strong className={r.changeType === CHANGE_TYPE.in ? 'points-plus' : 'points-minus'}>
              {r.changeType === CHANGE_TYPE.in ? '+' : '-'}
              {r.changeCount}
            </strong>
          </div>
        )}
      />
    </div>
  );
}
