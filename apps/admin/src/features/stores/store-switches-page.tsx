import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, InputNumber, Radio, Switch, Table, Tag, Typography } from 'antd';
import { staffSaveAgentStore, staffSaveGradeStore, staffSelAgentStore, staffSelStoreSwitches } from '@shop/contract/retail-store';
import { FLAG } from '@shop/contract/flags';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

/** One agent's store: as the grade, or opened / closed for this agent only (ADR 0038). */
function AgentStore() {
  const { message } = App.useApp();
  const [agentId, setAgentId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: [staffSelAgentStore.name, agentId],
    queryFn: () => call(staffSelAgentStore, { agentId: agentId! }),
    enabled: agentId !== null,
  });
  const may = staffSession.may('staffSaveAgentStore');
  const save = async (override: 0 | 1 | null) => {
    setBusy(true);
    try {
      const reply = await call(staffSaveAgentStore, { agentId: agentId!, override });
      message.success(reply.msg);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '保存失败，请重试');
    } finally {
      setBusy(false);
      void query.refetch();
    }
  };
  const a = query.data?.obj;
  return (
    <Card title="单个代理商的店铺" size="small" style={{ marginTop: 16 }}>
      <Form layout="inline" onFinish={(v: { agentId: number }) => setAgentId(v.agentId)}>
        <Form.Item name="agentId" label="代理商ID" rules={[{ required: true, message: '请输入代理商ID' }]}>
          <InputNumber min={1} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      {query.error && <Alert type="error" showIcon message={query.error.message} action={<Button size="small" onClick={() => query.refetch()}>重试</Button>} style={{ marginTop: 16 }} />}
      {a && (
        <Descriptions column={2} size="small" style={{ marginTop: 16 }} bordered>
          <Descriptions.Item label="代理商">{a.agentName}（{a.gradeName}）</Descriptions.Item>
          <Descriptions.Item label="当前">{a.enabled ? <Tag color="green">店铺已开通</Tag> : <Tag>店铺未开通</Tag>}</Descriptions.Item>
          <Descriptions.Item label="等级设置">{a.gradeEnabled ? '该等级开通' : '该等级未开通'}</Descriptions.Item>
          <Descriptions.Item label="单独设置">
            <Radio.Group
              disabled={!may || busy}
              value={a.override === null ? 'inherit' : String(a.override)}
              onChange={(e) => void save(e.target.value === 'inherit' ? null : (Number(e.target.value) as 0 | 1))}
              options={[
                { label: '随等级', value: 'inherit' },
                { label: '开通', value: '1' },
                { label: '关闭', value: '0' },
              ]}
            />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/** 店铺开通: which grades have a retail store, and single agents opened or closed apart (ADR 0038). */
export default function StoreSwitchesPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: [staffSelStoreSwitches.name], queryFn: () => call(staffSelStoreSwitches, {}) });
  const may = staffSession.may('staffSaveGradeStore');
  const [saving, setSaving] = useState<number | null>(null);
  const toggle = async (gradeId: number, on: boolean) => {
    setSaving(gradeId);
    try {
      const reply = await call(staffSaveGradeStore, { gradeId, storeEnabled: on ? 1 : 0 });
      message.success(reply.msg);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '保存失败，请重试');
    } finally {
      setSaving(null);
      void queryClient.invalidateQueries({ queryKey: [staffSelStoreSwitches.name] });
    }
  };
  return (
    <Card title="店铺开通">
      <Typography.Paragraph type="secondary">开通后，该等级的代理商可以在「我的」设置自己的店铺，把链接或海报分享给顾客；顾客的货款归总部，代理商赚取零售差价（零售收入）。</Typography.Paragraph>
      {query.error && <Alert type="error" showIcon message={query.error.message} action={<Button size="small" onClick={() => query.refetch()}>重试</Button>} style={{ marginBottom: 16 }} />}
      <Table
        rowKey="gradeId"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.objs ?? []}
        locale={{ emptyText: <span style={{ color: '#595959' }}>暂无等级</span> }}
        pagination={false}
        columns={[
          { title: '等级', dataIndex: 'gradeName' },
          { title: '状态', key: 'state', render: (_, g) => (g.storeEnabled === FLAG.yes ? <Tag color="green">已开通</Tag> : <Tag>未开通</Tag>) },
          {
            title: '开关',
            key: 'enabled',
            render: (_, g) => (
              <Switch
                checked={g.storeEnabled === FLAG.yes}
                disabled={!may}
                loading={saving === g.gradeId}
                aria-label={`${g.gradeName}店铺开关`}
                onChange={(on) => void toggle(g.gradeId, on)}
              />
            ),
          },
        ]}
      />
      <AgentStore />
    </Card>
  );
}
