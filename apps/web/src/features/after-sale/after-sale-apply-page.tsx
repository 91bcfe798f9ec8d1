import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  AFTER_SALE_KIND,
  AFTER_SALE_KIND_TEXT,
  AFTER_SALE_MESSAGES as M,
  applyAfterSale,
  selectAfterSaleDetail,
  selectAfterSaleOptions,
  selectMyAfterSales,
} from '@shop/contract/after-sale';
import { ORDER_MESSAGES, selectOrderInfoByOrderId } from '@shop/contract/orders';
import type * as z from 'zod/mini';
import { PageState } from '../../components/page-state.js';
import { QuantityStepper } from '../../components/quantity-stepper.js';
import { VoucherUploader, type Voucher } from '../../components/voucher-uploader.js';
import { priceText } from '../../lib/money.js';
import { useOp, useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import './after-sale.css';

type Options = z.output<typeof selectAfterSaleOptions.output>['obj'];

/** /afterSaleApply?orderId (ADR 0036): lines and quantities, kind, reason, text, up to 6 photos. */
export default function AfterSaleApplyPage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const query = useOp(selectAfterSaleOptions, { orderId: valid ? orderId : 0 }, { enabled: valid, refetchOnMount: 'always' });
  if (!valid) return <div className="page empty">{ORDER_MESSAGES.notFound}</div>;
  return (
    <div className="page after-sale-page">
      <PageState query={query}>{(reply) => (reply.obj.kinds.length ? <ApplyForm options={reply.obj} /> : <Refused options={reply.obj} />)}</PageState>
    </div>
  );
}

function Refused({ options }: { options: Options }) {
  return (
    <div className="card empty" role="status">
      <p>{options.refusal}</p>
      {options.openId ? (
        <Link to={`/afterSaleDetail?id=${options.openId}`} className="text-button">
          查看售后进度
        </Link>
      ) : (
        <Link to={`/ordersDetail?id=${options.orderId}`} className="text-button">
          返回订单
        </Link>
      )}
    </div>
  );
}

function ApplyForm({ options }: { options: Options }) {
  const navigate = useNavigate();
  const apply = useOpMutation(applyAfterSale, { invalidates: [selectAfterSaleOptions, selectMyAfterSales, selectAfterSaleDetail, selectOrderInfoByOrderId] });
  const [kind, setKind] = useState(options.kinds.includes(2) ? 2 : options.kinds[0]!);
  const [picked, setPicked] = useState<Record<number, number>>(() => {
    const open = options.lines.filter((l) => l.left > 0);
    return open.length === 1 ? { [open[0]!.lineId]: open[0]!.left } : {};
  });
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<Voucher[]>([]);

  async function submit() {
    const lines = Object.entries(picked).map(([lineId, qty]) => ({ lineId: Number(lineId), qty }));
    if (lines.length === 0) return toast(M.lineRequired);
    if (!reason) return toast(M.reasonInvalid);
    if (description.length > 200) return toast(M.descriptionTooLong);
    if (photos.some((p) => p.status === 'uploading')) return toast('图片上传中，请稍候');
    if (photos.some((p) => p.status === 'failed')) return toast('有图片上传失败，请删除后重新上传');
    try {
      const reply = await apply.mutateAsync({ orderId: options.orderId, kind, reason, description, lines, photos: photos.map((p) => p.url!) });
      // The detail replaces this screen: the toast stays across the move (a route change clears toasts otherwise).
      toast(reply.msg, 2000, { keep: true });
      navigate(`/afterSaleDetail?id=${reply.obj.id}`, { replace: true });
    } catch {
      // toasted by the api client
    }
  }

  return (
    <>
      <section className="card" aria-label="选择商品">
        <div className="card-title">选择商品（订单 {options.orderCode}）</div>
        {options.lines.map((l) => {
          const on = picked[l.lineId] !== undefined;
          return (
            <div className="after-sale-line" key={l.lineId}>
              <label className="after-sale-line-check">
                <input
                  type="checkbox"
                  aria-label={`选择${l.prodName}`}
                  checked={on}
                  disabled={l.left === 0}
                  onChange={(e) =>
                    setPicked((prev) => {
                      const next = { ...prev };
                      if (e.target.checked) next[l.lineId] = l.left;
                      else delete next[l.lineId];
                      return next;
                    })
                  }
                />
              </label>
              <img src={l.prodImg} alt="" loading="lazy" />
              <div className="after-sale-line-body">
                <div className="after-sale-line-name">{l.prodName}</div>
                <div className="muted">{l.specDispStr}</div>
                <div>
                  <span className="price">{priceText(l.dealPrice)}</span>
                  <span className="muted"> {l.left > 0 ? `可申请${l.left}件` : '已无可申请数量'}</span>
                </div>
              </div>
              {on && <QuantityStepper label={`${l.prodName}的售后数量`} value={picked[l.lineId]!} max={l.left} onChange={(n) => setPicked((prev) => ({ ...prev, [l.lineId]: n }))} />}
            </div>
          );
        })}
      </section>

      <section className="card" aria-label="售后信息">
        <div className="after-sale-field" role="group" aria-labelledby="after-sale-kind">
          <span id="after-sale-kind" className="after-sale-field-label">
            售后类型
          </span>
          <div className="after-sale-choices">
            {Object.values(AFTER_SALE_KIND).map((k) => (
              <button key={k} type="button" aria-pressed={kind === k} disabled={!options.kinds.includes(k)} onClick={() => setKind(k)}>
                {AFTER_SALE_KIND_TEXT[k]}
              </button>
            ))}
          </div>
          {!options.kinds.includes(AFTER_SALE_KIND.returnRefund) && <div className="muted">{M.toShipRefundOnly}</div>}
        </div>
        <div className="after-sale-field" role="group" aria-labelledby="after-sale-reason">
          <span id="after-sale-reason" className="after-sale-field-label">
            售后原因
          </span>
          <div className="after-sale-choices">
            {options.reasons.map((r) => (
              <button key={r} type="button" aria-pressed={reason === r} onClick={() => setReason(r)}>
                {r}
              </button>
            ))}
          </div>
        </div>
        <label className="after-sale-field">
          <span className="after-sale-field-label">问题描述（选填）</span>
          <textarea className="after-sale-textarea" rows={3} value={description} placeholder="请描述商品的问题，便于客服尽快处理" onChange={(e) => setDescription(e.target.value)} />
          <div className="after-sale-count">{description.length}/200</div>
        </label>
        <div className="after-sale-field">
          <span className="after-sale-field-label">凭证图片（最多6张）</span>
          <VoucherUploader value={photos} onChange={setPhotos} label="凭证图片" />
        </div>
      </section>

      <div className="after-sale-bar">
        <button type="button" className="primary-button" disabled={apply.isPending} onClick={() => void submit()}>
          提交申请
        </button>
      </div>
    </>
  );
}
