import { useEffect, useState } from 'react';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, AutoComplete, Button, Descriptions, Drawer, Form, Input, Space } from 'antd';
import { LOGISTICS_COMPANIES, MAX_PARCELS } from '@shop/contract/logistics';
import { STORE_ORDER_LABEL, staffShipStoreOrder } from '@shop/contract/retail-store';
import { shipOrder } from '@shop/contract/staff';
import type { OrderToShip } from '@shop/contract/staff-orders-console';
import { ApiError, call } from '../../lib/api.js';

interface Parcel {
  logisticsName: string;
  shipperCode: string;
  waybillCode: string;
}

const CARRIERS = LOGISTICS_COMPANIES.map((c) => ({ value: c.logisticsName, label: `${c.logisticsName}（${c.shipperCode}）` }));
const EMPTY: Parcel = { logisticsName: '', shipperCode: '', waybillCode: '' };

/**
 * Ships one order: one to ten parcels, each with its carrier, the carrier's code (Kdniao ShipperCode) and the waybill.
 * A store's VD order (ADR 0042) ships as one parcel, carrier and waybill, through the store's own ship.
 */
export function ShipDrawer({ order, onClose, onShipped }: { order: OrderToShip | null; onClose(): void; onShipped(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ parcels: Parcel[] }>();
  const [busy, setBusy] = useState(false);
  const isStore = order?.kind === 'VD';
  const maxParcels = isStore ? 1 : MAX_PARCELS;

  useEffect(() => {
    if (order) form.setFieldsValue({ parcels: [EMPTY] });
  }, [order, form]);

  // Picking a known carrier fills its code.
  const onCarrier = (index: number, name: string) => {
    const known = LOGISTICS_COMPANIES.find((c) => c.logisticsName === name);
    if (known) form.setFieldValue(['parcels', index, 'shipperCode'], known.shipperCode);
  };

  const submit = async () => {
    if (!order) return;
    const { parcels } = await form.validateFields();
    setBusy(true);
    try {
      const reply = isStore
        ? await call(staffShipStoreOrder, { id: order.id, logisticsName: parcels[0]!.logisticsName.trim(), waybillCode: parcels[0]!.waybillCode.trim() })
        : await call(shipOrder, { orderId: order.id, parcels: parcels.map((p) => ({ ...p, phone: '' })) });
      message.success(reply.msg || '发货成功');
      onClose();
      onShipped();
    } catch (err) {
      message.error(err instanceof Error ? err.message : '发货失败，请重试');
      // Shipped or changed by someone else meanwhile: the queue reloads; a mistake in the form keeps the drawer open.
      if (err instanceof ApiError && err.status === 200 && /状态已变化|不是待发货|不存在/.test(err.message)) {
        onClose();
        onShipped();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={order !== null}
      title={`发货 ${order?.orderCode ?? ''}`}
      size={640}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button type="primary" loading={busy} onClick={submit}>
          确认发货
        </Button>
      }
    >
      {order && (
        <Descriptions
          size="small"
          column={1}
          bordered
          style={{ marginBottom: 16 }}
          items={[
            ...(isStore ? [{ key: 'kind', label: '订单类型', children: `${STORE_ORDER_LABEL}（寄给顾客，寄件人为总部）` }] : []),
            { key: 'receiver', label: '收货人', children: `${order.receiverName} ${order.receiverPhone}` },
            { key: 'address', label: '地址', children: order.receiverFullAddress },
            { key: 'lines', label: '商品', children: order.lines.map((l) => `${l.prodName} ${l.specDispStr} ×${l.buyNum}`).join('；') },
          ]}
        />
      )}
      <Form form={form} layout="vertical">
        <Form.List name="parcels">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'logisticsName']} label={i === 0 ? '物流公司' : undefined} rules={[{ required: true, whitespace: true, message: '请输入物流公司' }, { max: 32, message: '物流公司名称不能超过32个字' }]}>
                    <AutoComplete options={CARRIERS} placeholder="例如 中通快递" style={{ width: 170 }} onChange={(v: string) => onCarrier(field.name, v)} aria-label={`包裹${i + 1} 物流公司`} />
                  </Form.Item>
                  {/* A VD order keeps the carrier and the waybill only (ADR 0038). */}
                  {!isStore && (
                    <Form.Item name={[field.name, 'shipperCode']} label={i === 0 ? '快递公司编码' : undefined} rules={[{ required: true, whitespace: true, message: '请输入快递公司编码' }, { pattern: /^[A-Za-z0-9]{2,16}$/, message: '快递公司编码有误' }]}>
                      <Input placeholder="ZTO" style={{ width: 120 }} aria-label={`包裹${i + 1} 快递公司编码`} />
                    </Form.Item>
                  )}
                  <Form.Item name={[field.name, 'waybillCode']} label={i === 0 ? '运单号' : undefined} rules={[{ required: true, whitespace: true, message: '请输入运单号' }, { pattern: /^[A-Za-z0-9-]{6,40}$/, message: '运单号格式有误' }]}>
                    <Input placeholder="运单号" style={{ width: 200 }} aria-label={`包裹${i + 1} 运单号`} />
                  </Form.Item>
                  {fields.length > 1 && <MinusCircleOutlined style={{ marginTop: i === 0 ? 38 : 8 }} onClick={() => remove(field.name)} aria-label={`删除包裹${i + 1}`} />}
                </Space>
              ))}
              {fields.length < maxParcels && (
                <Button type="dashed" onClick={() => add(EMPTY)} icon={<PlusOutlined />}>
                  添加包裹
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
