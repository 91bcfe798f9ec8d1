import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Radio, Select, Typography } from 'antd';
import { CODE_BATCH_MAX, CODE_TYPE, CODE_TYPE_TEXT, generateCodeBatch, selectCodeBatches, selectCodeSpecOptions } from '@shop/contract/codes-console';
import { call } from '../../lib/api.js';

interface Fields {
  codeType: number;
  singleProdId?: number;
  count?: number;
}

/** 生成码: type, product spec and count; a small batch shows its codes at once. */
export function GenerateForm() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ batchId: number; count: number; codes: string[] } | null>(null);
  const specs = useQuery({ queryKey: ['selectCodeSpecOptions'], queryFn: () => call(selectCodeSpecOptions, {}) });

  const submit = async (f: Fields) => {
    setBusy(true);
    try {
      const reply = await call(generateCodeBatch, { codeType: f.codeType, singleProdId: f.singleProdId!, count: f.count! });
      setLast({ batchId: reply.obj.batchId, count: reply.obj.count, codes: reply.objs });
      message.success(`已生成${reply.obj.count}个${CODE_TYPE_TEXT[f.codeType]}（批次${reply.obj.batchId}）`);
      await client.invalidateQueries({ queryKey: [selectCodeBatches.name] });
    } catch (err) {
      message.error(err instanceof Error ? err.message : '生成失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Form form={form} layout="inline" initialValues={{ codeType: CODE_TYPE.antiFake }} onFinish={submit} style={{ rowGap: 12 }} aria-label="生成码">
        <Form.Item name="codeType" label="码类型" rules={[{ required: true, message: '请选择码类型' }]}>
          <Radio.Group options={[CODE_TYPE.trace, CODE_TYPE.antiFake].map((value) => ({ value, label: CODE_TYPE_TEXT[value] }))} optionType="button" />
        </Form.Item>
        <Form.Item name="singleProdId" label="商品规格" rules={[{ required: true, message: '请选择商品规格' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="选择商品规格"
            loading={specs.isLoading}
            style={{ width: 300 }}
            notFoundContent={specs.error ? '加载失败，请刷新页面' : '没有商品规格，请先在商品管理中添加'}
            options={(specs.data?.objs ?? []).map((s) => ({ value: s.singleProdId, label: `${s.prodName}${s.specDispStr ? ` / ${s.specDispStr}` : ''}` }))}
          />
        </Form.Item>
        <Form.Item
          name="count"
          label="数量"
          rules={[
            { required: true, message: '请输入生成数量' },
            { type: 'integer', min: 1, max: CODE_BATCH_MAX, message: `生成数量应为1到${CODE_BATCH_MAX}之间的整数` },
          ]}
        >
          <InputNumber min={1} max={CODE_BATCH_MAX} precision={0} placeholder={`1-${CODE_BATCH_MAX}`} style={{ width: 140 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          生成
        </Button>
      </Form>
      {last && (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          closable
          onClose={() => setLast(null)}
          title={`批次${last.batchId}：已生成${last.count}个码`}
          description={
            last.codes.length > 0 ? (
              <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: '展开' }} copyable={{ text: last.codes.join('\n') }} style={{ marginBottom: 0 }}>
                {last.codes.join('  ')}
              </Typography.Paragraph>
            ) : (
              '数量较多，请在下方批次列表中导出CSV查看全部码'
            )
          }
        />
      )}
    </>
  );
}
