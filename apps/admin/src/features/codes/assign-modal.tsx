import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select, Space, Tabs } from 'antd';
import { assignTraceCodes, selectCodeBatches, type CodeBatchRow } from '@shop/contract/codes-console';
import { selectAgentOptions } from '@shop/contract/staff-agents';
import { call } from '../../lib/api.js';

interface Fields {
  agentId?: number;
  codes?: string;
  from?: number;
  to?: number;
}

/** 分配溯源码: the batch's range of positions, or codes pasted one a line, become an agent's (shown by /trace). */
export function AssignModal({ batch, onClose }: { batch: CodeBatchRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [mode, setMode] = useState<'range' | 'list'>('range');
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const agents = useQuery({
    queryKey: [selectAgentOptions.name, keyword],
    queryFn: () => call(selectAgentOptions, { keyword: keyword || undefined }),
    enabled: !!batch,
  });

  const submit = async (f: Fields) => {
    if (!batch) return;
    setBusy(true);
    try {
      const codes = mode === 'list' ? (f.codes ?? '').split(/[\s,，]+/).filter(Boolean) : [];
      const range = mode === 'range' ? { batchId: batch.id, from: f.from!, to: f.to! } : undefined;
      const reply = await call(assignTraceCodes, { agentId: f.agentId!, codes, range });
      message.success(`已将${reply.obj.assigned}个溯源码分配给${reply.obj.agentName}`);
      await client.invalidateQueries({ queryKey: [selectCodeBatches.name] });
      form.resetFields();
      onClose();
    } catch (err) {
      message.error(err instanceof Error ? err.message : '分配失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={batch ? `分配溯源码（批次${batch.id}，共${batch.count}个）` : ''} open={!!batch} onCancel={onClose} onOk={() => form.submit()} okText="分配" confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ from: 1, to: batch?.count }}>
        <Form.Item name="agentId" label="代理商" rules={[{ required: true, message: '请选择代理商' }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            placeholder="输入姓名、手机号或编号搜索"
            loading={agents.isFetching}
            notFoundContent={agents.error ? '加载失败，请重试' : '没有找到代理商'}
            options={(agents.data?.objs ?? []).map((a) => ({ value: a.agentId, label: `${a.agentName} ${a.phone}（${a.gradeName}）` }))}
          />
        </Form.Item>
        <Tabs
          activeKey={mode}
          onChange={(k) => setMode(k as 'range' | 'list')}
          items={[
            {
              key: 'range',
              label: '按序号范围',
              children: mode === 'range' && (
                <Space>
                  <Form.Item name="from" label="起始序号" rules={[{ required: true, message: '请输入起始序号' }]}>
                    <InputNumber min={1} max={batch?.count} precision={0} />
                  </Form.Item>
                  <Form.Item name="to" label="结束序号" rules={[{ required: true, message: '请输入结束序号' }]}>
                    <InputNumber min={1} max={batch?.count} precision={0} />
                  </Form.Item>
                </Space>
              ),
            },
            {
              key: 'list',
              label: '按码',
              children: mode === 'list' && (
                <Form.Item name="codes" label="溯源码（每行一个）" rules={[{ required: true, message: '请填写要分配的溯源码' }]}>
                  <Input.TextArea rows={6} placeholder="每行一个溯源码" />
                </Form.Item>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
