import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { exportLedgerRecords, LEDGER_ACCOUNT_NAMES, LEDGER_ACCOUNTS, LEDGER_CODE_CATALOG, selectLedgerRecords, type LedgerAccount } from '@shop/contract/finance-reports';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import type { Reply } from '../../lib/api.js';
import { GAIN, LOSS, MUTED } from './muted.js';
import { ExportButton } from './export-button.js';
import './filters.css';

type Row = Reply<typeof selectLedgerRecords>['objs'][number];
interface Filters {
  keyword?: string;
  account?: LedgerAccount;
  changeName?: string;
  code?: string;
  from?: string;
  to?: string;
}
interface Fields extends Omit<Filters, 'from' | 'to'> {
  days?: [Dayjs, Dayjs] | null;
}

const columns: TableColumnsType<Row> = [
  { title: '时间', dataIndex: 'createdAt', width: 160 },
  { title: '代理商', key: 'agent', width: 150, render: (_, r) => <Space direction="vertical" size={0}><span>{r.agentName}</span><Typography.Text style={{ color: MUTED }}>{r.phone}</Typography.Text></Space> },
  { title: '账户', dataIndex: 'accountName', width: 90, render: (v: string) => <Tag>{v}</Tag> },
  { title: '变动类型', dataIndex: 'changeName', width: 140 },
  {
    title: '变动数额',
    dataIndex: 'amount',
    width: 120,
    align: 'right',
    render: (v: string) => <Typography.Text style={{ color: v.startsWith('-') ? LOSS : GAIN }}>{v.startsWith('-') ? v : `+${v}`}</Typography.Text>,
  },
  { title: '变动后余额', dataIndex: 'balanceAfter', width: 120, align: 'right' },
  { title: '单号', dataIndex: 'orderCode', width: 200, render: (v: string) => v || '—' },
  { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '—' },
];

/** 资金流水 (ADR 0031): every change record of every agent and account, newest first, with the change names. */
export default function LedgerPage() {
  const [form] = Form.useForm<Fields>();
  const [filters, setFilters] = useState<Filters>({});
  const account = Form.useWatch('account', form);
  const { tableProps, query, total } = usePagedOp<typeof selectLedgerRecords, Row>(selectLedgerRecords, filters);
  const names = [...new Set(LEDGER_CODE_CATALOG.filter((c) => !account || c.account === account).map((c) => c.name))];

  const search = (v: Fields) =>
    setFilters({
      keyword: v.keyword?.trim() || undefined,
      account: v.account,
      changeName: v.changeName,
      code: v.code?.trim() || undefined,
      from: v.days?.[0]?.format('YYYY-MM-DD'),
      to: v.days?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <Card title="资金流水" extra={<Typography.Text style={{ color: MUTED }}>每一笔余额变动都有记录，金额单位：元（积分为个）</Typography.Text>}>
      <Form form={form} layout="inline" className="finance-filters" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="keyword" label="代理商">
          <Input placeholder="姓名或手机号" style={{ width: 150 }} maxLength={32} />
        </Form.Item>
        <Form.Item name="account" label="账户">
          <Select
            allowClear
            placeholder="全部账户"
            style={{ width: 120 }}
            options={LEDGER_ACCOUNTS.map((a) => ({ value: a, label: LEDGER_ACCOUNT_NAMES[a] }))}
            onChange={() => form.setFieldValue('changeName', undefined)}
          />
        </Form.Item>
        <Form.Item name="changeName" label="变动类型">
          <Select allowClear showSearch placeholder="全部类型" style={{ width: 160 }} options={names.map((n) => ({ value: n, label: n }))} />
        </Form.Item>
        <Form.Item name="code" label="单号">
          <Input placeholder="订单号、提现单号等" style={{ width: 170 }} maxLength={40} />
        </Form.Item>
        <Form.Item name="days" label="日期">
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button htmlType="reset" onClick={() => setFilters({})}>
              重置
            </Button>
            <ExportButton op={exportLedgerRecords} input={filters} disabled={total === 0} />
          </Space>
        </Form.Item>
      </Form>
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<Row> rowKey="id" size="middle" columns={columns} locale={{ emptyText: '没有符合条件的资金流水' }} {...tableProps} />
    </Card>
  );
}
