import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { AUDIT_TARGET_NAMES, AUDITED_OPERATION_NAMES, selectAuditLog, selectAuditStaff } from '@shop/contract/staff-agents';
import { STAFF_ROLE_NAMES, type StaffRole } from '@shop/contract/staff';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { call, type Reply } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

type Row = Reply<typeof selectAuditLog>['objs'][number];
interface Filters {
  operation?: string;
  staffId?: number;
  targetKind?: string;
  from?: string;
  to?: string;
}

const opName = (op: string) => AUDITED_OPERATION_NAMES[op] ?? op;

const columns: TableColumnsType<Row> = [
  { title: '时间', dataIndex: 'createdAt', width: 170, fixed: 'left' },
  {
    title: '操作人',
    key: 'who',
    width: 140,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        <span>{r.staffName}</span>
        <Typography.Text type="secondary">{STAFF_ROLE_NAMES[r.role as StaffRole] ?? r.role}</Typography.Text>
      </Space>
    ),
  },
  { title: '操作', dataIndex: 'operation', width: 130, render: (op: string) => <Tag color="blue">{opName(op)}</Tag> },
  {
    title: '对象',
    key: 'target',
    width: 200,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        <span>
          {AUDIT_TARGET_NAMES[r.targetKind] ?? r.targetKind} #{r.targetId}
        </span>
        {r.agentId !== null &&
          (staffSession.may('selectAgentDetail') ? (
            <Link to={`/agents/${r.agentId}`}>{r.agentName || `代理商 #${r.agentId}`}</Link>
          ) : (
            <Typography.Text type="secondary">{r.agentName}</Typography.Text>
          ))}
      </Space>
    ),
  },
  { title: '数额', dataIndex: 'amountText', width: 120, align: 'right', render: (v: string) => v || '—' },
  {
    title: '变更（前 → 后）',
    key: 'change',
    width: 200,
    render: (_, r) => (r.before || r.after ? `${r.before || '—'} → ${r.after || '—'}` : '—'),
  },
  { title: '原因', dataIndex: 'reason', width: 200, render: (v: string) => v || '—' },
  { title: '详情', dataIndex: 'detail', ellipsis: true, render: (v: string) => v || '—' },
  { title: 'IP', dataIndex: 'ip', width: 130 },
];

/** 操作日志: the append-only audit trail of every staff write, newest first; filters by operation, staff and days. */
export default function AuditPage() {
  const [filters, setFilters] = useState<Filters>({});
  const { tableProps, query } = usePagedOp<typeof selectAuditLog, Row>(selectAuditLog, filters);
  const staff = useQuery({ queryKey: ['selectAuditStaff'], queryFn: () => call(selectAuditStaff, {}), staleTime: 60_000 });

  const search = (v: { operation?: string; staffId?: number; targetKind?: string; days?: [Dayjs, Dayjs] | null }) =>
    setFilters({
      operation: v.operation,
      staffId: v.staffId,
      targetKind: v.targetKind,
      from: v.days?.[0]?.format('YYYY-MM-DD'),
      to: v.days?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <Card title="操作日志" extra={<Typography.Text type="secondary">记录只增不改，任何人都不能修改或删除</Typography.Text>}>
      <Form layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="operation" label="操作">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部操作"
            style={{ width: 180 }}
            options={Object.entries(AUDITED_OPERATION_NAMES).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="staffId" label="操作人">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部员工"
            style={{ width: 150 }}
            loading={staff.isLoading}
            options={(staff.data?.objs ?? []).map((s) => ({ value: s.staffId, label: s.staffName }))}
          />
        </Form.Item>
        <Form.Item name="targetKind" label="对象">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 130 }}
            options={Object.entries(AUDIT_TARGET_NAMES).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="days" label="日期">
          <DatePicker.RangePicker />
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
      <Table<Row> rowKey="id" size="middle" columns={columns} scroll={{ x: 1500 }} {...tableProps} />
    </Card>
  );
}
