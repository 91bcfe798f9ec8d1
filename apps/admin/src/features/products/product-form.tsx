import { useState } from 'react';
import { App, Button, Card, Checkbox, Form, Input, Radio, Switch } from 'antd';
import { PROD_TYPE } from '@shop/contract/activity-state';
import { CATALOG_CONSOLE_MESSAGES as M, PRODUCT_ZONES, saveProduct, type selectProductAdmin } from '@shop/contract/catalog-console';
import { call, type Reply } from '../../lib/api.js';
import { RichTextEditor } from '../../components/rich-text-editor.js';
import { ImagesField } from './images-field.js';

type Detail = Reply<typeof selectProductAdmin>;
export interface ProductValues {
  prodName: string;
  prodType: typeof PROD_TYPE.selfRun | typeof PROD_TYPE.welfare;
  prodIntroduction: string;
  images: string[];
  remark: string;
  onShelf: boolean;
  visibleGradeIds: number[];
}

/** The product's own fields; saving answers the product id (a new product then gets its specs). */
export function ProductForm({
  detail,
  grades,
  editable,
  onSaved,
}: {
  detail: Detail['obj'] | null;
  grades: Detail['objs'];
  editable: boolean;
  onSaved: (prodId: number) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ProductValues>();
  const [busy, setBusy] = useState(false);
  const initial: ProductValues = detail
    ? { ...detail, prodType: detail.prodType as ProductValues['prodType'] }
    : { prodName: '', prodType: PROD_TYPE.selfRun, prodIntroduction: '', images: [], remark: '', onShelf: false, visibleGradeIds: grades.map((g) => g.id) };
  const submit = async (v: ProductValues) => {
    setBusy(true);
    try {
      const r = await call(saveProduct, { ...v, prodId: detail?.prodId ?? null, remark: v.remark ?? '' });
      message.success(r.msg);
      onSaved(r.obj.prodId);
    } catch (e) {
      message.error(e instanceof Error ? e.message : '保存失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="商品信息">
      <Form form={form} layout="horizontal" labelCol={{ span: 3 }} wrapperCol={{ span: 18 }} initialValues={initial} onFinish={submit} disabled={!editable}>
        <Form.Item name="prodName" label="商品名称" rules={[{ required: true, whitespace: true, message: M.nameRequired }, { max: 50, message: M.nameTooLong }]}>
          <Input maxLength={50} showCount placeholder="如：益生菌固体饮料" />
        </Form.Item>
        <Form.Item name="prodType" label="专区" rules={[{ required: true, message: M.zoneRequired }]}>
          <Radio.Group options={Object.entries(PRODUCT_ZONES).map(([value, label]) => ({ value: Number(value), label }))} />
        </Form.Item>
        <Form.Item name="prodIntroduction" label="简介" rules={[{ max: 100, message: M.introTooLong }]}>
          <Input maxLength={100} showCount placeholder="列表中商品名下的一句话" />
        </Form.Item>
        <Form.Item name="images" label="商品图片" extra="第一张为主图；jpg/png，单张不超过10M，最多9张" rules={[{ required: true, type: 'array', min: 1, message: M.imagesRequired }]}>
          <ImagesField />
        </Form.Item>
        <Form.Item name="remark" label="商品详情">
          <RichTextEditor placeholder="商品详情（图文）" aria-label="商品详情" />
        </Form.Item>
        <Form.Item name="visibleGradeIds" label="可见等级" rules={[{ required: true, type: 'array', min: 1, message: M.visibleRequired }]}>
          <Checkbox.Group options={grades.map((g) => ({ value: g.id, label: g.gradeName }))} />
        </Form.Item>
        <Form.Item name="onShelf" label="上架" valuePropName="checked">
          <Switch checkedChildren="上架" unCheckedChildren="下架" aria-label="上架" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 3 }}>
          <Button type="primary" htmlType="submit" loading={busy}>
            保存商品
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
