import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Descriptions, Space, Table, Typography, type DescriptionsProps, type TableColumnsType } from 'antd';
import type { Operation, OpInput } from '@shop/contract/operation';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { staffSession } from '../../lib/session.js';
import { agentColumn } from './columns.js';
import { ReviewModal, type Decision, type PayoutField } from '../../components/review-modal.js';
import { call } from '../../lib/api.js';

interface QueueRow {
  id: number;
  agentName: string;
  agentPhone: string;
  agentCode: string;
}

interface Props<Row extends QueueRow> {
  title: string;
  hint: string;
  listOp: Operation;
  reviewOp: Operation;
  /** The queue's own columns (the agent comes first, the actions last). */
  columns: TableColumnsType<Row>;
  /** The code and amount of an item, as the dialog repeats them. */
  describe(row: Row): { code: string; amount: string; more?: DescriptionsProps['items'] };
  payout?: PayoutField;
  scrollX?: number;
}

/** One money review queue: the pending items oldest first, server-paged, each approved or rejected in a dialog. */
export function ReviewQueue<Row extends QueueRow>({ title, hint, listOp, reviewOp, columns, describe, payout, scrollX = 1300 }: Props<Row>) {
  const queryClient = useQueryClient();
  const { tableProps, query, total } = usePagedOp<Operation, Row>(listOp, {} as Omit<OpInput<Operation>, 'phonePage'>, { refetchInterval: 30_000 });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [row, setRow] = useState<Row | null>(null);
  const mayReview = staffSession.may(reviewOp.name);

  const open = (r: Row, approve: boolean) => {
    setRow(r);
    setDecision({ id: r.id, approve });
  };
  const actions: TableColumnsType<Row>[number] = {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    width: 150,
    render: (_, r) => (
      <Space>
        <Button type="primary" size="small" onClick={() => open(r, true)} aria-label={`通过 ${r.agentName}`}>
          通过
        </Button>
        <Button danger size="small" onClick={() => open(r, false)} aria-label={`驳回 ${r.agentName}`}>
          驳回
        </Button>
      </Space>
    ),
  };
  const d = row ? describe(row) : null;

  return (
    <Card
      title={
        <Space>
          {title}
          <Badge count={total} showZero color={total ? undefined : '#bbb'} overflowCount={999} />
        </Space>
      }
      extra={
        <Button onClick={() => query.refetch()} loading={query.isFetching}>
          刷新
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<Row>
        rowKey="id"
        size="middle"
        scroll={{ x: scrollX }}
        columns={[agentColumn<Row>(), ...columns, ...(mayReview ? [actions] : [])]}
        locale={{ emptyText: query.error ? '加载失败' : '暂无待审核的申请' }}
        {...tableProps}
      />
      <ReviewModal
        decision={decision}
        send={(d, fields) => call(reviewOp, { id: d.id, approve: d.approve, ...fields } as OpInput<typeof reviewOp>)}
        payout={payout}
        summary={
          row &&
          d && (
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'agent', label: '代理商', children: `${row.agentName} ${row.agentPhone}` },
                { key: 'code', label: '单号', children: d.code },
                { key: 'amount', label: '金额', children: <Typography.Text strong>{d.amount}</Typography.Text> },
                ...(d.more ?? []),
              ]}
            />
          )
        }
        onClose={() => setDecision(null)}
        onDecided={() => queryClient.invalidateQueries({ queryKey: [listOp.name] })}
      />
    </Card>
  );
}
