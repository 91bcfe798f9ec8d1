import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space } from 'antd';
import {
  ACCOUNT_NAMES,
  adjustAgentBalance,
  adjustmentUnits,
  changeAgentGrade,
  resetAgentPassword,
  setAgentLoginEnabled,
  STAFF_AGENT_MESSAGES as M,
  type AdjustableAccount,
} from '@shop/contract/staff-agents';
import { fenToYuan, yuanToFen } from '@shop/contract/fen';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { ActionModal } from './action-modal.js';
import { useGrades } from './use-grades.js';

export interface ActionAgent {
  agentId: number;
  agentName: string;
  gradeId: number;
  loginEnabled: boolean;
  lastStore: string;
  laveIncome: string;
  laveIntegral: number;
}

type Open = 'adjust' | 'login' | 'grade' | 'password' | null;

/** Units of a balance (fen or points) and back to what a person reads: ¥ with two decimals, or points. */
const unitsOf = (a: ActionAgent, account: AdjustableAccount) =>
  account === 'store' ? yuanToFen(a.lastStore) : account === 'income' ? yuanToFen(a.laveIncome) : a.laveIntegral;
const show = (account: AdjustableAccount, units: number) => (account === 'integral' ? `${units} 积分` : `¥${fenToYuan(units)}`);

/** The writes on an agent, each shown only to roles the permission table allows (the server checks again). */
export function AgentActions({ agent }: { agent: ActionAgent }) {
  const [open, setOpen] = useState<Open>(null);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const grades = useGrades();
  const close = () => setOpen(null);
  const done = async (text: string) => {
    message.success(text);
    await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('selectAgent') || q.queryKey[0] === 'searchAgents' });
  };
  const confirm = (title: string, content: string) =>
    new Promise<void>((resolve, reject) => {
      modal.confirm({ title, content, okText: '确认', onOk: () => resolve(), onCancel: () => reject(new Error('')) });
    });

  const adjust = async (v: { account: AdjustableAccount; amount: string; reason: string }) => {
    const units = adjustmentUnits(v.account, v.amount) as number;
    const before = unitsOf(agent, v.account);
    const after = before + units;
    if (after < 0) throw new Error(v.account === 'store' ? M.storeTooLow : v.account === 'income' ? M.incomeTooLow : M.integralTooLow);
    await confirm('确认调整余额', `${agent.agentName} 的${ACCOUNT_NAMES[v.account]}：${show(v.account, before)} → ${show(v.account, after)}（${units > 0 ? '增加' : '减少'} ${show(v.account, Math.abs(units))}）`);
    const r = await call(adjustAgentBalance, { agentId: agent.agentId, account: v.account, amount: v.amount, reason: v.reason });
    await done(`调整成功，${ACCOUNT_NAMES[v.account]}现为 ${v.account === 'integral' ? `${r.obj.balanceAfter} 积分` : `¥${r.obj.balanceAfter}`}`);
  };
  const switchLogin = async (v: { reason: string }) => {
    await call(setAgentLoginEnabled, { agentId: agent.agentId, enabled: !agent.loginEnabled, reason: v.reason });
    await done(agent.loginEnabled ? '已禁止登录，代理商的登录状态已全部结束' : '已允许登录');
  };
  const grade = async (v: { gradeId: number; reason: string }) => {
    const r = await call(changeAgentGrade, { agentId: agent.agentId, gradeId: v.gradeId, reason: v.reason });
    await done(`等级已改为 ${r.obj.gradeName}`);
  };
  const password = async (v: { password: string; reason: string }) => {
    await call(resetAgentPassword, { agentId: agent.agentId, password: v.password, reason: v.reason });
    await done('密码已重置，请将新密码告知代理商本人；其登录状态已全部结束');
  };

  return (
    <Space wrap>
      {staffSession.may(adjustAgentBalance.name) && (
        <Button type="primary" onClick={() => setOpen('adjust')}>
          调整余额
        </Button>
      )}
      {staffSession.may(setAgentLoginEnabled.name) && (
        <Button danger={agent.loginEnabled} onClick={() => setOpen('login')}>
          {agent.loginEnabled ? '禁用登录' : '启用登录'}
        </Button>
      )}
      {staffSession.may(changeAgentGrade.name) && <Button onClick={() => setOpen('grade')}>修改等级</Button>}
      {staffSession.may(resetAgentPassword.name) && <Button onClick={() => setOpen('password')}>重置登录密码</Button>}

      <ActionModal open={open === 'adjust'} title="调整余额" okText="下一步" onSubmit={adjust} onClose={close}>
        <Form.Item name="account" label="账户" initialValue="store" rules={[{ required: true, message: M.accountRequired }]}>
          <Select options={(['store', 'income', 'integral'] as const).map((a) => ({ value: a, label: `${ACCOUNT_NAMES[a]}（当前 ${show(a, unitsOf(agent, a))}）` }))} />
        </Form.Item>
        <Form.Item noStyle dependencies={['account']}>
          {({ getFieldValue }) => (
            <Form.Item
              name="amount"
              label={getFieldValue('account') === 'integral' ? '调整积分（减少请输入负数）' : '调整金额（元，减少请输入负数）'}
              rules={[
                { required: true, whitespace: true, message: M.amountRequired },
                {
                  validator: async (_, value: string) => {
                    const r = value?.trim() ? adjustmentUnits(getFieldValue('account'), value) : 0;
                    if (typeof r === 'string') throw new Error(r);
                  },
                },
              ]}
            >
              <Input placeholder={getFieldValue('account') === 'integral' ? '例如 100 或 -50' : '例如 12.34 或 -5.00'} />
            </Form.Item>
          )}
        </Form.Item>
      </ActionModal>

      <ActionModal
        open={open === 'login'}
        title={agent.loginEnabled ? '禁用登录' : '启用登录'}
        okText={agent.loginEnabled ? '禁用登录' : '启用登录'}
        danger={agent.loginEnabled}
        onSubmit={switchLogin}
        onClose={close}
      >
        <p>{agent.loginEnabled ? `禁用后 ${agent.agentName} 将无法登录，已登录的设备会立即退出。` : `启用后 ${agent.agentName} 可以重新登录。`}</p>
      </ActionModal>

      <ActionModal open={open === 'grade'} title="修改等级" okText="修改" onSubmit={grade} onClose={close}>
        <Form.Item name="gradeId" label="新等级" initialValue={agent.gradeId} rules={[{ required: true, message: M.gradeRequired }]}>
          <Select options={grades.options} loading={grades.isLoading} />
        </Form.Item>
      </ActionModal>

      <ActionModal open={open === 'password'} title="重置登录密码" okText="重置" danger onSubmit={password} onClose={close}>
        <p>重置后代理商已登录的设备会立即退出，需用新密码登录。</p>
        <Form.Item
          name="password"
          label="新登录密码"
          rules={[
            { required: true, whitespace: true, message: '请输入新密码' },
            { min: 6, max: 10, message: '密码长度为6~10位' },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={10} />
        </Form.Item>
      </ActionModal>
    </Space>
  );
}
