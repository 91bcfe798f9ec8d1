import { Link } from 'react-router';
import { paymentPageOfPersonalInit } from '@shop/contract/funds';
import { PageState } from '../../components/page-state.js';
import { priceText } from '../../lib/money.js';
import { useOp } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';
import './funds.css';

/** /loan (spec 3 §2): the goods-payment balance, the frozen amount with 去解冻, links to records and details. */
export default function LoanPage() {
  const { platId } = useSession();
  const info = useOp(paymentPageOfPersonalInit, { platId });
  return (
    <div className="page funds-page">
      <PageState query={info}>
        {({ obj }) => (
          <>
            <section className="funds-hero" aria-label="货款余额">
              <span className="funds-hero-label">货款余额（元）</span>
              <strong className="funds-hero-value" data-testid="last-store">
                {priceText(obj.lastStore)}
              </strong>
              <div className="funds-hero-line">
                <span>
                  冻结金额 <span data-testid="frozen-store">{priceText(obj.frozenStore)}</span>
                </span>
                <Link to="/amount" className="funds-hero-link">
                  去解冻
                </Link>
              </div>
            </section>
            <nav className="card funds-links" aria-label="货款记录">
              <Link to="/investRecord">充值记录</Link>
              <Link to="/income">收支明细</Link>
            </nav>
          </>
        )}
      </PageState>
    </div>
  );
}
