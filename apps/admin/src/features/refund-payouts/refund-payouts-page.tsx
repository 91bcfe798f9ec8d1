import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Segmented, Table, Tag, Typography } from 'antd';
import { payRefundPayout, selectRefundPayouts, type RefundPayoutRow, REFUND_PAYOUT_STATE } from '@shop/contract/order-refunds';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

const PAGE_SIZE = 20;

/** 标记已打款: the transfer was made to the agent's account; its bank reference is required (ADR 0034). */
function PayButton({ row }: { row: RefundPayoutRow }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ payReference: string }>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { payReference } = await form.validateFields();
    setBusy(true);
    try {
      const reply = await call(payRefundPayout, { payoutId: row.id, payReference: payReference.trim() });
      message.success(reply.msg);
      setOpen(false);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '操作失败，请重试');
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: [selectRefundPayouts.name] });
    }
  };
  return (
    <>
      <Button type="primary" size="small" onClick={() => setOpen(true)}>
        标记已打款
      </Button>
      <Modal open={open} title={`打款 ¥${row.amount}`} okText="确认已打款" confirmLoading={busy} onOk={submit} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph>
          请先转账 ¥{row.amount} 到 {row.accountName || '（代理商未设置收款账户，请联系代理商）'} {row.accountNumber} {row.bankName}，再填写银行流水号。
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="payReference" label="打款流水号" rules={[{ required: true, whitespace: true, message: '请输入打款流水号' }, { max: 64, message: '打款流水号不能超过64个字' }]}>
            <Input maxLength={64} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 退款打款: the offline parts of order refunds, paid by finance to the agent's collection account like a withdrawal. */
export default function RefundPayoutsPage() {
  const [state, setState] = useState<0 | 1 | undefined>(REFUND_PAYOUT_STATE.pending);
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    queryKey: [selectRefundPayouts.name, state, pageNum],
    queryFn: () => call(selectRefundPayouts, { state, phonePage: { pageSize: PAGE_SIZE, pageNum } }),
  });
  const may = staffSession.may('payRefundPayout');
  return (
    <Card title="退款打款">
      <Typography.Paragraph type="secondary">线下支付的订单退款：按金额转账到代理商的收款账户后，填写打款流水号标记为已打款。</Typography.Paragraph>
      <Segmented<string>
        value={String(state ?? 'all')}
        onChange={(v) => {
          setState(v === 'all' ? undefined : (Number(v) as 0 | 1));
          setPageNum(1);
        }}
        options={[
          { label: '待打款', value: '0' },
          { label: '已打款', value: '1' },
          { label: '全部', value: 'all' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {query.error && <Alert type="error" showIcon message={query.error.message} action={<Button size="small" onClick={() => query.refetch()}>重试</Button>} style={{ marginBottom: 16 }} />}
      <Table<RefundPayoutRow>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.objs ?? []}
        locale={{ emptyText: '暂无打款任务' }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: query.data?.obj.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
        columns={[
          { title: '退款单号', dataIndex: 'refundCode', width: 230 },
          { title: '订单编号', dataIndex: 'orderCode', width: 200 },
          { title: '代理商', key: 'agent', render: (_, r) => `${r.agentName} ${r.agentPhone}` },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: string) => <Typography.Text strong>¥{v}</Typography.Text> },
          { title: '收款账户', key: 'account', render: (_, r) => (r.accountNumber ? `${r.accountName} ${r.accountNumber} ${r.bankName}` : <Tag color="warning">未设置收款账户</Tag>) },
          { title: '状态', key: 'state', render: (_, r) => <Tag color={r.state === REFUND_PAYOUT_STATE.pending ? 'orange' : 'green'}>{r.stateText}</Tag> },
          { title: '流水号 / 打款人', key: 'ref', render: (_, r) => (r.payReference ? `${r.payReference} · ${r.paidBy ?? ''} ${r.paidDate ?? ''}` : '—') },
          { title: '创建时间', dataIndex: 'createDate', width: 170 },
          ...(may ? [{ title: '操作', key: 'op', width: 110, render: (_: unknown, r: RefundPayoutRow) => r.state === REFUND_PAYOUT_STATE.pending && <PayButton row={r} /> }] : []),
        ]}
      />
    </Card>
  );
}
