import { useState, type CSSProperties } from 'react';
import { CHECK_STATE } from '@shop/contract/order-state';
import { RECHARGE_PAY_TYPE } from '@shop/contract/upgrade';
import { useQueryClient } from '@tanstack/react-query';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Form, Input, Segmented, Select, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  exportMoneyHistory,
  exportPayoutBatch,
  MONEY_QUEUE_NAMES,
  MONEY_QUEUES,
  MONEY_TABS,
  moneyTabName,
  selectMoneyHistory,
  type MoneyHistoryRow,
  type MoneyQueue,
  type MoneyTab,
} from '@shop/contract/money-history';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { saveBase64 } from '../../lib/save-file.js';
import { staffSession } from '../../lib/session.js';
import { VoucherImages as Vouchers } from '../../components/vouchers.js';
import { PayoutImport } from './payout-import.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface FilterFields {
  keyword?: string;
  code?: string;
  minAmount?: string;
  maxAmount?: string;
  dateKind?: 'submitted' | 'decided';
  dates?: [Dayjs | null, Dayjs | null] | null;
}
type Filters = { keyword?: string; code?: string; minAmount?: string; maxAmount?: string; dateKind: 'submitted' | 'decided'; from?: string; to?: string };

const toFilters = (f: FilterFields): Filters => ({
  keyword: f.keyword?.trim() || undefined,
  code: f.code?.trim() || undefined,
  minAmount: f.minAmount?.trim() || undefined,
  maxAmount: f.maxAmount?.trim() || undefined,
  dateKind: f.dateKind ?? 'submitted',
  from: f.dates?.[0]?.format('YYYY-MM-DD'),
  to: f.dates?.[1]?.format('YYYY-MM-DD'),
});

/** Tag colours dark enough for WCAG AA on their light backgrounds. */
const TAB_STYLE: Record<MoneyTab, CSSProperties> = {
  pending: { color: '#003a8c', background: '#e6f4ff', borderColor: '#91caff' },
  approved: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  rejected: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
};
const small = { fontSize: 12 } as const;
/** antd's secondary grey (#8c8c8c) fails WCAG AA contrast on white; this one passes. */
const muted = { color: '#595959' } as const;
const mutedSmall = { ...small, ...muted } as const;
const YUAN = /^(\d{1,11}(\.\d{1,2})?)?$/;

type Account = MoneyHistoryRow['agentAccount'];
function AccountCell({ a, none }: { a: Account; none: string }) {
  if (!a) return <Typography.Text style={muted}>{none}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
      <Typography.Text>{a.name || '—'}</Typography.Text>
      <Typography.Text copyable={{ text: a.number }} style={small}>
        {a.number}
      </Typography.Text>
      {a.bank && (
        <Typography.Text style={mutedSmall}>
          {a.bank}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Which side's account each queue shows (ADR 0030): vouchers name both; payouts go from us to the agent's account. */
const paysOut = (q: MoneyQueue) => q === 'withdrawal' || q === 'bondReturn';

/**
 * 资金审核记录 (ADR 0030): the five money queues before and after their decision — tabs, search, server paging, XLSX
 * export; for withdrawals the bank batch-payment file of the selected 待打款 rows and the import of the bank's result.
 */
export default function MoneyHistoryPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FilterFields>();
  const [queue, setQueue] = useState<MoneyQueue>('withdrawal');
  const [tab, setTab] = useState<MoneyTab>('pending');
  const [filters, setFilters] = useState<Filters>({ dateKind: 'submitted' });
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<'export' | 'batch' | null>(null);
  const input = { queue, tab, ...filters };
  const { tableProps, query } = usePagedOp<typeof selectMoneyHistory, MoneyHistoryRow>(selectMoneyHistory, input);
  const batchMode = queue === 'withdrawal' && tab === 'pending' && staffSession.may('exportPayoutBatch');

  const download = async (kind: 'export' | 'batch') => {
    setBusy(kind);
    try {
      const reply = kind === 'export' ? await call(exportMoneyHistory, input) : await call(exportPayoutBatch, { ids: selected });
      saveBase64(reply.obj.base64, reply.obj.fileName, XLSX);
      message.success(kind === 'export' ? `已导出${reply.obj.rows}条记录` : `已生成${reply.obj.rows}笔的批量打款文件，请到网银上传`);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '导出失败，请重试');
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumnsType<MoneyHistoryRow> = [
    {
      title: '提交时间',
      dataIndex: 'createDate',
      key: 'createDate',
      width: 100,
      render: (v: string) => (
        <Space orientation="vertical" size={0}>
          <span>{v.slice(0, 10)}</span>
          <Typography.Text style={mutedSmall}>
            {v.slice(11)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '代理商',
      key: 'agent',
      width: 120,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{r.agentName || '（未填写姓名）'}</Typography.Text>
          <Typography.Text style={muted}>{r.agentPhone}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '单号',
      key: 'code',
      width: 150,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.code}</Typography.Text>
          <Typography.Text style={mutedSmall}>
            {r.kindText}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '金额',
      key: 'amount',
      align: 'right',
      width: 120,
      render: (_, r) =>
        queue === 'withdrawal' ? (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>¥{r.arrival}</Typography.Text>
            <Typography.Text style={mutedSmall}>提现 ¥{r.amount}</Typography.Text>
            <Typography.Text style={mutedSmall}>手续费 ¥{r.fee}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text strong>¥{r.amount}</Typography.Text>
        ),
    },
    { title: paysOut(queue) ? '代理商收款账户' : '代理商打款账户', key: 'agentAccount', width: 180, render: (_, r) => <AccountCell a={r.agentAccount} none="—" /> },
    {
      title: '平台收款账户',
      key: 'platformAccount',
      width: 150,
      render: (_, r) => <AccountCell a={r.platformAccount} none={paysOut(queue) ? '付款（不适用）' : r.payType === RECHARGE_PAY_TYPE.wechat ? '微信支付' : r.payType === RECHARGE_PAY_TYPE.income ? '总分支付' : '—'} />,
    },
    ...(paysOut(queue) ? [] : [{ title: '凭证', key: 'voucher', width: 90, render: (_: unknown, r: MoneyHistoryRow) => <Vouchers urls={r.voucherImgUrl} /> }]),
    {
      title: '审核',
      key: 'decision',
      width: 180,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Tag style={TAB_STYLE[tab]}>{r.stateText}</Tag>
          {r.decidedAt && (
            <Typography.Text style={mutedSmall}>
              {r.decidedBy || '—'} · {r.decidedAt}
            </Typography.Text>
          )}
          {r.checkState === CHECK_STATE.rejected && r.reason && (
            <Typography.Text style={small} ellipsis={{ tooltip: r.reason }}>
              原因：{r.reason}
            </Typography.Text>
          )}
          {r.payoutReference && (
            <Typography.Text style={small} copyable={{ text: r.payoutReference }}>
              流水号：{r.payoutReference}
            </Typography.Text>
          )}
        </Space>
      ),
    },
  ];

  const reset = () => {
    form.resetFields();
    setFilters({ dateKind: 'submitted' });
  };

  return (
    <Card title="资金审核记录">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Segmented<MoneyQueue>
          value={queue}
          onChange={(q) => {
            setQueue(q);
            setSelected([]);
          }}
          options={MONEY_QUEUES.map((q) => ({ value: q, label: MONEY_QUEUE_NAMES[q] }))}
          aria-label="审核类型"
        />
        <Form form={form} layout="inline" onFinish={(f) => setFilters(toFilters(f))} style={{ rowGap: 12 }} initialValues={{ dateKind: 'submitted' }}>
          <Form.Item name="keyword" label="代理商">
            <Input allowClear placeholder="姓名或手机号" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="code" label="单号">
            <Input allowClear placeholder="单号或开头" style={{ width: 170 }} />
          </Form.Item>
          <Form.Item label="金额（元）" style={{ marginInlineEnd: 16 }}>
            <Space.Compact>
              <Form.Item name="minAmount" noStyle rules={[{ pattern: YUAN, message: '请输入正确的金额（元，最多两位小数）' }]}>
                <Input allowClear placeholder="最低" aria-label="最低金额" style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name="maxAmount" noStyle rules={[{ pattern: YUAN, message: '请输入正确的金额（元，最多两位小数）' }]}>
                <Input allowClear placeholder="最高" aria-label="最高金额" style={{ width: 90 }} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="dateKind" label="日期">
            <Select
              aria-label="按哪个日期"
              style={{ width: 110 }}
              options={[
                { value: 'submitted', label: '提交日期' },
                { value: 'decided', label: '审核日期' },
              ]}
            />
          </Form.Item>
          <Form.Item name="dates">
            <DatePicker.RangePicker allowEmpty={[true, true]} aria-label="日期范围" style={{ width: 240 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={reset}>重置</Button>
            <Button icon={<DownloadOutlined />} loading={busy === 'export'} onClick={() => void download('export')}>
              导出
            </Button>
          </Space>
        </Form>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as MoneyTab);
            setSelected([]);
          }}
          items={MONEY_TABS.map((t) => ({ key: t, label: moneyTabName(queue, t) }))}
        />
        {batchMode && (
          <Space>
            <Button type="primary" disabled={selected.length === 0} loading={busy === 'batch'} onClick={() => void download('batch')}>
              导出批量打款文件{selected.length ? `（${selected.length}笔）` : ''}
            </Button>
            <PayoutImport
              onImported={() => {
                setSelected([]);
                void queryClient.invalidateQueries({ queryKey: [selectMoneyHistory.name] });
              }}
            />
            <Typography.Text style={muted}>勾选待打款的提现单导出网银批量付款文件；付款后导入银行回单，逐笔标记已打款或驳回。</Typography.Text>
          </Space>
        )}
        <QueryError error={query.error} retry={() => query.refetch()} />
        <Table<MoneyHistoryRow>
          rowKey="id"
          size="middle"
          tableLayout="fixed"
          columns={columns}
          rowSelection={batchMode ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), columnWidth: 40 } : undefined}
          locale={{ emptyText: <Typography.Text style={muted}>{query.error ? '加载失败' : `没有${moneyTabName(queue, tab)}的${MONEY_QUEUE_NAMES[queue]}记录`}</Typography.Text> }}
          {...tableProps}
        />
      </Space>
    </Card>
  );
}
