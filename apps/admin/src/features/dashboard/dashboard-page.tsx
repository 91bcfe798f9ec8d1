import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Card, Col, Row, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { selectDashboardCounts, type DashboardQueue, type DashboardQueues } from '@shop/contract/staff-console';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { beep } from './beep.js';
import { CashToday } from './cash-today.js';
import { DeliveryCounts } from './delivery-counts.js';
import { PaidChart } from './paid-chart.js';
import { QUEUES, QueueCards } from './queue-cards.js';
import { useLiveCounts, type LiveState } from './use-live-counts.js';

const STATE_TAG: Record<LiveState, { color: string; text: string }> = {
  connecting: { color: 'default', text: '正在连接实时更新…' },
  live: { color: 'green', text: '实时更新中' },
  polling: { color: 'orange', text: '实时连接不可用，每30秒自动刷新' },
};

/** The work of the queues that grew since the last counts (none the first time). */
function grownQueues(before: DashboardQueues | null, now: DashboardQueues): DashboardQueue[] {
  if (!before) return [];
  return QUEUES.map((q) => q.key).filter((k) => now[k] !== undefined && (now[k] ?? 0) > (before[k] ?? 0));
}

/** 工作台: pending work per queue (live), today's paid orders, amount and new agents, the last 30 days. */
export default function DashboardPage() {
  const { notification } = App.useApp();
  const live = useLiveCounts();
  const query = useQuery({
    queryKey: ['selectDashboardCounts'],
    queryFn: () => call(selectDashboardCounts, {}),
    // Today's numbers and the chart refresh slowly; the queues come from the socket while it is live.
    refetchInterval: live.state === 'live' ? 60_000 : 30_000,
  });
  const data = query.data?.obj;
  const queues = live.state === 'live' && live.queues ? live.queues : data?.queues;

  const previous = useRef<DashboardQueues | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<DashboardQueue>>(new Set());
  useEffect(() => {
    if (!queues) return;
    const grown = grownQueues(previous.current, queues);
    previous.current = queues;
    if (grown.length === 0) return;
    beep();
    setFresh((s) => new Set([...s, ...grown]));
    notification.info({
      message: '有新的待办',
      description: grown.map((k) => `${QUEUES.find((q) => q.key === k)!.title}：${queues[k]} 项`).join('；'),
      placement: 'topRight',
    });
  }, [queues, notification]);

  const opened = (q: DashboardQueue) => setFresh((s) => new Set([...s].filter((k) => k !== q)));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      <Card
        title="待办事项"
        extra={<Tag color={STATE_TAG[live.state].color}>{STATE_TAG[live.state].text}</Tag>}
      >
        {queues ? (
          Object.keys(queues).length > 0 ? (
            <QueueCards queues={queues} fresh={fresh} onOpen={opened} />
          ) : (
            <Typography.Text type="secondary">您的角色没有需要处理的审核队列。</Typography.Text>
          )
        ) : (
          <Spin />
        )}
      </Card>
      {data && (
        <Row gutter={16}>
          <Col span={8}>
            <Card>
              <Statistic title="今日支付订单" value={data.today.paidOrders} suffix="单" />
            </Card>
          </Col>
          <Col span={8}>
            <Card>
              <Statistic title="今日支付金额" value={data.today.paidAmount} prefix="¥" precision={2} />
            </Card>
          </Col>
          <Col span={8}>
            <Card>
              <Statistic title="今日新增代理商" value={data.today.newAgents} suffix="人" />
            </Card>
          </Col>
        </Row>
      )}
      <CashToday />
      <DeliveryCounts />
      {data && (
        <Card title="近30天支付订单">
          <PaidChart days={data.last30Days} />
        </Card>
      )}
    </Space>
  );
}
