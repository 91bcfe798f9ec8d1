import { BOND_RETURN_TYPE } from '@shop/contract/bond';
import { reviewBondReturn, selectPendingBondReturns, type pendingBondReturn } from '@shop/contract/staff-reviews';
import { Tag, type TableColumnsType } from 'antd';
import type * as z from 'zod/mini';
import { moneyColumn, receivingColumn, remarkColumn, timeColumn, yuan } from './columns.js';
import { ReviewQueue } from './review-queue.js';

type Row = z.output<typeof pendingBondReturn>;

const typeName = (r: Row) => (r.bondReturnType === BOND_RETURN_TYPE.all ? '全部退还' : '退还超出部分');

const columns: TableColumnsType<Row> = [
  { title: '退还单号', dataIndex: 'bondReturnCode', key: 'bondReturnCode', width: 170 },
  {
    title: '类型',
    key: 'type',
    width: 120,
    render: (_, r) => <Tag color={r.bondReturnType === BOND_RETURN_TYPE.all ? 'red' : 'blue'}>{typeName(r)}</Tag>,
  },
  moneyColumn<Row>('退还金额', 'returnBondMoney', true),
  moneyColumn<Row>('当前保证金', 'bondMoney'),
  receivingColumn<Row>('收款账户'),
  remarkColumn<Row>(),
  timeColumn<Row>(),
];

/** 保证金退还审核: approval pays the refund out of the deposit (all of it closes buying again); rejection keeps it. */
export default function BondReturnsPage() {
  return (
    <ReviewQueue<Row>
      title="保证金退还审核"
      hint="转账到代理商收款账户后通过，可填写打款流水号备查；全部退还通过后，该代理商须重新缴纳保证金才能下单。"
      listOp={selectPendingBondReturns}
      reviewOp={reviewBondReturn}
      columns={columns}
      payout="optional"
      scrollX={1300}
      describe={(r) => ({
        code: r.bondReturnCode,
        amount: yuan(r.returnBondMoney),
        more: [
          { key: 'type', label: '类型', children: typeName(r) },
          { key: 'to', label: '收款账户', children: `${r.receiveAccountName} ${r.receiveAccountNumber} ${r.receiveBankName}` },
        ],
      })}
    />
  );
}
