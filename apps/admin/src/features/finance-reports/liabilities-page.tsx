import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Spin, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { selectLiabilities } from '@shop/contract/finance-reports';
import { QueryError } from '../../components/query-error.js';
import { call, type Reply } from '../../lib/api.js';
import { GAIN, LOSS, MUTED } from './muted.js';

type Row = Reply<typeof selectLiabilities>['objs'][number];

const columns: TableColumnsType<Row> = [
  { title: '账户', dataIndex: 'accountName', width: 120 },
  { title: '代理商余额合计', dataIndex: 'balances', width: 160, align: 'right' },
  { title: '按流水重算', dataIndex: 'records', width: 160, align: 'right' },
  {
    title: '差额',
    dataIndex: 'difference',
    width: 120,
    align: 'right',
    render: (v: string, r) => (v === '0.00' && r.agents.length === 0 ? <Typography.Text style={{ color: GAIN }}>一致</Typography.Text> : <Typography.Text style={{ color: LOSS }}>{v}</Typography.Text>),
  },
  {
    title: '不一致的代理商',
    key: 'agents',
    render: (_, r) =>
      r.agents.length === 0
        ? '—'
        : r.agents.map((a) => (
            <div key={a.agentId}>
              {a.agentName}（{a.phone}）：余额 {a.balance}，流水 {a.records}
            </div>
          )),
  },
];

/** 负债核对 (ADR 0031): what headquarters owes the agents now, checked against the sum of the change records. */
export default function LiabilitiesPage() {
  const query = useQuery({ queryKey: ['selectLiabilities'], queryFn: () => call(selectLiabilities, {}) });
  const data = query.data;
  return (
    <Card
      title="负债核对"
      extra={
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          重新核对
        </Button>
      }
    >
      <QueryError error={query.error} retry={() => void query.refetch()} />
      {query.isLoading && <Spin tip="正在核对…"><div style={{ height: 120 }} /></Spin>}
      {data && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Space size={48}>
            <Statistic title={<span style={{ color: MUTED }}>应付代理商合计（元）</span>} value={data.obj.total} precision={2} />
            <Statistic title={<span style={{ color: MUTED }}>核对时间</span>} value={data.obj.at} />
          </Space>
          {data.obj.consistent ? (
            <Alert type="success" showIcon message="一致" description="各账户的代理商余额合计与按资金流水重算的合计相等，每个代理商也都一致。" />
          ) : (
            <Alert type="error" showIcon message="不一致" description={`${data.obj.verdict}。请在资金流水中按代理商查看其变动记录，并联系技术人员核查。`} />
          )}
          <Table<Row> rowKey="account" size="middle" columns={columns} dataSource={data.objs} pagination={false} />
        </Space>
      )}
    </Card>
  );
}
