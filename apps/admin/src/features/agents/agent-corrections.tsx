import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { changeAgentInviter, CORRECTION_MESSAGES as M, createAgentByStaff, editAgentProfile } from '@shop/contract/staff-corrections';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { ActionModal } from './action-modal.js';
import { useGrades } from './use-grades.js';

const MOBILE = /^1[3-9]\d{9}$/;
const reloadAgents = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('selectAgent') || q.queryKey[0] === 'searchAgents' });

export interface CorrectableAgent {
  agentId: number;
  agentName: string;
  wxNumber: string;
  phone: string;
  inviterName: string;
  inviterPhone: string;
}

/** ADR 0035: the service desk's profile edit and the admin's inviter change, each with its reason (audited). */
export function AgentCorrectionActions({ agent }: { agent: CorrectableAgent }) {
  const [open, setOpen] = useState<'profile' | 'inviter' | null>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const close = () => setOpen(null);
  const mayProfile = staffSession.may(editAgentProfile.name);
  const mayInviter = staffSession.may(changeAgentInviter.name);
  if (!mayProfile && !mayInviter) return null;

  const profile = async (v: { agentName: string; wxNumber?: string; phone: string; reason: string }) => {
    const r = await call(editAgentProfile, { agentId: agent.agentId, agentName: v.agentName, wxNumber: v.wxNumber ?? '', phone: v.phone, reason: v.reason });
    message.success(r.obj.sessionsEnded ? '资料已保存；手机号已更换，代理商须用新手机号重新登录' : '资料已保存');
    await reloadAgents(queryClient);
  };
  const inviter = async (v: { inviterPhone: string; reason: string }) => {
    const r = await call(changeAgentInviter, { agentId: agent.agentId, inviterPhone: v.inviterPhone, reason: v.reason });
    message.success(`邀请人已改为 ${r.obj.inviterName}；自此后的订单按新关系计算收益`);
    await reloadAgents(queryClient);
  };

  return (
    <Space wrap style={{ marginTop: 12 }}>
      {mayProfile && <Button onClick={() => setOpen('profile')}>修改资料</Button>}
      {mayInviter && <Button onClick={() => setOpen('inviter')}>修改邀请人</Button>}

      <ActionModal open={open === 'profile'} title="修改代理商资料" okText="保存" onSubmit={profile} onClose={close}>
        <Form.Item name="agentName" label="姓名" initialValue={agent.agentName} rules={[{ required: true, whitespace: true, message: M.nameRequired }, { max: 20, message: M.nameTooLong }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="wxNumber" label="微信号" initialValue={agent.wxNumber} rules={[{ max: 32, message: M.wxTooLong }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号（登录账号）"
          initialValue={agent.phone}
          extra="更换手机号后，代理商已登录的设备会立即退出，须用新手机号登录。"
          rules={[{ required: true, message: M.phoneRequired }, { pattern: MOBILE, message: M.phoneInvalid }]}
        >
          <Input maxLength={11} />
        </Form.Item>
      </ActionModal>

      <ActionModal open={open === 'inviter'} title="修改邀请人" okText="修改" onSubmit={inviter} onClose={close}>
        <Typography.Paragraph>
          当前邀请人：{agent.inviterName ? `${agent.inviterName} ${agent.inviterPhone}` : '无'}。新邀请人不能是该代理商本人或其下级；修改后只影响之后的订单收益，已产生的收益不变。
        </Typography.Paragraph>
        <Form.Item name="inviterPhone" label="新邀请人手机号" rules={[{ required: true, message: M.inviterPhoneRequired }, { pattern: MOBILE, message: M.phoneInvalid }]}>
          <Input maxLength={11} />
        </Form.Item>
      </ActionModal>
    </Space>
  );
}

/** ADR 0035: the admin creates an agent who joins offline; the registration rules apply, a one-time password goes by SMS. */
export function CreateAgentButton() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ agentName: string; phone: string; gradeId: number; inviterPhone: string }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grades = useGrades();
  if (!staffSession.may(createAgentByStaff.name)) return null;
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await call(createAgentByStaff, v);
      message.success(`代理商已创建（${r.obj.agentCode}），一次性登录密码已短信发送至 ${r.obj.phone}`);
      setOpen(false);
      await reloadAgents(queryClient);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '创建失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        新建代理商
      </Button>
      <Modal open={open} title="新建代理商（线下加入）" okText="创建" confirmLoading={busy} onOk={submit} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph>
          按注册规则创建：等级须开放注册，邀请人须为在册代理商；创建后须完成该等级的首充，合规金规则与自行注册相同。系统以短信发送一次性登录密码，您不会看到该密码，代理商首次登录须设置新密码。
        </Typography.Paragraph>
        <Form form={form} name="createAgent" layout="vertical" preserve={false}>
          <Form.Item name="agentName" label="姓名" rules={[{ required: true, whitespace: true, message: M.nameRequired }, { max: 20, message: M.nameTooLong }]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="phone" label="手机号（登录账号）" rules={[{ required: true, message: M.phoneRequired }, { pattern: MOBILE, message: M.phoneInvalid }]}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="gradeId" label="等级" rules={[{ required: true, message: M.gradeRequired }]}>
            <Select options={grades.options} loading={grades.isLoading} placeholder="请选择等级" />
          </Form.Item>
          <Form.Item name="inviterPhone" label="邀请人手机号" rules={[{ required: true, message: M.inviterPhoneRequired }, { pattern: MOBILE, message: M.phoneInvalid }]}>
            <Input maxLength={11} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
