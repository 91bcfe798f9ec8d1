import { ImageViewer } from '../../components/ui.js';
import { CHECK_STATE } from '@shop/contract/order-state';
import { priceText } from '../../lib/money.js';

/** spec 3 §4 deposit review states. */
const STATE_TEXT: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

export interface BondRecordView {
  code: string;
  createDate: string;
  money: string;
  checkState: number;
  checkRemark: string;
  voucherImgUrl: string;
  /** What kind (pay type or return type), shown beside the number. */
  kind: string;
}

/** One deposit record (spec 3 §2 /complianceDetail): number, date, amount, state, vouchers to preview, the reason. */
export function BondRecord({ r, onWithdraw }: { r: BondRecordView; onWithdraw?: () => void }) {
  const images = r.voucherImgUrl.split(',').filter(Boolean);
  return (
    <article className="card bond-record" aria-label={r.code}>
      <div className="bond-record-head">
        <span>{r.code}</span>
        <span className={`bond-state s${r.checkState}`}>{STATE_TEXT[r.checkState] ?? '处理中'}</span>
      </div>
      <div className="bond-record-line">
        <span className="muted">
          {r.kind} · {r.createDate}
        </span>
        <strong className="price">{priceText(r.money)}</strong>
      </div>
      {images.length > 0 && (
        <div className="bond-vouchers">
          {images.map((src, i) => (
            <button key={src} type="button" aria-label={`查看凭证${i + 1}`} onClick={() => ImageViewer.Multi.show({ images, defaultIndex: i })}>
              <img src={src} alt="" />
            </button>
          ))}
        </div>
      )}
      {r.checkState === CHECK_STATE.rejected && r.checkRemark && <p className="bond-reject">驳回原因：{r.checkRemark}</p>}
      {onWithdraw && (
        <button type="button" className="plain-button bond-withdraw" onClick={onWithdraw}>
          自行撤回
        </button>
      )}
    </article>
  );
}
