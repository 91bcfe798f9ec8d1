import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { selectAuditLog, selectAuditStaff } from '@shop/contract/audit-trail';
import { AUDIT_OPERATION_NAMES, AUDIT_TARGET_KIND_NAMES, exportAuditLog } from '@shop/contract/audit-log';
import { STAFF_ROLE_NAMES, type StaffRole } from '@shop/contract/staff';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { call, type Reply } from '../../lib/api.js';
import { saveBase64 } from '../../lib/save-file.js';
import { staffSession } from '../../lib/session.js';

type Row = Reply<typeof selectAuditLog>['objs'][number];
interface Filters {
  operation?: string;
  staffId?: number;
  targetKind?: string;
  from?: string;
  to?: string;
}

const columns: TableColumnsType<Row> = [
  {
    title: '时间',
    key: 'when',
    width: 150,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        <span>{r.createdAt}</span>
        <Typography.Text type="secondary">{r.ip}</Typography.Text>
      </Space>
    ),
  },
  {
    title: '操作人',
    key: 'who',
    width: 100,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        <span>{r.staffDisplayName}</span>
        <Typography.Text type="secondary">
          {STAFF_ROLE_NAMES[r.role as StaffRole] ?? r.role} · {r.staffName}
        </Typography.Text>
      </Space>
    ),
  },
  { title: '操作', dataIndex: 'operationName', width: 120, render: (v: string) => <Tag color="blue">{v}</Tag> },
  {
    title: '对象',
    key: 'target',
    width: 180,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        <Typography.Text type="secondary">{r.targetKindName}</Typography.Text>
        <span style={{ wordBreak: 'break-all' }}>{r.targetLabel}</span>
        {r.agentId !== null &&
          (staffSession.may('selectAgentDetail') ? (
            <Link to={`/agents/${r.agentId}`}>{r.agentName || '代理商详情'}</Link>
          ) : (
            <Typography.Text type="secondary">{r.agentName}</Typography.Text>
          ))}
      </Space>
    ),
  },
  { title: '数额', dataIndex: 'amountText', width: 90, align: 'right', render: (v: string) => v || '—' },
  {
    title: '变更（前 → 后）',
    key: 'change',
    width: 150,
    render: (_, r) => (r.beforeText || r.afterText ? `${r.beforeText || '—'} → ${r.afterText || '—'}` : '—'),
  },
  { title: '原因', dataIndex: 'reason', width: 120, render: (v: string) => v || '—' },
  {
    title: '明细',
    key: 'fields',
    render: (_, r) =>
      r.fields.length ? (
        <dl className="audit-fields" style={{ margin: 0 }}>
          {r.fields.map((f, i) => (
            <div key={i} style={{ display: 'flex', gap: 4 }}>
              <dt style={{ color: 'rgba(0,0,0,0.55)', flex: 'none' }}>{f.label}：</dt>
              <dd style={{ margin: 0, wordBreak: 'break-all' }}>{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        '—'
      ),
  },
];

/** 操作日志: the append-only audit trail of every staff write, newest first; filters by operation, staff and days. */
export default function AuditPage() {
  const [filters, setFilters] = useState<Filters>({});
  const { tableProps, query } = usePagedOp<typeof selectAuditLog, Row>(selectAuditLog, filters);
  const staff = useQuery({ queryKey: ['selectAuditStaff'], queryFn: () => call(selectAuditStaff, {}), staleTime: 60_000 });
  const [exporting, setExporting] = useState(false);
  const { message } = App.useApp();
  const exportRows = async () => {
    setExporting(true);
    try {
      const reply = await call(exportAuditLog, filters);
      saveBase64(reply.obj.base64, reply.obj.fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      message.success(`已导出${reply.obj.rows}条记录`);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '导出失败，请重试');
    } finally {
      setExporting(false);
    }
  };

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
            options={Object.entries(AUDIT_OPERATION_NAMES).map(([value, label]) => ({ value, label }))}
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
            options={Object.entries(AUDIT_TARGET_KIND_NAMES).map(([value, label]) => ({ value, label }))}
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
            {staffSession.may('exportAuditLog') && (
              <Button onClick={exportRows} loading={exporting}>
                导出 Excel
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<Row> rowKey="id" size="middle" columns={columns} tableLayout="fixed" {...tableProps} />
    </Card>
  );
}
