import { reviewWithdrawal, selectPendingWithdrawals, type pendingWithdrawal } from '@shop/contract/staff-funds';
import type { TableColumnsType } from 'antd';
import type * as z from 'zod/mini';
import { moneyColumn, receivingColumn, timeColumn, yuan } from './columns.js';
import { ReviewQueue } from './review-queue.js';

type Row = z.output<typeof pendingWithdrawal>;

const columns: TableColumnsType<Row> = [
  { title: '提现单号', dataIndex: 'withdrawCode', key: 'withdrawCode', width: 170 },
  moneyColumn<Row>('提现金额', 'bondMoney'),
  moneyColumn<Row>('手续费', 'serviceCharge'),
  moneyColumn<Row>('应打款', 'factBondMoney', true),
  receivingColumn<Row>('收款账户'),
  timeColumn<Row>(),
];

/** 提现审核: approve once the transfer is made (its reference required); reject gives the amount and fee back. */
export default function WithdrawalsPage() {
  return (
    <ReviewQueue<Row>
      title="提现审核"
      hint="按“应打款”金额转账到代理商的收款账户后，填写打款流水号通过；驳回后提现金额与手续费退回代理商总分。"
      listOp={selectPendingWithdrawals}
      reviewOp={reviewWithdrawal}
      columns={columns}
      payout="required"
      scrollX={1200}
      describe={(r) => ({
        code: r.withdrawCode,
        amount: yuan(r.factBondMoney),
        more: [
          { key: 'fee', label: '提现 / 手续费', children: `${yuan(r.bondMoney)} / ${yuan(r.serviceCharge)}` },
          { key: 'to', label: '收款账户', children: `${r.receiveAccountName} ${r.receiveAccountNumber} ${r.receiveBankName}` },
        ],
      })}
    />
  );
}
