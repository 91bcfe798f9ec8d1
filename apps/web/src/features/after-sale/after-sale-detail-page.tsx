import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  AFTER_SALE_MESSAGES as M,
  AFTER_SALE_STATE,
  selectAfterSaleDetail,
  selectAfterSaleOptions,
  selectMyAfterSales,
  submitAfterSaleWaybill,
  withdrawAfterSale,
  type AfterSaleDetail,
} from '@shop/contract/after-sale';
import { selectOrderInfoByOrderId } from '@shop/contract/orders';
import { Dialog } from '../../components/ui.js';
import { PageState } from '../../components/page-state.js';
import { priceText } from '../../lib/money.js';
import { useOp, useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { AfterSaleLines } from './after-sale-parts.js';
import './after-sale.css';

const changes = [selectAfterSaleDetail, selectMyAfterSales, selectAfterSaleOptions, selectOrderInfoByOrderId];

/** /afterSaleDetail?id (ADR 0036): the request, its steps with their times, the return waybill form, 撤销申请. */
export default function AfterSaleDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useOp(selectAfterSaleDetail, { id: valid ? id : 0 }, { enabled: valid });
  if (!valid) return <div className="page empty">{M.notFound}</div>;
  return (
    <div className="page after-sale-page">
      <PageState query={query}>{(reply) => <DetailView request={reply.obj} />}</PageState>
    </div>
  );
}

function DetailView({ request: r }: { request: AfterSaleDetail }) {
  const withdrawOp = useOpMutation(withdrawAfterSale, { invalidates: changes });
  const busy = useRef(false);
  const rows: [string, string][] = [
    ['售后编号', r.code],
    ['售后类型', r.kindText],
    ['售后原因', r.reason],
    ['问题描述', r.description],
    ['申请时间', r.createDate],
    ['退货物流', r.waybillCode ? `${r.carrier} ${r.waybillCode}` : ''],
  ];

  async function withdraw() {
    if (busy.current) return;
    if (!(await Dialog.confirm({ content: '确定撤销该售后申请吗？撤销后可重新申请。' }))) return;
    busy.current = true;
    try {
      toast((await withdrawOp.mutateAsync({ id: r.id })).msg);
    } catch {
      // toasted by the api client
    } finally {
      busy.current = false;
    }
  }

  return (
    <>
      <section className={`card after-sale-status state-${r.state}`} aria-label="售后状态">
        <div className="after-sale-status-text">{r.stateText}</div>
        <div className="after-sale-status-note">{statusNote(r)}</div>
      </section>

      {r.state === AFTER_SALE_STATE.toReturn && <WaybillForm id={r.id} />}

      {r.refund && (
        <section className="card rows after-sale-refund" aria-label="退款信息">
          <div className="card-title">退款信息</div>
          <div className="row">
            <span>退款金额</span>
            <strong className="price">{priceText(r.refund.amount)}</strong>
          </div>
          {r.refund.storeAmount !== '0.00' && (
            <div className="row">
              <span>退回货款余额</span>
              <span>{priceText(r.refund.storeAmount)}</span>
            </div>
          )}
          {r.refund.incomeAmount !== '0.00' && (
            <div className="row">
              <span>退回总分余额</span>
              <span>{priceText(r.refund.incomeAmount)}</span>
            </div>
          )}
          {r.refund.wechatAmount !== '0.00' && (
            <div className="row">
              <span>原路退回微信</span>
              <span>{priceText(r.refund.wechatAmount)}</span>
            </div>
          )}
          {r.refund.offlineAmount !== '0.00' && (
            <div className="row">
              <span>线下打款退回</span>
              <span>{priceText(r.refund.offlineAmount)}</span>
            </div>
          )}
          {r.refund.points > 0 && (
            <div className="row">
              <span>退回积分</span>
              <span>{r.refund.points}积分</span>
            </div>
          )}
          {r.refund.storeAmount !== '0.00' && (
            <div className="row">
              <span>货款明细</span>
              <Link to="/income" className="text-button">
                查看货款收支明细
              </Link>
            </div>
          )}
        </section>
      )}

      <section className="card" aria-label="售后进度">
        <div className="card-title">售后进度</div>
        <ol className="after-sale-steps">
          {r.steps.map((s, i) => (
            <li key={i}>
              <div className="after-sale-step-title">{s.title}</div>
              {s.remark && <div className="after-sale-step-remark">{s.remark}</div>}
              <div className="after-sale-step-time">{s.createDate}</div>
            </li>
          ))}
        </ol>
      </section>

      <section className="card" aria-label="售后商品">
        <div className="card-title">
          售后商品 <Link to={`/ordersDetail?id=${r.orderId}`} className="text-button">订单 {r.orderCode}</Link>
        </div>
        <AfterSaleLines lines={r.lines} />
      </section>

      <section className="card rows" aria-label="申请信息">
        {rows
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <div className="row" key={label}>
              <span>{label}</span>
              <span className="order-info-value">{value}</span>
            </div>
          ))}
        {r.photos.length > 0 && (
          <div className="after-sale-photos" aria-label="凭证图片">
            {r.photos.map((src, i) => (
              <img key={i} src={src} alt={`凭证图片${i + 1}`} />
            ))}
          </div>
        )}
      </section>

      {r.state === AFTER_SALE_STATE.pending && (
        <div className="after-sale-bar">
          <button type="button" className="plain-button" onClick={() => void withdraw()}>
            撤销申请
          </button>
        </div>
      )}
    </>
  );
}

/** What the agent waits for, or what happened, in one sentence. */
function statusNote(r: AfterSaleDetail): string {
  switch (r.state) {
    case AFTER_SALE_STATE.pending:
      return '您的申请已提交，请等待客服审核';
    case AFTER_SALE_STATE.toReturn:
      return '审核已通过，请将商品寄回并填写退货物流';
    case AFTER_SALE_STATE.returning:
      return '退货已寄出，等待仓库确认收货';
    case AFTER_SALE_STATE.toRefund:
      return '等待财务退款，退款将按原支付方式退回';
    case AFTER_SALE_STATE.refunded:
      return r.refund ? `已退款 ${priceText(r.refund.amount)}，已按原支付方式退回` : '已退款';
    case AFTER_SALE_STATE.rejected:
      return `驳回原因：${r.rejectReason}`;
    default:
      return '您已撤销该申请';
  }
}

/** The return parcel: carrier and waybill number (待寄回 → 待收货). */
function WaybillForm({ id }: { id: number }) {
  const submit = useOpMutation(submitAfterSaleWaybill, { invalidates: changes });
  const [carrier, setCarrier] = useState('');
  const [waybillCode, setWaybillCode] = useState('');
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!carrier.trim()) return toast(M.carrierRequired);
    if (!waybillCode.trim()) return toast(M.waybillRequired);
    if (!/^[A-Za-z0-9]{6,30}$/.test(waybillCode.trim())) return toast(M.waybillInvalid);
    try {
      toast((await submit.mutateAsync({ id, carrier: carrier.trim(), waybillCode: waybillCode.trim() })).msg);
    } catch {
      // toasted by the api client
    }
  }
  return (
    <form className="card" aria-label="填写退货物流" onSubmit={(e) => void onSubmit(e)}>
      <div className="card-title">填写退货物流</div>
      <label className="after-sale-field">
        <span className="after-sale-field-label">快递公司</span>
        <input className="after-sale-input" value={carrier} maxLength={20} placeholder="如：顺丰速运" onChange={(e) => setCarrier(e.target.value)} />
      </label>
      <label className="after-sale-field">
        <span className="after-sale-field-label">快递单号</span>
        <input className="after-sale-input" value={waybillCode} maxLength={30} placeholder="请输入快递单号" onChange={(e) => setWaybillCode(e.target.value)} />
      </label>
      <button type="submit" className="primary-button" disabled={submit.isPending}>
        提交退货物流
      </button>
    </form>
  );
}
