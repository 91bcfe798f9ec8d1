import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { selectAgentMoneyRecords, type AgentRecordKind, type AgentRecordRow } from '@shop/contract/agent-records';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';

const STATE_COLORS: Record<string, string> = { 已通过: 'green', 已打款: 'green', 已解冻: 'green', 默认: 'blue', 冻结中: 'orange', 待审核: 'gold', 待打款: 'gold', 已驳回: 'red', 已删除: 'default' };
const state = (v: string) => <Tag color={STATE_COLORS[v] ?? 'default'}>{v}</Tag>;
const money = (v: string) => (v ? `¥${v}` : '—');
const text = (v: string) => v || '—';

/** Columns per tab: what a clerk compares for that kind (ADR 0033), fitting the detail card at 1440 px. */
function columnsOf(kind: AgentRecordKind): TableColumnsType<AgentRecordRow> {
  const when = { title: '时间', dataIndex: 'createdAt', width: 170 };
  if (kind === 'accounts') {
    return [
      when,
      { title: '类型', dataIndex: 'typeText', width: 90 },
      { title: '银行 / 户名', dataIndex: 'account', render: text },
      { title: '账号', dataIndex: 'code', width: 220 },
      { title: '状态', dataIndex: 'stateText', width: 90, render: state },
    ];
  }
  if (kind === 'frozen') {
    return [
      when,
      { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: money },
      { title: '状态', dataIndex: 'stateText', width: 90, render: state },
      { title: '解冻', dataIndex: 'decidedAt', width: 190, render: text },
      { title: '备注', dataIndex: 'reason', ellipsis: true, render: text },
      { title: '操作人', dataIndex: 'account', width: 120, render: text },
    ];
  }
  return [
    { title: '时间', dataIndex: 'createdAt', width: 155 },
    { title: '单号', dataIndex: 'code', width: 170, render: (v: string) => <Typography.Text copyable={!!v}>{text(v)}</Typography.Text> },
    // A withdrawal is always 提现: the column is left out there to give the account room.
    ...(kind === 'withdrawals' ? [] : [{ title: '类型', dataIndex: 'typeText', width: 80 }]),
    {
      title: '金额',
      key: 'amount',
      width: 150,
      align: 'right',
      render: (_, r) => (
        <span>
          {money(r.amount)}
          {r.fee && r.fee !== '0.00' ? <Typography.Text type="secondary">（手续费 ¥{r.fee}）</Typography.Text> : null}
        </span>
      ),
    },
    { title: '状态', dataIndex: 'stateText', width: 80, render: state },
    { title: kind === 'recharges' ? '支付方式 / 付款账户' : '收款账户', dataIndex: 'account', ellipsis: { showTitle: true }, render: text },
    { title: '处理时间', dataIndex: 'decidedAt', width: 155, render: text },
    { title: kind === 'recharges' ? '支付流水' : '打款流水号', dataIndex: 'reference', width: 130, render: text },
    { title: '原因 / 备注', dataIndex: 'reason', width: 110, ellipsis: true, render: text },
  ];
}

/** One money tab of the agent detail: the agent's records of that kind, newest first, server-paged. */
export function AgentMoneyRecords({ agentId, kind }: { agentId: number; kind: AgentRecordKind }) {
  const { tableProps, query } = usePagedOp<typeof selectAgentMoneyRecords, AgentRecordRow>(selectAgentMoneyRecords, { agentId, kind }, { pageSize: 10 });
  return (
    <>
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<AgentRecordRow> rowKey="id" size="small" columns={columnsOf(kind)} tableLayout="fixed" {...tableProps} />
    </>
  );
}
