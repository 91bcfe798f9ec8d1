import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import { saveChatGreeting, selectChatGreeting } from '@shop/contract/content-console';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

/** 客服欢迎语: what a customer reads when a chat opens (spec 3 §7 sayHello). */
export default function GreetingPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ greetings: string }>();
  const query = useQuery({ queryKey: ['selectChatGreeting'], queryFn: () => call(selectChatGreeting, {}) });
  const save = useMutation({
    mutationFn: (greetings: string) => call(saveChatGreeting, { greetings }),
    onSuccess: (r) => message.success(r.msg || '欢迎语已保存'),
    onError: (e) => message.error(e instanceof Error ? e.message : '保存失败，请重试'),
  });
  useEffect(() => {
    if (query.data) form.setFieldsValue({ greetings: query.data.obj.greetings });
  }, [query.data, form]);
  const mayEdit = staffSession.may('saveChatGreeting');

  return (
    <Card title="客服欢迎语" loading={query.isLoading}>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={(v) => save.mutate(v.greetings)} disabled={!mayEdit}>
        <Form.Item name="greetings" label="顾客打开客服对话时看到的欢迎语" rules={[{ required: true, whitespace: true, message: '请输入欢迎语' }, { max: 200, message: '欢迎语不能超过200个字' }]}>
          <Input.TextArea rows={4} showCount maxLength={200} placeholder="例如：您好，欢迎咨询，请问有什么可以帮您？" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
