import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Table, Typography } from 'antd';
import { adjustStock, CATALOG_CONSOLE_MESSAGES as M, selectStockChanges } from '@shop/contract/catalog-console';
import { call, type Reply } from '../../lib/api.js';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';

type Row = Reply<typeof selectStockChanges>['objs'][number];

/** 调整库存: a signed delta and a reason (never an overwrite: orders may be taking stock at the same moment), with the history. */
export function StockModal({
  spec,
  canAdjust,
  onClose,
  onDone,
}: {
  spec: { singleProdId: number; specName: string; stock: number };
  canAdjust: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ delta: number; reason: string }>();
  const [busy, setBusy] = useState(false);
  const history = usePagedOp<typeof selectStockChanges, Row>(selectStockChanges, { singleProdId: spec.singleProdId }, { pageSize: 10 });
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await call(adjustStock, { singleProdId: spec.singleProdId, delta: v.delta, reason: v.reason });
      message.success(`库存已调整：${r.obj.stockBefore} → ${r.obj.stock}`);
      form.resetFields();
      await client.invalidateQueries({ queryKey: [selectStockChanges.name] });
      onDone();
    } catch (e) {
      message.error(e instanceof Error ? e.message : '调整失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`调整库存：${spec.specName}`} width={720} okText="确认调整" onOk={submit} okButtonProps={{ loading: busy, disabled: !canAdjust }} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>
        当前库存 <Typography.Text strong>{spec.stock}</Typography.Text>（增加填正数，减少填负数；与下单同时进行也不会超卖）
      </Typography.Paragraph>
      {canAdjust && (
        <Form form={form} layout="vertical">
          <Form.Item
            name="delta"
            label="调整数量"
            rules={[{ required: true, message: M.deltaInvalid }, { validator: (_, v) => (v === 0 ? Promise.reject(new Error(M.deltaInvalid)) : Promise.resolve()) }]}
          >
            <InputNumber precision={0} min={-1000000} max={1000000} style={{ width: 200 }} placeholder="如 50 或 -3" />
          </Form.Item>
          <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: M.reasonRequired }, { max: 200, message: M.reasonTooLong }]}>
            <Input.TextArea rows={2} maxLength={200} showCount placeholder="如：入库、盘点差异、破损" />
          </Form.Item>
        </Form>
      )}
      <Typography.Title level={5}>库存记录</Typography.Title>
      <QueryError error={history.query.error} retry={() => history.query.refetch()} />
      <Table<Row>
        rowKey="id"
        size="small"
        {...history.tableProps}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170 },
          { title: '变动', dataIndex: 'delta', width: 80, align: 'right', render: (d: number) => (d > 0 ? `+${d}` : d) },
          { title: '变动后', dataIndex: 'stockAfter', width: 80, align: 'right' },
          { title: '原因', dataIndex: 'reason' },
          { title: '操作人', dataIndex: 'staffName', width: 100 },
        ]}
      />
    </Modal>
  );
}
