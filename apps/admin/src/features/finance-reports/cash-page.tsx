import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Form, Space, Spin, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CASH_SUBJECT_NAMES, exportCashReport, selectCashReport, type CashSubject } from '@shop/contract/finance-reports';
import { QueryError } from '../../components/query-error.js';
import { call, type Reply } from '../../lib/api.js';
import { MUTED } from './muted.js';
import { CashChart } from './cash-chart.js';
import { ExportButton } from './export-button.js';

type Day = Reply<typeof selectCashReport>['objs'][number];
const SUBJECTS = Object.keys(CASH_SUBJECT_NAMES) as CashSubject[];
const money = (v: string) => (v === '0.00' ? <Typography.Text style={{ color: MUTED }}>0.00</Typography.Text> : v);

const fen = (v: string) => Math.round(Number(v) * 100);
const yuan = (f: number) => (f / 100).toFixed(2);
/** A sum with its parts by subject beneath it (only the parts that moved), so the table fits 1440 px. */
function bySubject(parts: Record<CashSubject, string>) {
  const moved = SUBJECTS.filter((s) => parts[s] !== '0.00');
  return (
    <Space direction="vertical" size={0}>
      {money(yuan(SUBJECTS.reduce((t, s) => t + fen(parts[s]), 0)))}
      {moved.map((s) => (
        <Typography.Text key={s} style={{ fontSize: 12, color: MUTED }}>
          {CASH_SUBJECT_NAMES[s]} {parts[s]}
        </Typography.Text>
      ))}
    </Space>
  );
}

const columns: TableColumnsType<Day> = [
  { title: '日期', dataIndex: 'day', width: 110 },
  { title: '微信收款', key: 'wx', width: 130, align: 'right', render: (_, d) => bySubject(d.wechatIn) },
  { title: '线下收款', key: 'off', width: 130, align: 'right', render: (_, d) => bySubject(d.offlineIn) },
  { title: '收入合计', dataIndex: 'moneyIn', width: 110, align: 'right', render: (v: string) => <strong>{v}</strong> },
  { title: '提现打款', dataIndex: 'withdrawalsPaid', width: 100, align: 'right', render: money },
  { title: '微信退款', dataIndex: 'refundsWechat', width: 100, align: 'right', render: money },
  { title: '合规金退还', dataIndex: 'refundsDeposit', width: 100, align: 'right', render: money },
  { title: '支出合计', dataIndex: 'moneyOut', width: 110, align: 'right', render: (v: string) => <strong>{v}</strong> },
  { title: '手续费留存', dataIndex: 'feesKept', width: 100, align: 'right', render: money },
  { title: '日末合规金', dataIndex: 'depositsHeld', width: 110, align: 'right' },
];

/** 资金日报 (ADR 0031): money in and out per China day, by subject and receiving account, with a chart and export. */
export default function CashPage() {
  const [range, setRange] = useState(() => ({ from: dayjs().subtract(6, 'day').format('YYYY-MM-DD'), to: dayjs().format('YYYY-MM-DD') }));
  const query = useQuery({ queryKey: ['selectCashReport', range], queryFn: () => call(selectCashReport, range) });
  const data = query.data;
  const search = (v: { days?: [Dayjs, Dayjs] | null }) => {
    if (v.days) setRange({ from: v.days[0].format('YYYY-MM-DD'), to: v.days[1].format('YYYY-MM-DD') });
  };
  const total = data?.obj.total;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="资金日报" extra={<Typography.Text style={{ color: MUTED }}>按北京时间自然日统计，单位：元；最长92天</Typography.Text>}>
        <Form layout="inline" onFinish={search} initialValues={{ days: [dayjs(range.from), dayjs(range.to)] }} style={{ marginBottom: 16 }}>
          <Form.Item name="days" label="日期" rules={[{ required: true, message: '请选择开始和结束日期' }]}>
            <DatePicker.RangePicker allowClear={false} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <ExportButton op={exportCashReport} input={range} disabled={!data} />
            </Space>
          </Form.Item>
        </Form>
        <QueryError error={query.error} retry={() => void query.refetch()} />
        {query.isLoading && <Spin tip="正在统计…"><div style={{ height: 120 }} /></Spin>}
        {data && <CashChart days={data.objs} />}
      </Card>
      {data && total && (
        <Card title="每日明细">
          <Table<Day>
            rowKey="day"
            size="small"
            bordered
            columns={columns}
            dataSource={[...data.objs, total]}
            pagination={false}
            locale={{ emptyText: '所选日期没有资金往来' }}
          />
          <Descriptions title="线下收款账户（合计）" size="small" column={1} style={{ marginTop: 16 }} styles={{ label: { color: MUTED } }}>
            {total.offlineByAccount.length === 0 ? (
              <Descriptions.Item label="线下收款">所选日期没有线下收款</Descriptions.Item>
            ) : (
              total.offlineByAccount.map((a) => (
                <Descriptions.Item key={a.account} label={a.account}>
                  ¥{a.amount}
                </Descriptions.Item>
              ))
            )}
          </Descriptions>
        </Card>
      )}
    </Space>
  );
}
