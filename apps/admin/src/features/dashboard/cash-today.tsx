import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { selectCashToday } from '@shop/contract/finance-reports';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

/** Today's money beside the order counts (ADR 0031), for the roles that see money (finance, admin; ADR 0025). */
export function CashToday() {
  const may = staffSession.may('selectCashToday');
  const query = useQuery({ queryKey: ['selectCashToday'], queryFn: () => call(selectCashToday, {}), enabled: may, refetchInterval: 60_000 });
  if (!may || !query.data) return null;
  const d = query.data.obj;
  return (
    <Row gutter={16}>
      {[
        ['今日资金收入', d.moneyIn],
        ['今日资金支出', d.moneyOut],
        ['今日手续费留存', d.feesKept],
        ['合规金余额', d.depositsHeld],
      ].map(([title, value]) => (
        <Col span={6} key={title}>
          <Card>
            <Statistic title={<span style={{ color: '#595959' }}>{title}</span>} value={value} prefix="¥" precision={2} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
