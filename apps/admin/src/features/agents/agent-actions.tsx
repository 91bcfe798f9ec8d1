import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space } from 'antd';
import {
  ACCOUNT_NAMES,
  adjustAgentBalance,
  adjustmentUnits,
  changeAgentGrade,
  reactivateAgent,
  resetAgentPassword,
  setAgentLoginEnabled,
  STAFF_AGENT_MESSAGES as M,
  waiveAgentBondDue,
  type AdjustableAccount,
} from '@shop/contract/staff-agents';
import { fenToYuan, yuanToFen } from '@shop/contract/fen';
import { maskPhone } from '@shop/contract/lookups';
import { call } from '../../lib/api.js';
import { useIntentKey } from '../../lib/idempotency.js';
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
  /** The agent's phone, shown masked where the one-time password of a reset goes (ADR 0024). */
  phone?: string;
  /** ADR 0026: the compliance deposit is due (the waiver applies); the agent left by a full refund (reactivation applies). */
  needBond?: boolean;
  isActive?: boolean;
}

type Open = 'adjust' | 'login' | 'grade' | 'password' | 'waive' | 'reactivate' | null;

/** Units of a balance (fen or points) and back to what a person reads: ¥ with two decimals, or points. */
const unitsOf = (a: ActionAgent, account: AdjustableAccount) =>
  account === 'store' ? yuanToFen(a.lastStore) : account === 'totalScore' ? yuanToFen(a.laveIncome) : a.laveIntegral;
const show = (account: AdjustableAccount, units: number) => (account === 'integral' ? `${units} 积分` : `¥${fenToYuan(units)}`);

/** The writes on an agent, each shown only to roles the permission table allows (the server checks again). */
export function AgentActions({ agent }: { agent: ActionAgent }) {
  const [open, setOpen] = useState<Open>(null);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const grades = useGrades();
  // ADR 0023: a retry of one adjustment carries its key; another amount, account or reason is another adjustment.
  const adjustIntent = useIntentKey();
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
    if (after < 0) throw new Error(v.account === 'store' ? M.storeTooLow : v.account === 'totalScore' ? M.totalScoreTooLow : M.integralTooLow);
    await confirm('确认调整余额', `${agent.agentName} 的${ACCOUNT_NAMES[v.account]}：${show(v.account, before)} → ${show(v.account, after)}（${units > 0 ? '增加' : '减少'} ${show(v.account, Math.abs(units))}）`);
    const content = { agentId: agent.agentId, account: v.account, amount: v.amount, reason: v.reason };
    const r = await call(adjustAgentBalance, { ...content, idempotencyKey: adjustIntent.for(content) });
    adjustIntent.done();
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
  // ADR 0024: staff choose no password; the server sends a one-time one by SMS to the agent's own phone.
  const password = async (v: { reason: string }) => {
    const r = await call(resetAgentPassword, { agentId: agent.agentId, reason: v.reason });
    await done(`一次性密码已短信发送至 ${r.obj.phone}；代理商的登录状态已全部结束，下次登录须设置新密码`);
  };

  const waive = async (v: { reason: string }) => {
    await call(waiveAgentBondDue, { agentId: agent.agentId, reason: v.reason });
    await done('已免缴合规金，代理商可以进货、提现和转款');
  };
  const reactivate = async (v: { reason: string }) => {
    const r = await call(reactivateAgent, { agentId: agent.agentId, reason: v.reason });
    await done(r.obj.needBond ? '代理商已恢复，需先缴纳合规金才能进货' : '代理商已恢复');
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
      {agent.needBond && agent.isActive !== false && staffSession.may(waiveAgentBondDue.name) && <Button onClick={() => setOpen('waive')}>免缴合规金</Button>}
      {agent.isActive === false && staffSession.may(reactivateAgent.name) && (
        <Button type="primary" onClick={() => setOpen('reactivate')}>
          恢复代理商
        </Button>
      )}

      <ActionModal open={open === 'waive'} title="免缴合规金" okText="免缴" onSubmit={waive} onClose={close}>
        <p>免缴后 {agent.agentName} 无需缴纳本等级的合规金即可进货、提现和转款；等级再次变化时重新计算。</p>
      </ActionModal>

      <ActionModal open={open === 'reactivate'} title="恢复代理商" okText="恢复" onSubmit={reactivate} onClose={close}>
        <p>{agent.agentName} 已退还全部合规金并退出。恢复后可重新登录，合规金低于等级标准时需先缴纳才能进货。</p>
      </ActionModal>

      <ActionModal open={open === 'adjust'} title="调整余额" okText="下一步" onSubmit={adjust} onClose={close}>
        <Form.Item name="account" label="账户" initialValue="store" rules={[{ required: true, message: M.accountRequired }]}>
          <Select options={(['store', 'totalScore', 'integral'] as const).map((a) => ({ value: a, label: `${ACCOUNT_NAMES[a]}（当前 ${show(a, unitsOf(agent, a))}）` }))} />
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
        <p>
          系统将生成一次性登录密码，以短信发送至代理商本人手机{agent.phone ? ` ${maskPhone(agent.phone)}` : ''}，您不会看到该密码。重置后代理商已登录的设备会立即退出，用一次性密码登录后须先设置新密码。
        </p>
      </ActionModal>
    </Space>
  );
}
