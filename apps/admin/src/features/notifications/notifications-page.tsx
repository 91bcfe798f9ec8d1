import type { ReactElement } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Progress, Select, Table, Tabs, Tag } from 'antd';
import { selectAgentGrades } from '@shop/contract/staff-agents';
import { retryDeadLetter, selectAnnouncements, selectDeadLetters, sendAnnouncement } from '@shop/contract/notifications';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

/** 发布公告: a message to every agent or one grade, in their message centre (ADR 0037). */
function AnnouncementPanel() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ title: string; body: string; gradeId: number | null }>();
  const grades = useQuery({ queryKey: ['selectAgentGrades'], queryFn: () => call(selectAgentGrades, {}) });
  const send = useMutation({
    mutationFn: (v: { title: string; body: string; gradeId: number | null }) => call(sendAnnouncement, v),
    onSuccess: (r) => {
      message.success(`公告已开始发送，共 ${r.obj.count} 位代理商，进度见"公告记录"`);
      form.resetFields();
      void client.invalidateQueries({ queryKey: ['selectAnnouncements'] });
    },
    onError: (e) => message.error(e instanceof Error ? e.message : '发送失败，请重试'),
  });
  const options = [{ value: 0, label: '全部代理商' }, ...(grades.data?.objs ?? []).map((g) => ({ value: g.id, label: g.gradeName }))];
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{ gradeId: 0 }}
      onFinish={(v) => {
        const gradeId = v.gradeId ? Number(v.gradeId) : null;
        const scope = options.find((o) => o.value === (gradeId ?? 0))?.label ?? '全部代理商';
        modal.confirm({ title: '确认发送公告', content: `发送给：${scope}。发送后无法撤回。`, okText: '发送', cancelText: '取消', onOk: () => send.mutateAsync({ title: v.title, body: v.body, gradeId }) });
      }}
    >
      <QueryError error={grades.error} retry={() => void grades.refetch()} />
      <Form.Item name="gradeId" label="发送范围">
        <Select options={options} loading={grades.isLoading} aria-label="发送范围" style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入公告标题' }, { max: 30, message: '公告标题不能超过30个字' }]}>
        <Input maxLength={30} showCount placeholder="例如：春节发货安排" />
      </Form.Item>
      <Form.Item name="body" label="内容" rules={[{ required: true, whitespace: true, message: '请输入公告内容' }, { max: 300, message: '公告内容不能超过300个字' }]}>
        <Input.TextArea rows={5} maxLength={300} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        发送公告
      </Button>
    </Form>
  );
}

/** 公告记录 (ADR 0043): each announcement with 已发送 N / M while the job writes it in batches; refreshed while sending. */
function AnnouncementsPanel() {
  const query = useQuery({
    queryKey: ['selectAnnouncements'],
    queryFn: () => call(selectAnnouncements, {}),
    refetchInterval: (q) => (q.state.data?.objs.some((a) => a.state === 'sending') ? 5000 : false),
  });
  return (
    <>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      <Table
        rowKey="id"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data?.objs ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '还没有发送过公告' }}
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '范围', dataIndex: 'scopeText', width: 160 },
          {
            title: '进度',
            key: 'progress',
            width: 260,
            render: (_, r) => (
              <div>
                <div>{`已发送 ${r.sent} / ${r.total}`}</div>
                <Progress percent={r.total ? Math.floor((r.sent * 100) / r.total) : 100} size="small" showInfo={false} aria-label={`${r.title} 已发送 ${r.sent} / ${r.total}`} />
              </div>
            ),
          },
          { title: '状态', key: 'state', width: 90, render: (_, r) => <Tag color={r.state === 'done' ? 'green' : 'blue'}>{r.stateText}</Tag> },
          { title: '发送人', dataIndex: 'staffName', width: 100 },
          { title: '时间', dataIndex: 'createDate', width: 170 },
        ]}
      />
    </>
  );
}

/** 发送失败: template messages WeChat did not take after every retry, with 重新发送 (admin). */
function DeadLettersPanel() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['selectDeadLetters'], queryFn: () => call(selectDeadLetters, {}) });
  const retry = useMutation({
    mutationFn: (id: number) => call(retryDeadLetter, { id }),
    onSuccess: (r) => message.success(r.msg || '已重新排队发送'),
    onError: (e) => message.error(e instanceof Error ? e.message : '操作失败，请重试'),
    onSettled: () => client.invalidateQueries({ queryKey: ['selectDeadLetters'] }),
  });
  return (
    <>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      <Table
        rowKey="id"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data?.objs ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '没有发送失败的消息' }}
        columns={[
          { title: '代理商', key: 'agent', render: (_, r) => `${r.agentName} ${r.phone}` },
          { title: '类型', dataIndex: 'kindText' },
          { title: '消息', dataIndex: 'title' },
          { title: '尝试次数', dataIndex: 'attempts', width: 90 },
          { title: '失败原因', dataIndex: 'lastError', ellipsis: true },
          { title: '时间', dataIndex: 'createDate', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 110,
            render: (_, r) => (
              <Button size="small" onClick={() => retry.mutate(r.id)} loading={retry.isPending && retry.variables === r.id}>
                重新发送
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

/** 消息通知 (ADR 0037): announcements and failed WeChat messages, each for its roles (templates: 系统设置). */
export default function NotificationsPage() {
  const items = [
    staffSession.may('sendAnnouncement') && { key: 'announce', label: '发布公告', children: <AnnouncementPanel /> },
    staffSession.may('selectAnnouncements') && { key: 'sent', label: '公告记录', children: <AnnouncementsPanel /> },
    staffSession.may('selectDeadLetters') && { key: 'dead', label: '发送失败', children: <DeadLettersPanel /> },
  ].filter((x): x is { key: string; label: string; children: ReactElement } => !!x);
  return (
    <Card title="消息通知">
      <Tabs items={items} />
    </Card>
  );
}
