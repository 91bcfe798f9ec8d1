import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Form, Input, Modal, Select, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  RECONCILE_KIND_TEXT,
  RECONCILE_STATE,
  RECONCILE_STATE_TEXT,
  RECONCILE_KINDS,
  resolveReconcileDiff,
  runReconcile,
  selectReconcileDiffs,
  type ReconcileAction,
  type ReconcileState,
  type ReconcileDiffItem,
} from '@shop/contract/reconcile';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';

type Row = ReconcileDiffItem;

const ACTION_TEXT: Record<ReconcileAction, { label: string; intro: string; reason: 'none' | 'required' }> = {
  credit: { label: '查询微信并入账', intro: '将向微信支付查询这笔支付：微信显示已支付且金额一致时，按原业务入账（只入账一次）；业务已关闭的会自动原路退款。', reason: 'none' },
  refund: { label: '退款', intro: '这笔微信支付将全额原路退回付款人（通过支付模块退款，只退一次）。只有订单已关闭或未入账的支付可以退款。', reason: 'required' },
  explain: { label: '标记已说明', intro: '差异已在系统外核实处理时使用。请写明核实结果，便于日后查账。', reason: 'required' },
};

/** Which actions fit a kind (ADR 0032); 标记已说明 always does. */
const ACTIONS_OF: Record<string, ReconcileAction[]> = {
  paid_not_credited: ['credit', 'refund', 'explain'],
  credited_not_at_wechat: ['credit', 'explain'],
  amount_differs: ['refund', 'explain'],
  refund_differs: ['refund', 'explain'],
};

const money = (v: string | null) => (v === null ? '—' : `¥${v}`);

function ResolveButton({ row, action }: { row: Row; action: ReconcileAction }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const a = ACTION_TEXT[action];
  const submit = async () => {
    const { reason = '' } = a.reason === 'required' ? await form.validateFields() : {};
    setBusy(true);
    try {
      const reply = await call(resolveReconcileDiff, { id: row.id, action, reason: reason.trim() });
      message.success(reply.msg || '已处理');
      setOpen(false);
    } catch (err) {
      // Refused (handled by someone else meanwhile, not paid at WeChat, …): say so and show the queue as it is now.
      message.error(err instanceof Error ? err.message : '操作失败，请重试');
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: [selectReconcileDiffs.name] });
    }
  };
  return (
    <>
      <Button size="small" type={action === 'credit' ? 'primary' : 'default'} danger={action === 'refund'} onClick={() => setOpen(true)}>
        {a.label}
      </Button>
      <Modal open={open} title={`${a.label}：${row.outTradeNo}`} okText="确认" confirmLoading={busy} onOk={submit} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph>{a.intro}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {row.kindText}：{row.detail}
        </Typography.Paragraph>
        {a.reason === 'required' && (
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item
              name="reason"
              label="处理说明"
              rules={[
                { required: true, whitespace: true, message: '请填写处理说明' },
                { max: 80, message: '处理说明不能超过80个字' },
              ]}
            >
              <Input.TextArea rows={3} maxLength={80} showCount autoFocus />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}

const columns = (open: boolean): TableColumnsType<Row> => [
  { title: '账单日', dataIndex: 'billDate', width: 110 },
  {
    title: '差异',
    dataIndex: 'kindText',
    render: (v: string, r) => (
      <Space direction="vertical" size={2}>
        <Tag color={r.kind === 'paid_not_credited' ? 'red' : r.kind === 'credited_not_at_wechat' ? 'orange' : 'gold'}>{v}</Tag>
        <span>{r.detail}</span>
      </Space>
    ),
  },
  {
    title: '商户订单号 / 业务',
    key: 'no',
    width: 230,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        <Typography.Text copyable>{r.outTradeNo}</Typography.Text>
        {r.outRefundNo && <Typography.Text type="secondary">退款单 {r.outRefundNo}</Typography.Text>}
        {r.subject && <Typography.Text type="secondary">{r.subject}</Typography.Text>}
      </Space>
    ),
  },
  { title: '代理商', key: 'agent', width: 130, render: (_, r) => (r.agentName ? <Space direction="vertical" size={0}><span>{r.agentName}</span><Typography.Text type="secondary">{r.agentPhone}</Typography.Text></Space> : '—') },
  { title: '微信金额', dataIndex: 'wechatAmount', width: 100, align: 'right', render: money },
  { title: '我方金额', dataIndex: 'ourAmount', width: 100, align: 'right', render: money },
  open
    ? {
        title: '处理',
        key: 'actions',
        width: 200,
        render: (_, r) => (
          <Space wrap size={[4, 4]}>
            {(ACTIONS_OF[r.kind] ?? ['explain']).map((a) => (
              <ResolveButton key={a} row={r} action={a} />
            ))}
          </Space>
        ),
      }
    : {
        title: '处理结果',
        key: 'result',
        width: 240,
        render: (_, r) => (
          <Space direction="vertical" size={0}>
            <Tag color="green">{r.resolutionText}</Tag>
            <Typography.Text type="secondary">
              {r.resolvedBy} · {r.resolvedDate}
            </Typography.Text>
            {r.reason && <span>{r.reason}</span>}
          </Space>
        ),
      },
];

/** 对账差异 (ADR 0032): what WeChat Pay's bills and our records disagree on, by day; finance resolves each once. */
export default function ReconcilePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ReconcileState>(RECONCILE_STATE.pending);
  const [kind, setKind] = useState<string>('');
  const [billDate, setBillDate] = useState<string>('');
  const [runDate, setRunDate] = useState<Dayjs | null>(dayjs().subtract(1, 'day'));
  const [running, setRunning] = useState(false);
  const { tableProps, query } = usePagedOp<typeof selectReconcileDiffs, Row>(selectReconcileDiffs, { state, kind: kind as never, billDate });

  const run = async () => {
    if (!runDate) return;
    setRunning(true);
    try {
      const reply = await call(runReconcile, { billDate: runDate.format('YYYY-MM-DD') });
      const o = reply.obj;
      message.success(`${o.billDate} 对账完成：账单 ${o.tradeRows} 笔交易、${o.refundRows} 笔退款，新增差异 ${o.added} 条`);
      void queryClient.invalidateQueries({ queryKey: [selectReconcileDiffs.name] });
    } catch (err) {
      message.error(err instanceof Error ? err.message : '对账失败，请重试');
    } finally {
      setRunning(false);
    }
  };

  return (
    <Card
      title="对账差异"
      extra={
        <Space>
          <DatePicker aria-label="对账日期" value={runDate} onChange={setRunDate} disabledDate={(d) => !d.isBefore(dayjs(), 'day')} allowClear={false} />
          <Button type="primary" loading={running} onClick={run}>
            下载账单并对账
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">每天上午 10 点后系统自动下载前一天的微信支付交易账单和退款账单，与我方记录逐笔核对；有差异的列在这里，逐条处理。</Typography.Paragraph>
      <Tabs
        activeKey={String(state)}
        onChange={(k) => setState(k === String(RECONCILE_STATE.handled) ? RECONCILE_STATE.handled : RECONCILE_STATE.pending)}
        items={[
          { key: String(RECONCILE_STATE.pending), label: RECONCILE_STATE_TEXT[RECONCILE_STATE.pending] },
          { key: String(RECONCILE_STATE.handled), label: RECONCILE_STATE_TEXT[RECONCILE_STATE.handled] },
        ]}
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <Select aria-label="差异类型" style={{ width: 220 }} value={kind} onChange={setKind} options={[{ value: '', label: '全部类型' }, ...RECONCILE_KINDS.map((k) => ({ value: k, label: RECONCILE_KIND_TEXT[k] }))]} />
        <DatePicker aria-label="账单日" placeholder="全部账单日" value={billDate ? dayjs(billDate) : null} onChange={(d) => setBillDate(d ? d.format('YYYY-MM-DD') : '')} />
      </Space>
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns(state === RECONCILE_STATE.pending)}
        locale={{ emptyText: <Empty description={state === RECONCILE_STATE.pending ? '没有待处理的差异' : '还没有处理过的差异'} /> }}
        {...tableProps}
      />
    </Card>
  );
}
