import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Space, Spin, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { exportIncomeReport, selectIncomeReport } from '@shop/contract/finance-reports';
import { QueryError } from '../../components/query-error.js';
import { call, type Reply } from '../../lib/api.js';
import { MUTED } from './muted.js';
import { ExportButton } from './export-button.js';

type Row = Reply<typeof selectIncomeReport>['objs'][number];
const right = { align: 'right' as const, width: 120 };

const columns: TableColumnsType<Row> = [
  { title: '代理商', key: 'agent', render: (_, r) => <Space direction="vertical" size={0}><span>{r.agentName}</span><Typography.Text style={{ color: MUTED }}>{r.phone}</Typography.Text></Space> },
  { title: '销售收益（差价）', dataIndex: 'earnedSales', ...right, width: 140 },
  { title: '招募收益', dataIndex: 'earnedRecruitment', ...right },
  { title: '已解冻', dataIndex: 'released', ...right },
  { title: '已作废', dataIndex: 'voided', ...right },
  { title: '月末冻结', dataIndex: 'frozenAtEnd', ...right },
  { title: '已追回', dataIndex: 'clawedBack', ...right },
];

/** 收益月报 (ADR 0031): each agent's network income of a month, by kind, from the ledger. */
export default function IncomePage() {
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const query = useQuery({ queryKey: ['selectIncomeReport', month], queryFn: () => call(selectIncomeReport, { month }) });
  const data = query.data;
  return (
    <Card title="收益月报" extra={<Typography.Text style={{ color: MUTED }}>收益在订单收货后冻结期满解冻进入总分；单位：元</Typography.Text>}>
      <Form layout="inline" initialValues={{ month: dayjs(`${month}-01`) }} onFinish={(v: { month: Dayjs }) => setMonth(v.month.format('YYYY-MM'))} style={{ marginBottom: 16 }}>
        <Form.Item name="month" label="月份" rules={[{ required: true, message: '请选择月份' }]}>
          <DatePicker picker="month" allowClear={false} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <ExportButton op={exportIncomeReport} input={{ month }} disabled={!data || data.objs.length === 0} />
          </Space>
        </Form.Item>
      </Form>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      {query.isLoading ? (
        <Spin tip="正在统计…"><div style={{ height: 120 }} /></Spin>
      ) : (
        <Table<Row>
          rowKey="agentId"
          size="middle"
          columns={columns}
          dataSource={data?.objs ?? []}
          pagination={{ pageSize: 50, showTotal: (n) => `共 ${n} 位代理商` }}
          locale={{ emptyText: '本月没有收益记录' }}
          summary={() =>
            data && data.objs.length > 0 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <strong>合计</strong>
                </Table.Summary.Cell>
                {(['earnedSales', 'earnedRecruitment', 'released', 'voided', 'frozenAtEnd', 'clawedBack'] as const).map((key, i) => (
                  <Table.Summary.Cell key={key} index={i + 1} align="right">
                    <strong>{data.obj.total[key]}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
    </Card>
  );
}
