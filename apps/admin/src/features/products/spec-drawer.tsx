import { useState } from 'react';
import { App, Button, Divider, Drawer, Form, Input, InputNumber, Space, Typography } from 'antd';
import { PROD_TYPE } from '@shop/contract/activity-state';
import { CATALOG_CONSOLE_MESSAGES as M, saveProductSpec, type selectProductAdmin } from '@shop/contract/catalog-console';
import { call, type Reply } from '../../lib/api.js';

type Detail = Reply<typeof selectProductAdmin>;
type Spec = Detail['obj']['specs'][number];
const YUAN = /^(0|[1-9]\d{0,10})(\.\d{1,2})?$/;
const positive = (message: string) => ({
  validator: (_: unknown, v: string) => (v && YUAN.test(v.trim()) && Number(v) > 0 ? Promise.resolve() : Promise.reject(new Error(message))),
});

interface Values {
  specName: string;
  retailPrice: string;
  prices: Record<string, string>;
  weight: number;
  stock?: number;
  touchMoney?: string;
  integralNum?: number;
  priceOverrideReason?: string;
}

/** Create or edit a spec: retail price, one price per grade (all required), weight, stock only on create, welfare rule. */
export function SpecDrawer({
  open,
  prodId,
  prodType,
  spec,
  grades,
  onClose,
  onSaved,
}: {
  open: boolean;
  prodId: number;
  prodType: number;
  spec: Spec | null;
  grades: Detail['objs'];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const initial: Partial<Values> = spec
    ? {
        specName: spec.specName,
        retailPrice: spec.retailPrice,
        prices: Object.fromEntries(spec.gradePrices.map((g) => [String(g.gradeId), g.price])),
        weight: spec.weight,
        touchMoney: spec.touchMoney,
        integralNum: spec.integralNum,
      }
    : { weight: 0, stock: 0, touchMoney: '0', integralNum: 0, prices: {} };
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await call(saveProductSpec, {
        singleProdId: spec?.singleProdId ?? null,
        prodId,
        specName: v.specName,
        retailPrice: v.retailPrice.trim(),
        gradePrices: grades.map((g) => ({ gradeId: g.id, price: (v.prices?.[String(g.id)] ?? '').trim() })),
        weight: v.weight,
        stock: spec ? null : (v.stock ?? 0),
        touchMoney: prodType === PROD_TYPE.welfare ? (v.touchMoney || '0').trim() : '0',
        integralNum: prodType === PROD_TYPE.welfare ? (v.integralNum ?? 0) : 0,
        priceOverrideReason: (v.priceOverrideReason ?? '').trim(),
      });
      message.success(r.msg);
      onSaved();
      onClose();
    } catch (e) {
      message.error(e instanceof Error ? e.message : '保存失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open={open}
      title={spec ? `编辑规格：${spec.specName}` : '新增规格'}
      width={520}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={submit}>
            保存规格
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="specName" label="规格名称" rules={[{ required: true, whitespace: true, message: M.specNameRequired }, { max: 30, message: M.specNameTooLong }]}>
          <Input maxLength={30} placeholder="如：500g/盒" />
        </Form.Item>
        <Form.Item name="retailPrice" label="零售价（元）" rules={[positive(M.retailInvalid)]}>
          <Input prefix="¥" inputMode="decimal" placeholder="0.00" />
        </Form.Item>
        <Divider titlePlacement="start" plain>
          等级价（每个等级必填）
        </Divider>
        {grades.map((g) => (
          <Form.Item key={g.id} name={['prices', String(g.id)]} label={`${g.gradeName}价（元）`} rules={[positive(M.gradePriceInvalid)]}>
            <Input prefix="¥" inputMode="decimal" placeholder="0.00" />
          </Form.Item>
        ))}
        <Form.Item name="weight" label="重量（克）" rules={[{ required: true, type: 'integer', min: 0, max: 100000, message: M.weightInvalid }]}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {!spec && (
          <Form.Item name="stock" label="初始库存" extra="创建后库存只能通过“调整库存”增减，并留有记录" rules={[{ required: true, type: 'integer', min: 0, max: 1000000, message: M.stockInvalid }]}>
            <InputNumber min={0} max={1000000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {prodType === PROD_TYPE.welfare && (
          <>
            <Divider titlePlacement="start" plain>
              福利积分规则
            </Divider>
            <Typography.Paragraph type="secondary">每件可用积分抵扣的金额（0 为不可抵扣），以及每件赠送的积分。</Typography.Paragraph>
            <Form.Item name="touchMoney" label="积分抵扣金额（元/件）" rules={[{ pattern: YUAN, message: M.touchMoneyInvalid }]}>
              <Input prefix="¥" inputMode="decimal" />
            </Form.Item>
            <Form.Item name="integralNum" label="赠送积分（每件）" rules={[{ type: 'integer', min: 0, max: 1000000, message: M.integralInvalid }]}>
              <InputNumber min={0} max={1000000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="priceOverrideReason"
          label="价格例外原因（选填）"
          extra="高等级价格应不高于低等级、且不高于零售价；确需例外时填写原因，会记入操作日志"
          rules={[{ max: 80, message: '价格例外原因不能超过80个字' }]}
        >
          <Input maxLength={80} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
