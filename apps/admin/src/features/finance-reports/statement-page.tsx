import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Empty, Form, Select, Space, Spin, Table, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { exportAgentStatement, selectAgentStatement } from '@shop/contract/finance-reports';
import { searchAgents } from '@shop/contract/staff-agents';
import { QueryError } from '../../components/query-error.js';
import { call, type Reply } from '../../lib/api.js';
import { ExportButton } from './export-button.js';
import './statement-print.css';

type Account = Reply<typeof selectAgentStatement>['objs'][number];
type Input = { agentId: number; from: string; to: string };

/** Picks an agent by name or phone (finance may look agents up). */
function AgentPicker({ id, value, onChange }: { id?: string; value?: number; onChange?: (id: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['searchAgents', 'statement', keyword],
    queryFn: () => call(searchAgents, { keyword, phonePage: { pageNum: 1, pageSize: 20 } }),
    enabled: keyword.length > 0,
  });
  return (
    <Select
      id={id}
      showSearch
      value={value}
      placeholder="输入姓名或手机号搜索"
      filterOption={false}
      onSearch={(v) => setKeyword(v.trim())}
      onChange={onChange}
      loading={found.isFetching}
      notFoundContent={keyword ? '没有找到代理商' : '请输入姓名或手机号'}
      style={{ width: 240 }}
      options={(found.data?.objs ?? []).map((a) => ({ value: a.agentId, label: `${a.agentName}（${a.phone}）` }))}
    />
  );
}

function AccountBlock({ a }: { a: Account }) {
  return (
    <div className="statement-account">
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {a.accountName}：期初 {a.opening}，收入 {a.totalIn}，支出 {a.totalOut}，期末 {a.closing}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={a.movements}
        locale={{ emptyText: '本期没有变动' }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170 },
          { title: '变动类型', dataIndex: 'changeName', width: 150 },
          { title: '变动数额', dataIndex: 'amount', width: 120, align: 'right' },
          { title: '变动后余额', dataIndex: 'balanceAfter', width: 120, align: 'right' },
          { title: '单号', dataIndex: 'orderCode', width: 200 },
          { title: '备注', dataIndex: 'remark' },
        ]}
      />
    </div>
  );
}

/** 代理商对账单 (ADR 0031): per account the opening balance, every movement and the closing; export and print. */
export default function StatementPage() {
  const [params] = useSearchParams();
  const initialAgent = Number(params.get('agentId')) || undefined;
  const [input, setInput] = useState<Input | null>(null);
  const query = useQuery({ queryKey: ['selectAgentStatement', input], queryFn: () => call(selectAgentStatement, input!), enabled: input !== null });
  const data = query.data;
  const submit = (v: { agentId: number; days: [Dayjs, Dayjs] }) => setInput({ agentId: v.agentId, from: v.days[0].format('YYYY-MM-DD'), to: v.days[1].format('YYYY-MM-DD') });
  const moving = data?.objs.filter((a) => a.movements.length > 0 || (a.opening !== '0.00' && a.opening !== '0')) ?? [];
  return (
    <Card title="代理商对账单" className="statement-page">
      <Form
        layout="inline"
        className="statement-filters finance-filters"
        onFinish={submit}
        initialValues={{ agentId: initialAgent, days: [dayjs().startOf('month'), dayjs()] }}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item name="agentId" label="代理商" rules={[{ required: true, message: '请选择代理商' }]}>
          <AgentPicker />
        </Form.Item>
        <Form.Item name="days" label="期间" rules={[{ required: true, message: '请选择期间' }]}>
          <DatePicker.RangePicker allowClear={false} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              生成对账单
            </Button>
            {input && <ExportButton op={exportAgentStatement} input={input} disabled={!data} />}
            {data && (
              <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
                打印
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      {query.isFetching && !data && <Spin tip="正在生成…"><div style={{ height: 120 }} /></Spin>}
      {!input && <Empty description="选择代理商和期间后生成对账单" />}
      {data && (
        <div className="statement-sheet">
          <Descriptions title="对账单" size="small" column={3} bordered>
            <Descriptions.Item label="代理商">{data.obj.agentName}</Descriptions.Item>
            <Descriptions.Item label="手机号">{data.obj.phone}</Descriptions.Item>
            <Descriptions.Item label="期间">
              {data.obj.from} 至 {data.obj.to}
            </Descriptions.Item>
          </Descriptions>
          {moving.length === 0 ? <Empty description="本期各账户均无余额和变动" /> : moving.map((a) => <AccountBlock key={a.account} a={a} />)}
          <Typography.Paragraph style={{ marginTop: 16 }}>
            金额单位：元（积分为个）。期初余额 + 本期变动 = 期末余额。
          </Typography.Paragraph>
        </div>
      )}
    </Card>
  );
}
