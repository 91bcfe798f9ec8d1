import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { selectDeliveryCounts } from '@shop/contract/notifications';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

/** Messages to agents per day (ADR 0037): in-app, and WeChat template messages by how they ended; admin only. */
export function DeliveryCounts() {
  const may = staffSession.may('selectDeliveryCounts');
  const query = useQuery({ queryKey: ['selectDeliveryCounts'], queryFn: () => call(selectDeliveryCounts, { days: 7 }), enabled: may, refetchInterval: 60_000 });
  if (!may) return null;
  return (
    <Card title="消息发送（近7天）" style={{ marginTop: 16 }}>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      <Table
        rowKey="date"
        size="small"
        loading={query.isLoading}
        pagination={false}
        dataSource={[...(query.data?.objs ?? [])].reverse()}
        columns={[
          { title: '日期', dataIndex: 'date' },
          { title: '站内消息', dataIndex: 'inApp' },
          { title: '微信已发送', dataIndex: 'sent' },
          { title: '未发（关闭/未绑定/无模板）', dataIndex: 'skipped' },
          { title: '待发送', dataIndex: 'pending' },
          { title: '发送失败', dataIndex: 'dead' },
        ]}
      />
    </Card>
  );
}
