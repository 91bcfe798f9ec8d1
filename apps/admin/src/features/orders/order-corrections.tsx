import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Cascader, Form, Input, Modal, Space, Typography } from 'antd';
import { ORDER_STATE } from '@shop/contract/order-state';
import { changeOrderAddress, CORRECTION_MESSAGES as M, correctWaybill, markOrderNotShipped } from '@shop/contract/staff-corrections';
import { searchOrders, selectStaffOrderDetail, type StaffOrderDetail } from '@shop/contract/staff-orders-console';
import type { Operation, OpInput } from '@shop/contract/operation';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

type Parcel = StaffOrderDetail['parcels'][number];
interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/** A correction dialog: its fields, the required reason (it goes into the audit trail), the server's refusal shown. */
function CorrectionModal({ open, title, okText, intro, children, submit, onClose }: { open: boolean; title: string; okText: string; intro: ReactNode; children?: ReactNode; submit(values: Record<string, unknown>): Promise<{ op: Operation; payload: unknown }>; onClose(): void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: [selectStaffOrderDetail.name] });
    void queryClient.invalidateQueries({ queryKey: [searchOrders.name] });
  };
  const ok = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    setBusy(true);
    try {
      const { op, payload } = await submit(values);
      const reply = await call(op, payload as OpInput<Operation>);
      message.success(reply.msg);
      onClose();
      reload();
    } catch (err) {
      // Refused (another member corrected it first, the order moved on): say so and show the order as it is now.
      message.error(err instanceof Error ? err.message : '操作失败，请重试');
      reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={title} okText={okText} confirmLoading={busy} onOk={ok} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      <Form form={form} name="orderCorrection" layout="vertical" preserve={false}>
        {children}
        <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: M.reasonRequired }, { max: 200, message: M.reasonTooLong }]}>
          <Input.TextArea rows={2} maxLength={200} placeholder="写明原因，将记入操作日志（代理商看不到）" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 更正运单: a shipped parcel's carrier and number; the agent's tracking reads the new waybill. */
export function CorrectWaybillButton({ order, parcel }: { order: StaffOrderDetail; parcel: Parcel }) {
  const [open, setOpen] = useState(false);
  if (order.circulationState !== ORDER_STATE.shipped || !staffSession.may(correctWaybill.name)) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        更正运单
      </Button>
      <CorrectionModal
        open={open}
        title={`更正运单 ${parcel.waybillCode}`}
        okText="更正"
        intro={`原运单：${parcel.logisticsName} ${parcel.waybillCode}。更正后代理商的物流查询按新运单，订单记录中会显示「物流单号已更正」。`}
        onClose={() => setOpen(false)}
        submit={async (v) => ({
          op: correctWaybill,
          payload: { orderId: order.id, parcelId: parcel.id, fromWaybillCode: parcel.waybillCode, logisticsName: v.logisticsName, shipperCode: v.shipperCode, waybillCode: v.waybillCode, reason: v.reason },
        })}
      >
        <Space.Compact block>
          <Form.Item name="logisticsName" label="物流公司" initialValue={parcel.logisticsName} rules={[{ required: true, whitespace: true, message: '请输入物流公司' }]} style={{ width: '50%' }}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="shipperCode" label="快递公司编码" initialValue={parcel.shipperCode} rules={[{ required: true, pattern: /^[A-Za-z0-9]{2,16}$/, message: '快递公司编码有误' }]} style={{ width: '50%' }}>
            <Input maxLength={16} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="waybillCode" label="正确的运单号" rules={[{ required: true, pattern: /^[A-Za-z0-9-]{6,40}$/, message: '运单号格式有误' }]}>
          <Input maxLength={40} autoFocus />
        </Form.Item>
      </CorrectionModal>
    </>
  );
}

/** The region data, loaded only when the address dialog opens (about 40 KB gzip). */
function useRegions(open: boolean) {
  const [options, setOptions] = useState<RegionOption[] | null>(null);
  useEffect(() => {
    if (!open || options) return;
    void import('./region-options.js').then((m) => setOptions(m.regionOptions));
  }, [open, options]);
  return options;
}

/** The order's corrections by the warehouse (ADR 0035): not shipped, and the address while not shipped. */
export function OrderCorrectionActions({ order }: { order: StaffOrderDetail }) {
  const [open, setOpen] = useState<'unship' | 'address' | null>(null);
  const regions = useRegions(open === 'address');
  const close = () => setOpen(null);
  const shipped = order.circulationState === ORDER_STATE.shipped;
  const notShipped = ([ORDER_STATE.unpaid, ORDER_STATE.review, ORDER_STATE.toShip] as number[]).includes(order.circulationState);
  return (
    <Space>
      {shipped && staffSession.may(markOrderNotShipped.name) && <Button onClick={() => setOpen('unship')}>标记未发货</Button>}
      {notShipped && staffSession.may(changeOrderAddress.name) && <Button onClick={() => setOpen('address')}>修改收货地址</Button>}
      <CorrectionModal
        open={open === 'unship'}
        title="标记为未发货"
        okText="标记未发货"
        intro={`包裹没有交给快递时使用：订单回到「待发货」，运单 ${order.parcels.map((p) => p.waybillCode).join('、') || '—'} 作废，自动确认收货从重新发货时起算。`}
        onClose={close}
        submit={async (v) => ({ op: markOrderNotShipped, payload: { orderId: order.id, reason: v.reason } })}
      />
      <CorrectionModal
        open={open === 'address'}
        title="修改收货地址"
        okText="修改"
        intro={`当前：${order.receiverName} ${order.receiverPhone} ${order.receiverFullAddress}。运费按下单时不变。`}
        onClose={close}
        submit={async (v) => {
          const [provinceCode = '', cityCode = '', districtCode = ''] = (v.region as string[] | undefined) ?? [];
          // Hong Kong, Macau and Taiwan have no city level in the picker: the second code is the district.
          const two = (v.region as string[] | undefined)?.length === 2;
          return {
            op: changeOrderAddress,
            payload: { orderId: order.id, receiverNmae: v.receiverNmae, receiverPhone: v.receiverPhone, provinceCode, cityCode: two ? '' : cityCode, districtCode: two ? cityCode : districtCode, address: v.address, postCode: v.postCode ?? '', reason: v.reason },
          };
        }}
      >
        <Space.Compact block>
          <Form.Item name="receiverNmae" label="收货人" initialValue={order.receiverName} rules={[{ required: true, whitespace: true, message: '请输入收货人姓名' }, { max: 10, message: '姓名长度不能超过10个字符' }]} style={{ width: '50%' }}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item name="receiverPhone" label="手机号码" initialValue={order.receiverPhone} rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' }]} style={{ width: '50%' }}>
            <Input maxLength={11} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="region" label="省市区" rules={[{ required: true, message: '请选择省市区' }]}>
          <Cascader options={regions ?? []} placeholder={regions ? '请选择省 / 市 / 区' : '正在加载地区…'} showSearch aria-label="省市区" />
        </Form.Item>
        <Form.Item name="address" label="详细地址" rules={[{ required: true, whitespace: true, message: '请输入详细地址' }, { max: 100, message: '详细地址长度不能超过100个字符' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="postCode" label="邮政编码（选填）" rules={[{ pattern: /^(\d{6})?$/, message: '邮政编码为6位数字' }]}>
          <Input maxLength={6} />
        </Form.Item>
      </CorrectionModal>
    </Space>
  );
}
