import { useState } from 'react';
import { App, Form, InputNumber, Modal, Typography } from 'antd';
import { CATALOG_CONSOLE_MESSAGES as M, saveSpecGifts, type selectProductAdmin } from '@shop/contract/catalog-console';
import { call, type Reply } from '../../lib/api.js';

type Detail = Reply<typeof selectProductAdmin>;
type Spec = Detail['obj']['specs'][number];

/** 赠品: how many of this spec each grade gets free with a self-operated settlement (0: none). */
export function GiftsModal({ spec, grades, onClose, onDone }: { spec: Spec; grades: Detail['objs']; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, number | null>>();
  const [busy, setBusy] = useState(false);
  const initial = Object.fromEntries(grades.map((g) => [String(g.id), spec.gifts.find((x) => x.gradeId === g.id)?.buyNum ?? 0]));
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const gifts = grades.map((g) => ({ gradeId: g.id, buyNum: Number(v[String(g.id)] ?? 0) })).filter((g) => g.buyNum > 0);
      const r = await call(saveSpecGifts, { singleProdId: spec.singleProdId, gifts });
      message.success(r.msg);
      onDone();
      onClose();
    } catch (e) {
      message.error(e instanceof Error ? e.message : '保存失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`赠品设置：${spec.specName}`} okText="保存赠品" onOk={submit} okButtonProps={{ loading: busy }} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">该等级代理在自营专区下单结算时，随单赠送的数量；填 0 为不赠送。</Typography.Paragraph>
      <Form form={form} layout="horizontal" labelCol={{ span: 8 }} initialValues={initial}>
        {grades.map((g) => (
          <Form.Item key={g.id} name={String(g.id)} label={g.gradeName} rules={[{ type: 'integer', min: 0, max: 999, message: M.buyNumInvalid }]}>
            <InputNumber min={0} max={999} precision={0} addonAfter="件" />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
