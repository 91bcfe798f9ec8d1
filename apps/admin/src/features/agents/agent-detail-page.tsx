import { Link, useParams } from 'react-router';
import { AGENT_STATUS } from '@shop/contract/agent-gate';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Result, Row, Skeleton, Space, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { selectAgentDetail } from '@shop/contract/staff-agents';
import { AGENT_RECORD_KIND_NAMES } from '@shop/contract/agent-records';
import { ORDER_STATE_TEXT } from '@shop/contract/orders';
import { QueryError } from '../../components/query-error.js';
import { call, type Reply } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { AgentActions } from './agent-actions.js';
import { AgentCorrectionActions } from './agent-corrections.js';
import { AgentChanges } from './agent-changes.js';
import { AgentMoneyRecords } from './agent-money-records.js';
import { FreezeStoreButton } from './freeze-store.js';
import { InviteTree } from './invite-tree.js';

type Detail = Reply<typeof selectAgentDetail>['obj'];
const SEX = ['女', '男', '保密'];

/** Exact balances for the roles that see the money; the others read only whether each is nonzero (ADR 0025). */
function Balances({ a }: { a: Detail['agent'] }) {
  if (a.lastStore === null) {
    const flags = [
      { title: '货款余额', on: a.hasBalance.store },
      { title: '总分收入', on: a.hasBalance.income },
      { title: '积分', on: a.hasBalance.integral },
      { title: '保证金', on: a.hasBalance.bond },
      { title: '冻结货款', on: a.hasBalance.frozen },
    ];
    return (
      <Card size="small" title="余额概况" extra={<Typography.Text type="secondary">金额与明细：无权查看</Typography.Text>} style={{ marginBottom: 16 }}>
        <Space size={24} wrap>
          {flags.map((f) => (
            <span key={f.title}>
              {f.title}：{f.on ? <Tag color="blue">有</Tag> : <Tag>无</Tag>}
            </span>
          ))}
        </Space>
      </Card>
    );
  }
  const cards = [
    { title: '货款余额', value: a.lastStore, prefix: '¥' },
    { title: '总分收入', value: a.laveIncome ?? '', prefix: '¥' },
    { title: '积分', value: String(a.laveIntegral ?? ''), prefix: '' },
    { title: '保证金', value: a.bondMoney ?? '', prefix: '¥' },
    { title: '冻结货款', value: a.frozenStore ?? '', prefix: '¥' },
    { title: '提现中', value: a.applyIncome ?? '', prefix: '¥' },
  ];
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      {cards.map((c) => (
        <Col span={4} key={c.title}>
          <Card size="small">
            <Statistic title={c.title} value={c.value} prefix={c.prefix || undefined} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Orders({ d }: { d: Detail }) {
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={d.recentOrders}
      footer={() => `共 ${d.counts.orders} 笔订单，此处显示最近 ${d.recentOrders.length} 笔；更多请到订单查询按手机号搜索。`}
      columns={[
        { title: '订单号', dataIndex: 'orderCode' },
        { title: '状态', dataIndex: 'circulationState', render: (s: number) => ORDER_STATE_TEXT[s] ?? s },
        { title: '实付金额', dataIndex: 'actualMoney', align: 'right', render: (v: string) => `¥${v}` },
        { title: '下单时间', dataIndex: 'createdAt' },
      ]}
    />
  );
}

/** 代理商详情: profile, balances and their change records, orders, the invitation tree, and the staff actions. */
export default function AgentDetailPage() {
  const agentId = Number(useParams().agentId);
  const query = useQuery({
    queryKey: ['selectAgentDetail', agentId],
    queryFn: () => call(selectAgentDetail, { agentId }),
    enabled: Number.isInteger(agentId) && agentId > 0,
  });
  if (query.isLoading) return <Skeleton active />;
  if (!query.data) {
    return query.error ? (
      <QueryError error={query.error} retry={() => query.refetch()} />
    ) : (
      <Result status="404" title="代理商不存在" extra={<Link to="/agents">返回代理商管理</Link>} />
    );
  }
  const d = query.data.obj;
  const a = d.agent;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Link to="/agents">代理商管理</Link>/<span>{a.agentName}</span>
            <Tag color="blue">{a.gradeName}</Tag>
            {a.agentStatus === AGENT_STATUS.activated ? <Tag color="green">已激活</Tag> : <Tag>未充值</Tag>}
            {!a.isActive && <Tag color="orange">{a.deactivatedAt ? `${a.deactivatedAt} 退保停用` : '已退出'}</Tag>}
            {a.loginEnabled ? <Tag color="green">允许登录</Tag> : <Tag color="red">禁止登录</Tag>}
          </Space>
        }
        // Balances are null only for roles that may not adjust them either (ADR 0025): the adjust dialog never opens there.
        extra={<AgentActions agent={{ ...a, lastStore: a.lastStore ?? '0.00', laveIncome: a.laveIncome ?? '0.00', laveIntegral: a.laveIntegral ?? 0 }} />}
      >
        <QueryError error={query.error} retry={() => query.refetch()} />
        <Descriptions column={3} size="small">
          <Descriptions.Item label="姓名">{a.agentName}</Descriptions.Item>
          <Descriptions.Item label="手机号">{a.phone}</Descriptions.Item>
          <Descriptions.Item label="代理编号">{a.agentCode}</Descriptions.Item>
          <Descriptions.Item label="等级">{a.gradeName}</Descriptions.Item>
          <Descriptions.Item label="微信号">{a.wxNumber || '—'}</Descriptions.Item>
          <Descriptions.Item label="性别">{SEX[a.sex] ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="生日">{a.birthDate || '—'}</Descriptions.Item>
          <Descriptions.Item label="邀请人">{a.inviterName ? `${a.inviterName} ${a.inviterPhone}` : '—'}</Descriptions.Item>
          <Descriptions.Item label="注册时间">{a.createdAt}</Descriptions.Item>
          <Descriptions.Item label="保证金">{a.needBond ? '待缴纳（暂不能进货、提现、转款）' : a.bondWaivedAt ? `${a.bondWaivedAt} 已免缴` : '无需缴纳或已缴纳'}</Descriptions.Item>
          <Descriptions.Item label="登录">{a.loginDisabledAt ? `${a.loginDisabledAt} 起禁止登录` : '允许登录'}</Descriptions.Item>
          <Descriptions.Item label="直接邀请">{d.counts.invitees} 人</Descriptions.Item>
        </Descriptions>
        <AgentCorrectionActions agent={a} />
      </Card>
      <Balances a={a} />
      <Card
        title="明细与记录"
        extra={staffSession.may('freezeStore') && a.lastStore !== null ? <FreezeStoreButton agent={{ agentId, phone: a.phone, lastStore: a.lastStore }} /> : null}
      >
        <Tabs
          items={[
            ...(staffSession.may('selectAgentChanges')
              ? [
                  { key: 'store', label: '货款余额明细', children: <AgentChanges agentId={agentId} account="store" /> },
                  { key: 'totalScore', label: '总分收入明细', children: <AgentChanges agentId={agentId} account="totalScore" /> },
                  { key: 'integral', label: '积分明细', children: <AgentChanges agentId={agentId} account="integral" /> },
                ]
              : []),
            // ADR 0033: the agent's money records by kind, for the roles that see the money
            ...(staffSession.may('selectAgentMoneyRecords')
              ? (['recharges', 'withdrawals', 'bonds', 'accounts', 'frozen'] as const).map((kind) => ({
                  key: kind,
                  label: AGENT_RECORD_KIND_NAMES[kind],
                  children: <AgentMoneyRecords agentId={agentId} kind={kind} />,
                }))
              : []),
            { key: 'orders', label: `订单（${d.counts.orders}）`, children: <Orders d={d} /> },
            { key: 'invites', label: '邀请关系', children: <InviteTree key={agentId} agent={a} chain={d.inviterChain} invitees={d.counts.invitees} /> },
          ]}
        />
      </Card>
    </Space>
  );
}
