import { selAgentStoreFrozenRecord, selectBillOfGoods, paymentPageOfPersonalInit, thawAgentStoreFrozenRecord } from '@shop/contract/funds';
import { PageState } from '../../components/page-state.js';
import { Dialog } from '../../components/ui.js';
import { priceText } from '../../lib/money.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { useOp, useOpMutation } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import './funds.css';

/** /amount (spec 3 §2, §4): the frozen goods fund, what may be thawed now, and the thaw action. */
export default function AmountPage() {
  const { platId } = useSession();
  const frozen = useOp(selAgentStoreFrozenRecord, { platId });
  const intent = useIntentKey();
  const thaw = useOpMutation(thawAgentStoreFrozenRecord, { invalidates: [selAgentStoreFrozenRecord, paymentPageOfPersonalInit, selectBillOfGoods] });

  async function onThaw(amount: string) {
    if (thaw.isPending) return;
    const ok = await Dialog.confirm({ title: '解冻确认', content: `确认将 ${priceText(amount)} 解冻到货款余额？` });
    if (!ok) return;
    try {
      // ADR 0023: a retry of this thaw carries the same key; after a success the next thaw is another.
      const reply = await thaw.mutateAsync({ platId, idempotencyKey: intent.for({ thaw: amount }) });
      intent.done();
      toast(reply.msg || '解冻成功');
    } catch {
      /* the api client showed the refusal */
    }
  }

  return (
    <div className="page funds-page">
      <PageState query={frozen}>
        {({ obj, objs }) => (
          <>
            <section className="funds-hero" aria-label="冻结金额">
              <span className="funds-hero-label">冻结金额（元）</span>
              <strong className="funds-hero-value" data-testid="frozen-money">
                {priceText(obj.frozenMoney)}
              </strong>
              <span className="funds-hero-line">
                可解冻 <span data-testid="thaw-money">{priceText(obj.thawMoney)}</span>
              </span>
            </section>
            <button type="button" className="primary-button" disabled={obj.thawMoney === '0.00' || thaw.isPending} onClick={() => void onThaw(obj.thawMoney)}>
              {obj.thawMoney === '0.00' ? '暂无可解冻金额' : '立即解冻'}
            </button>
            <h3 className="funds-section-title">冻结记录</h3>
            {objs.length === 0 ? (
              <p className="empty">暂无记录</p>
            ) : (
              <ul className="funds-list" aria-label="冻结记录">
                {objs.map((r) => (
                  <li key={r.id} className="funds-record">
                    <div className="funds-record-main">
                      <span className="funds-record-title">{priceText(r.frozenMoney)}</span>
                      <span className="funds-record-sub">解冻日期 {r.releaseDate}</span>
                      {r.remark && <span className="funds-record-sub">{r.remark}</span>}
                    </div>
                    <span className={r.thawMoney === '0.00' ? 'funds-state' : 'funds-state ready'}>{r.thawMoney === '0.00' ? '冻结中' : '可解冻'}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </PageState>
    </div>
  );
}
