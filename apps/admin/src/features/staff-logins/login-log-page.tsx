import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { selectStaffLoginLog } from '@shop/contract/staff-sessions';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import type { Reply } from '../../lib/api.js';

type Row = Reply<typeof selectStaffLoginLog>['objs'][number];
interface Filters {
  username?: string;
  outcome?: 'ok' | 'failed';
  ip?: string;
  from?: string;
  to?: string;
}

const columns: TableColumnsType<Row> = [
  { title: '时间', dataIndex: 'createdAt', width: 170 },
  {
    title: '账号',
    key: 'who',
    width: 180,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        <span>{r.username}</span>
        <Typography.Text type="secondary">{r.displayName || '（无此账号）'}</Typography.Text>
      </Space>
    ),
  },
  {
    title: '结果',
    key: 'result',
    width: 200,
    render: (_, r) => (r.success ? <Tag color="green">{r.resultText}</Tag> : <Tag color="red">失败：{r.resultText}</Tag>),
  },
  { title: 'IP', dataIndex: 'ip', width: 150 },
  { title: '浏览器', dataIndex: 'userAgent', ellipsis: true, render: (v: string) => v || '—' },
];

/** 登录日志 (ADR 0033): every staff login attempt, newest first: who, when, from where, success or why not. Admin only. */
export default function LoginLogPage() {
  const [filters, setFilters] = useState<Filters>({});
  const { tableProps, query } = usePagedOp<typeof selectStaffLoginLog, Row>(selectStaffLoginLog, filters);
  const search = (v: { username?: string; outcome?: 'ok' | 'failed'; ip?: string; days?: [Dayjs, Dayjs] | null }) =>
    setFilters({
      username: v.username?.trim() || undefined,
      outcome: v.outcome,
      ip: v.ip?.trim() || undefined,
      from: v.days?.[0]?.format('YYYY-MM-DD'),
      to: v.days?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <Card title="登录日志" extra={<Typography.Text type="secondary">每次登录（成功或失败）都会记录，不能修改或删除</Typography.Text>}>
      <Form layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="username" label="账号">
          <Input placeholder="登录时输入的账号" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="outcome" label="结果">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 'ok', label: '成功' },
              { value: 'failed', label: '失败' },
            ]}
          />
        </Form.Item>
        <Form.Item name="ip" label="IP">
          <Input style={{ width: 160 }} />
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
      <Table<Row> rowKey="id" size="middle" columns={columns} tableLayout="fixed" {...tableProps} />
    </Card>
  );
}
