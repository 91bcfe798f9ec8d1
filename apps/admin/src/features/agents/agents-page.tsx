import { useState } from 'react';
import { AGENT_STATUS } from '@shop/contract/agent-gate';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { searchAgents } from '@shop/contract/staff-agents';
import type { Reply } from '../../lib/api.js';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { useGrades } from './use-grades.js';
import { CreateAgentButton } from './agent-corrections.js';

type Row = Reply<typeof searchAgents>['objs'][number];
interface Filters {
  keyword?: string;
  gradeId?: number;
  agentStatus?: number;
  loginEnabled?: boolean;
}

type Flag = keyof Row['hasBalance'];
/** Exact for the roles that see the money; otherwise only whether the balance is nonzero (ADR 0025). */
const balance = (flag: Flag, unit: '¥' | '') => (v: string | number | null, r: Row) =>
  v === null ? (r.hasBalance[flag] ? '有' : '无') : `${unit}${v}`;

const columns: TableColumnsType<Row> = [
  {
    title: '代理商',
    key: 'agent',
    fixed: 'left',
    width: 200,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        <Typography.Text strong>{r.agentName}</Typography.Text>
        <Typography.Text type="secondary">
          {r.phone} · {r.agentCode}
        </Typography.Text>
      </Space>
    ),
  },
  { title: '等级', dataIndex: 'gradeName', width: 110 },
  {
    title: '状态',
    key: 'status',
    width: 170,
    render: (_, r) => (
      <Space size={4} wrap>
        {r.agentStatus === AGENT_STATUS.activated ? <Tag color="green">已激活</Tag> : <Tag>未充值</Tag>}
        {!r.isActive && <Tag color="orange">已退出</Tag>}
        {!r.loginEnabled && <Tag color="red">禁止登录</Tag>}
      </Space>
    ),
  },
  { title: '货款余额', dataIndex: 'lastStore', align: 'right', width: 130, render: balance('store', '¥') },
  { title: '总分收入', dataIndex: 'laveIncome', align: 'right', width: 130, render: balance('income', '¥') },
  { title: '积分', dataIndex: 'laveIntegral', align: 'right', width: 90, render: balance('integral', '') },
  { title: '保证金', dataIndex: 'bondMoney', align: 'right', width: 120, render: balance('bond', '¥') },
  { title: '邀请人', key: 'inviter', width: 160, render: (_, r) => (r.inviterName ? `${r.inviterName} ${r.inviterPhone}` : '—') },
  { title: '注册时间', dataIndex: 'createdAt', width: 170 },
];

/** 代理商管理: search by phone, name or code, grade, status and login; a row opens the agent's detail. */
export default function AgentsPage() {
  const navigate = useNavigate();
  const grades = useGrades();
  const [filters, setFilters] = useState<Filters>({});
  const { tableProps, query } = usePagedOp<typeof searchAgents, Row>(searchAgents, filters);

  const search = (v: Filters) => setFilters({ ...v, keyword: v.keyword?.trim() || undefined });
  return (
    <Card title="代理商管理" extra={<CreateAgentButton />}>
      <Form layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="keyword" label="关键词">
          <Input allowClear placeholder="手机号、姓名或代理编号" style={{ width: 220 }} maxLength={32} />
        </Form.Item>
        <Form.Item name="gradeId" label="等级">
          <Select allowClear placeholder="全部等级" style={{ width: 150 }} options={grades.options} loading={grades.isLoading} />
        </Form.Item>
        <Form.Item name="agentStatus" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 1, label: '已激活' },
              { value: 0, label: '未充值' },
            ]}
          />
        </Form.Item>
        <Form.Item name="loginEnabled" label="登录">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: true, label: '允许登录' },
              { value: false, label: '禁止登录' },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button htmlType="reset" onClick={() => setFilters({})}>
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<Row>
        rowKey="agentId"
        columns={columns}
        scroll={{ x: 1300 }}
        size="middle"
        {...tableProps}
        onRow={(r) => ({ onClick: () => navigate(`/agents/${r.agentId}`), style: { cursor: 'pointer' } })}
      />
    </Card>
  );
}
