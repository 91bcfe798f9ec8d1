import type { OrderReceiptRecord } from '@shop/contract/orders';
import { CHECK_STATE } from '@shop/contract/order-state';
import { priceText } from '../../lib/money.js';
import { CHECK_STATE_TEXT } from './order-text.js';

/** spec 2 §2 detail: the offline payment records with their voucher images. */
export function ReceiptRecords({ records }: { records: OrderReceiptRecord[] }) {
  return (
    <section className="card" aria-label="线下支付记录">
      <div className="card-title">线下支付记录</div>
      {records.map((r) => (
        <div className="receipt-record rows" key={r.id}>
          <div className="row">
            <span>打款金额</span>
            <span className="price">{priceText(r.payMoney)}</span>
          </div>
          <div className="row">
            <span>收款账户</span>
            <span className="order-info-value">
              {[r.receiveBankName, r.receiveSubBankName, r.receiveAccountName, r.receiveAccountNumber].filter(Boolean).join(' ')}
            </span>
          </div>
          {r.remitAccountName && (
            <div className="row">
              <span>打款户名</span>
              <span>{r.remitAccountName}</span>
            </div>
          )}
          {r.remitAccountNumber && (
            <div className="row">
              <span>打款账号</span>
              <span>{r.remitAccountNumber}</span>
            </div>
          )}
          {r.remark && (
            <div className="row">
              <span>备注</span>
              <span className="order-info-value">{r.remark}</span>
            </div>
          )}
          <div className="row">
            <span>审核状态</span>
            <span>
              {CHECK_STATE_TEXT[r.checkState] ?? ''}
              {r.checkState === CHECK_STATE.rejected && r.checkRemark ? `（${r.checkRemark}）` : ''}
            </span>
          </div>
          <div className="row">
            <span>提交时间</span>
            <span>{r.createDate}</span>
          </div>
          {r.voucherImgUrls.length > 0 && (
            <div className="receipt-vouchers" aria-label="打款凭证">
              {r.voucherImgUrls.map((url, i) => (
                <a key={url} href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={`打款凭证${i + 1}`} loading="lazy" />
                </a>
              ))}
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
