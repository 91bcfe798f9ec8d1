import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Drawer, Image, Input, Modal, Popconfirm, Segmented, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import {
  AFTER_SALE_STATE,
  AFTER_SALE_STATE_TEXT,
  previewAfterSaleRefund,
  receiveAfterSaleReturn,
  refundAfterSale,
  reviewAfterSale,
  searchAfterSales,
  selectStaffAfterSaleDetail,
  AFTER_SALE_KIND,
} from '@shop/contract/after-sale';
import type * as z from 'zod/mini';
import { call } from '../../lib/api.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { staffSession } from '../../lib/session.js';
import { RefundFiguresView } from '../../components/refund-figures.js';

const PAGE_SIZE = 20;
const yuan = (v: string) => `¥${v}`;
type Row = z.output<typeof searchAfterSales.output>['objs'][number];
type Detail = z.output<typeof selectStaffAfterSaleDetail.output>['obj'];

const S = AFTER_SALE_STATE;
/** Tag colours by state; a closed request (rejected, withdrawn) is grey. */
const STATE_COLOR: Record<number, string> = { [S.pending]: 'orange', [S.toReturn]: 'blue', [S.returning]: 'blue', [S.toRefund]: 'gold', [S.refunded]: 'green' };
const TABS = [...Object.values(AFTER_SALE_STATE).map((s) => ({ label: AFTER_SALE_STATE_TEXT[s]!, value: String(s) })), { label: '全部', value: '0' }];

function useReload() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [searchAfterSales.name] });
    void queryClient.invalidateQueries({ queryKey: [selectStaffAfterSaleDetail.name] });
  };
}

/** 售后管理 (ADR 0036): the agents' requests by state; review, the warehouse's receipt, finance's refund. */
export default function AfterSalesPage() {
  const [state, setState] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: [searchAfterSales.name, state, keyword, pageNum],
    queryFn: () => call(searchAfterSales, { state, keyword: keyword || undefined, phonePage: { pageSize: PAGE_SIZE, pageNum } }),
  });
  return (
    <Card title="售后管理">
      <Typography.Paragraph type="secondary">代理商的仅退款、退货退款申请：客服或财务审核，退货由仓库确认收货，财务按原支付方式退款。</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<string>
          value={String(state)}
          onChange={(v) => {
            setState(Number(v));
            setPageNum(1);
          }}
          options={TABS}
        />
        <Input.Search
          aria-label="搜索售后"
          placeholder="售后编号、订单编号、代理商姓名或手机号"
          allowClear
          enterButton="查询"
          style={{ width: 380 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNum(1);
          }}
        />
      </Space>
      {query.error && <Alert type="error" showIcon message={query.error.message} action={<Button size="small" onClick={() => query.refetch()}>重试</Button>} style={{ marginBottom: 16 }} />}
      <Table<Row>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.objs ?? []}
        locale={{ emptyText: '暂无售后申请' }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: query.data?.obj.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
        columns={[
          { title: '售后编号', dataIndex: 'code', width: 220 },
          { title: '订单编号', dataIndex: 'orderCode', width: 190 },
          { title: '代理商', key: 'agent', width: 170, render: (_, r) => `${r.agentName} ${r.agentPhone}` },
          { title: '类型', dataIndex: 'kindText', width: 90 },
          { title: '商品', key: 'lines', render: (_, r) => r.lines.map((l) => `${l.prodName} ×${l.qty}`).join('；') },
          { title: '原因', dataIndex: 'reason', width: 120 },
          { title: '状态', key: 'state', width: 90, render: (_, r) => <Tag color={STATE_COLOR[r.state] ?? 'default'}>{r.stateText}</Tag> },
          { title: '申请时间', dataIndex: 'createDate', width: 165 },
          { title: '操作', key: 'op', width: 80, render: (_, r) => <Button size="small" onClick={() => setOpenId(r.id)}>查看</Button> },
        ]}
      />
      {openId !== null && <AfterSaleDrawer id={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}

function AfterSaleDrawer({ id, onClose }: { id: number; onClose(): void }) {
  const query = useQuery({ queryKey: [selectStaffAfterSaleDetail.name, id], queryFn: () => call(selectStaffAfterSaleDetail, { id }) });
  const d = query.data?.obj;
  return (
    <Drawer open rootClassName="after-sales-drawer" width={760} title={d ? `售后 ${d.code}` : '售后详情'} onClose={onClose} destroyOnHidden>
      {query.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {query.error && <Alert type="error" showIcon message={query.error.message} action={<Button size="small" onClick={() => query.refetch()}>重试</Button>} />}
      {d && <DetailView d={d} />}
    </Drawer>
  );
}

function DetailView({ d }: { d: Detail }) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Actions d={d} />
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'state', label: '状态', children: <Tag color={STATE_COLOR[d.state] ?? 'default'}>{d.stateText}</Tag> },
          { key: 'kind', label: '类型', children: d.kindText },
          { key: 'order', label: '订单', children: `${d.orderCode}（${d.orderStateText}，实付 ${yuan(d.actualMoney)}）` },
          { key: 'agent', label: '代理商', children: `${d.agentName} ${d.agentPhone}` },
          { key: 'reason', label: '原因', children: d.reason },
          { key: 'time', label: '申请时间', children: d.createDate },
          { key: 'desc', label: '问题描述', span: 2, children: d.description || '—' },
          ...(d.rejectReason ? [{ key: 'reject', label: '驳回原因', span: 2, children: d.rejectReason }] : []),
          ...(d.waybillCode ? [{ key: 'waybill', label: '退货物流', span: 2, children: `${d.carrier} ${d.waybillCode}` }] : []),
          ...(d.refund ? [{ key: 'refund', label: '退款', span: 2, children: `${d.refund.refundCode} ${yuan(d.refund.amount)}（货款 ${yuan(d.refund.storeAmount)}，总分 ${yuan(d.refund.incomeAmount)}，微信 ${yuan(d.refund.wechatAmount)}，线下 ${yuan(d.refund.offlineAmount)}）` }] : []),
        ]}
      />
      <Table
        rowKey="lineId"
        size="small"
        pagination={false}
        dataSource={d.lines}
        columns={[
          { title: '商品', key: 'name', render: (_, l) => `${l.prodName} ${l.specDispStr}` },
          { title: '单价', dataIndex: 'dealPrice', align: 'right', width: 110, render: (v: string) => yuan(v) },
          { title: '申请数量', dataIndex: 'qty', align: 'right', width: 100 },
        ]}
      />
      <div>
        <Typography.Title level={5}>凭证图片</Typography.Title>
        {d.photos.length ? (
          <Image.PreviewGroup>
            <Space wrap>
              {d.photos.map((src, i) => (
                <Image key={i} src={src} width={96} height={96} style={{ objectFit: 'cover' }} alt={`凭证图片${i + 1}`} />
              ))}
            </Space>
          </Image.PreviewGroup>
        ) : (
          <Typography.Text type="secondary">未上传图片</Typography.Text>
        )}
      </div>
      <div>
        <Typography.Title level={5}>处理进度</Typography.Title>
        <Timeline
          items={d.steps.map((s) => ({
            children: (
              <>
                <Typography.Text strong>{s.title}</Typography.Text> <Typography.Text type="secondary">{s.createDate}</Typography.Text>
                {s.remark && <div>{s.remark}</div>}
              </>
            ),
          }))}
        />
      </div>
    </Space>
  );
}

/** The step the member's role may take in the request's state (the server checks again, ADR 0036). */
function Actions({ d }: { d: Detail }) {
  const { message } = App.useApp();
  const reload = useReload();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const run = async (f: () => Promise<{ msg: string }>) => {
    setBusy(true);
    try {
      message.success((await f()).msg);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '操作失败，请重试');
    } finally {
      setBusy(false);
      reload();
    }
  };
  const buttons = [];
  if (d.state === AFTER_SALE_STATE.pending && staffSession.may('reviewAfterSale')) {
    buttons.push(
      <Popconfirm key="ok" title={d.kind === AFTER_SALE_KIND.returnRefund ? '同意后代理商将寄回商品，确定同意？' : '同意后等待财务退款，确定同意？'} okText="同意" cancelText="取消" onConfirm={() => run(() => call(reviewAfterSale, { id: d.id, approve: true }))}>
        <Button type="primary" loading={busy}>
          同意
        </Button>
      </Popconfirm>,
      <Button key="no" onClick={() => setRejecting(true)}>
        驳回
      </Button>,
    );
  }
  if (d.state === AFTER_SALE_STATE.returning && staffSession.may('receiveAfterSaleReturn')) {
    buttons.push(
      <Popconfirm key="recv" title={`确认已收到退货（${d.carrier} ${d.waybillCode}）？`} okText="确认收货" cancelText="取消" onConfirm={() => run(() => call(receiveAfterSaleReturn, { id: d.id }))}>
        <Button type="primary" loading={busy}>
          确认收货
        </Button>
      </Popconfirm>,
    );
  }
  if (d.state === AFTER_SALE_STATE.toRefund && staffSession.may('refundAfterSale')) {
    buttons.push(
      <Button key="refund" type="primary" onClick={() => setRefunding(true)}>
        退款
      </Button>,
    );
  }
  if (!buttons.length) return null;
  return (
    <>
      <Space>{buttons}</Space>
      {rejecting && <RejectDialog id={d.id} onClose={() => setRejecting(false)} />}
      {refunding && <RefundDialog d={d} onClose={() => setRefunding(false)} />}
    </>
  );
}

function RejectDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { message } = App.useApp();
  const reload = useReload();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) {
      message.error('驳回时请填写驳回原因');
      return;
    }
    setBusy(true);
    try {
      message.success((await call(reviewAfterSale, { id, approve: false, reason: reason.trim() })).msg);
      onClose();
    } catch (err) {
      message.error(err instanceof Error ? err.message : '操作失败，请重试');
    } finally {
      setBusy(false);
      reload();
    }
  };
  return (
    <Modal open title="驳回售后申请" okText="确认驳回" confirmLoading={busy} onOk={submit} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">驳回原因将展示给代理商，请说明原因及后续处理方式。</Typography.Paragraph>
      <Input.TextArea aria-label="驳回原因" rows={3} maxLength={200} showCount value={reason} onChange={(e) => setReason(e.target.value)} />
    </Modal>
  );
}

/** 退款: the order refund flow's preview of the request's lines, then the refund under one intent key (ADR 0023). */
function RefundDialog({ d, onClose }: { d: Detail; onClose(): void }) {
  const { message } = App.useApp();
  const reload = useReload();
  const intent = useIntentKey();
  const [busy, setBusy] = useState(false);
  const preview = useQuery({ queryKey: [previewAfterSaleRefund.name, d.id], queryFn: () => call(previewAfterSaleRefund, { id: d.id }), retry: false });
  const submit = async () => {
    const payload = { id: d.id };
    setBusy(true);
    try {
      const reply = await call(refundAfterSale, { ...payload, idempotencyKey: intent.for(payload) });
      intent.done();
      message.success(`${reply.msg}：${yuan(reply.obj.refund?.amount ?? '0.00')}`);
      onClose();
    } catch (err) {
      message.error(err instanceof Error ? err.message : '退款失败，请重试');
    } finally {
      setBusy(false);
      reload();
    }
  };
  return (
    <Modal open rootClassName="after-sales-refund" width={760} title={`售后退款 · ${d.code}`} okText="确认退款" okButtonProps={{ disabled: !preview.data }} confirmLoading={busy} onOk={submit} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>按原支付方式退回：货款、总分、积分立即到账；微信原路退回；线下支付生成财务打款任务。确认后不能撤回。</Typography.Paragraph>
      {preview.isFetching && <Skeleton active paragraph={{ rows: 3 }} />}
      {preview.error && <Alert type="error" showIcon message={preview.error.message} action={<Button size="small" onClick={() => preview.refetch()}>重试</Button>} />}
      {preview.data && !preview.isFetching && <RefundFiguresView f={preview.data.obj} stockText={d.kind === AFTER_SALE_KIND.returnRefund ? '仓库收货时已退回' : undefined} />}
    </Modal>
  );
}
