import { Table, Typography, type TableColumnsType } from 'antd';
import { selectAgentChanges, type AdjustableAccount } from '@shop/contract/staff-agents';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import type { Reply } from '../../lib/api.js';

type Row = Reply<typeof selectAgentChanges>['objs'][number];

/** One balance's change records, newest first, server-paged: the change's name (spec 3 §9), signed amount, balance after. */
export function AgentChanges({ agentId, account }: { agentId: number; account: AdjustableAccount }) {
  const { tableProps, query } = usePagedOp<typeof selectAgentChanges, Row>(selectAgentChanges, { agentId, account }, { pageSize: 10 });
  /** '-12.30' → '-¥12.30' (the sign before the currency), points as they are. */
  const money = (v: string) => (account === 'integral' ? v : v.startsWith('-') ? `-¥${v.slice(1)}` : `¥${v}`);
  const columns: TableColumnsType<Row> = [
    { title: '时间', dataIndex: 'createdAt', width: 180 },
    { title: '类型', dataIndex: 'changeName', width: 180 },
    {
      title: account === 'integral' ? '积分' : '金额',
      dataIndex: 'amount',
      align: 'right',
      width: 140,
      render: (v: string) => <Typography.Text type={v.startsWith('-') ? 'danger' : 'success'}>{v.startsWith('-') ? money(v) : `+${money(v)}`}</Typography.Text>,
    },
    { title: '变动后余额', dataIndex: 'balanceAfter', align: 'right', width: 140, render: money },
    { title: '订单号', dataIndex: 'orderCode', width: 200, render: (v: string) => v || '—' },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
  ];
  return (
    <>
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<Row> rowKey="id" size="small" columns={columns} {...tableProps} />
    </>
  );
}
