import { reviewBondPayment, selectPendingBonds, type pendingBond } from '@shop/contract/staff-reviews';
import { BOND_PAY_TYPE } from '@shop/contract/bond';
import type { TableColumnsType } from 'antd';
import type * as z from 'zod/mini';
import { moneyColumn, payTypeColumn, receivingColumn, remarkColumn, remitColumn, timeColumn, voucherColumn, Vouchers, yuan } from './columns.js';
import { ReviewQueue } from './review-queue.js';

type Row = z.output<typeof pendingBond>;

const columns: TableColumnsType<Row> = [
  { title: '缴纳单号', dataIndex: 'bondCode', key: 'bondCode', width: 170 },
  moneyColumn<Row>('缴纳金额', 'bondMoney', true),
  payTypeColumn<Row>(),
  voucherColumn<Row>(),
  remitColumn<Row>(),
  receivingColumn<Row>('收款账户'),
  remarkColumn<Row>(),
  timeColumn<Row>(),
];

/** 保证金缴纳审核: approval credits the deposit and opens buying; rejection gives back what was paid. */
export default function BondsPage() {
  return (
    <ReviewQueue<Row>
      title="保证金缴纳审核"
      hint="核对到账后通过，保证金计入代理商账户并开放下单；驳回后已付款项退回（总分支付退回总分，微信支付原路退款）。"
      listOp={selectPendingBonds}
      reviewOp={reviewBondPayment}
      columns={columns}
      scrollX={1500}
      describe={(r) => ({
        code: r.bondCode,
        amount: yuan(r.bondMoney),
        // ADR 0030: the dialog shows the voucher and both accounts
        more: [
          { key: 'remit', label: '打款账户', children: `${r.remitAccountName} ${r.remitAccountNumber}`.trim() || '—' },
          { key: 'receive', label: '收款账户', children: r.payType === BOND_PAY_TYPE.wechat ? '微信支付' : `${r.receiveAccountName} ${r.receiveAccountNumber} ${r.receiveBankName}`.trim() || '—' },
          { key: 'voucher', label: '凭证', children: <Vouchers urls={r.voucherImgUrl} /> },
        ],
      })}
    />
  );
}
