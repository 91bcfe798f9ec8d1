import { Link, useNavigate } from 'react-router';
import { TRANSFER_MESSAGES, WITHDRAW_MESSAGES, selAgentApiAccountInfo } from '@shop/contract/funds';
import { FLAG } from '@shop/contract/flags';
import { PageState } from '../../components/page-state.js';
import { priceText } from '../../lib/money.js';
import { useOp } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import './funds.css';

/** /total (spec 3 §2): the total score, withdrawing and frozen amounts, withdraw and transfer, records. */
export default function TotalPage() {
  const { platId } = useSession();
  const navigate = useNavigate();
  const info = useOp(selAgentApiAccountInfo, { platId });
  return (
    <div className="page funds-page">
      <PageState query={info}>
        {({ obj }) => {
          // spec 3 §5: the deposit blocks both; a closed withdrawal says why (tsMsg).
          const withdraw = () => {
            if (obj.isNeedBondStatus === FLAG.yes) return toast(WITHDRAW_MESSAGES.bondDue);
            if (obj.isCanTs === FLAG.yes) return toast(obj.tsMsg || WITHDRAW_MESSAGES.closed);
            navigate('/totalTxApplay');
          };
          const transfer = () => {
            if (obj.isNeedBondStatus === FLAG.yes) return toast(TRANSFER_MESSAGES.bondDue);
            navigate(`/totalZzApplay?laveIncome=${obj.laveIncome}`);
          };
          return (
            <>
              <section className="funds-hero" aria-label="总分余额">
                <span className="funds-hero-label">总分余额（元）</span>
                <strong className="funds-hero-value" data-testid="lave-income">
                  {priceText(obj.laveIncome)}
                </strong>
                <div className="funds-hero-cells">
                  <span>
                    提现中
                    <strong data-testid="apply-income">{priceText(obj.applyIncome)}</strong>
                  </span>
                  {/* What the frozen amount is made of. */}
                  <Link to="/frozenIncome" aria-label={`冻结金额 ${priceText(obj.allFrozenAwardMoney)}，查看冻结明细`}>
                    <span className="funds-hero-cell-label">冻结金额 ›</span>
                    <strong data-testid="frozen-award">{priceText(obj.allFrozenAwardMoney)}</strong>
                  </Link>
                </div>
              </section>
              <div className="funds-actions">
                <button type="button" className="primary-button" onClick={withdraw}>
                  提现
                </button>
                <button type="button" className="plain-button" onClick={transfer}>
                  转款
                </button>
              </div>
              <nav className="card funds-links" aria-label="总分记录">
                <Link to="/totalTxRecord">提现记录</Link>
                <Link to="/totalSzRecord">收支明细</Link>
              </nav>
            </>
          );
        }}
      </PageState>
    </div>
  );
}
