import { reviewRecharge, selectPendingRecharges, type pendingRecharge } from '@shop/contract/staff-reviews';
import { GRADE_UP_TYPE, RECHARGE_PAY_TYPE } from '@shop/contract/upgrade';
import { Tag, type TableColumnsType } from 'antd';
import type * as z from 'zod/mini';
import { moneyColumn, payTypeColumn, receivingColumn, remarkColumn, remitColumn, timeColumn, voucherColumn, Vouchers, yuan } from './columns.js';
import { ReviewQueue } from './review-queue.js';

type Row = z.output<typeof pendingRecharge>;

const kind = (r: Row) => (r.gradeUpType === GRADE_UP_TYPE.first ? '首充' : '升级');

const columns: TableColumnsType<Row> = [
  { title: '申请单号', dataIndex: 'rechargeCode', key: 'rechargeCode', width: 170 },
  {
    title: '类型',
    key: 'kind',
    width: 150,
    render: (_, r) => (
      <>
        <Tag color={r.gradeUpType === GRADE_UP_TYPE.first ? 'cyan' : 'purple'}>{kind(r)}</Tag>
        {r.gradeUpType === GRADE_UP_TYPE.first ? r.oldGradeName : `${r.oldGradeName} → ${r.newGradeName}`}
      </>
    ),
  },
  moneyColumn<Row>('充值金额', 'rechargeMoney', true),
  payTypeColumn<Row>(),
  voucherColumn<Row>(),
  remitColumn<Row>(),
  receivingColumn<Row>('收款账户'),
  remarkColumn<Row>(),
  timeColumn<Row>(),
];

/** 首充与升级审核: approval credits the goods fund (and moves the grade for an upgrade); rejection gives the money back. */
export default function RechargesPage() {
  return (
    <ReviewQueue<Row>
      title="首充与升级审核"
      hint="核对打款凭证与到账金额后审核。通过后充值金额计入代理商货款（升级同时变更等级）；驳回后已付款项原路退回。"
      listOp={selectPendingRecharges}
      reviewOp={reviewRecharge}
      columns={columns}
      scrollX={1600}
      describe={(r) => ({
        code: r.rechargeCode,
        amount: yuan(r.rechargeMoney),
        more: [
          { key: 'kind', label: '类型', children: r.gradeUpType === GRADE_UP_TYPE.first ? `首充（${r.oldGradeName}）` : `升级 ${r.oldGradeName} → ${r.newGradeName}` },
          // ADR 0030: the dialog shows the voucher and both accounts
          { key: 'remit', label: '打款账户', children: `${r.remitAccountName} ${r.remitAccountNumber}`.trim() || '—' },
          { key: 'receive', label: '收款账户', children: r.payType === RECHARGE_PAY_TYPE.wechat ? '微信支付' : `${r.receiveAccountName} ${r.receiveAccountNumber} ${r.receiveBankName}`.trim() || '—' },
          { key: 'voucher', label: '凭证', children: <Vouchers urls={r.voucherImgUrl} /> },
        ],
      })}
    />
  );
}
