import { Link } from 'react-router';
import { Badge, Card, Col, Row, Statistic } from 'antd';
import type { DashboardQueue, DashboardQueues } from '@shop/contract/staff-console';

/** Each queue, with the page that works it (the route table's paths). */
export const QUEUES: { key: DashboardQueue; title: string; path: string }[] = [
  { key: 'offlinePayments', title: '线下支付待审核', path: '/queues/offline-payments' },
  { key: 'toShip', title: '待发货订单', path: '/shipping' },
  { key: 'recharges', title: '首充与升级待审核', path: '/queues/recharges' },
  { key: 'withdrawals', title: '提现待审核', path: '/queues/withdrawals' },
  { key: 'bonds', title: '保证金缴纳待审核', path: '/queues/bonds' },
  { key: 'bondReturns', title: '保证金退还待审核', path: '/queues/bond-returns' },
  { key: 'openChats', title: '进行中的客服会话', path: '/chat' },
];

/** One card per queue the member may open (the server sends only those); a badge on those that grew. */
export function QueueCards({ queues, fresh, onOpen }: { queues: DashboardQueues; fresh: ReadonlySet<DashboardQueue>; onOpen: (q: DashboardQueue) => void }) {
  const shown = QUEUES.filter((q) => queues[q.key] !== undefined);
  return (
    <Row gutter={[16, 16]}>
      {shown.map((q) => (
        <Col key={q.key} xs={24} sm={12} lg={8} xl={6}>
          <Link to={q.path} onClick={() => onOpen(q.key)} aria-label={q.title}>
            <Badge.Ribbon text="有新待办" color="red" style={{ display: fresh.has(q.key) ? undefined : 'none' }}>
              <Card hoverable data-testid={`queue-${q.key}`}>
                <Statistic title={q.title} value={queues[q.key] ?? 0} suffix="项" />
              </Card>
            </Badge.Ribbon>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
