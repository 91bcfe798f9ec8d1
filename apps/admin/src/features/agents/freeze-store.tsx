import { useState } from 'react';
import { Button, DatePicker, Form, InputNumber } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { freezeStore } from '@shop/contract/staff-funds';
import { call } from '../../lib/api.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { ActionModal } from './action-modal.js';

/**
 * 冻结货款 (ADR 0017, ADR 0033): moves part of the agent's goods fund into a frozen record until a release date; from
 * that day the agent thaws it back (spec 3 §9 codes 24 / 14). The reason goes into the audit trail; the retry of one
 * submission is answered once (ADR 0023).
 */
export function FreezeStoreButton({ agent }: { agent: { agentId: number; phone: string; lastStore: string } }) {
  const [open, setOpen] = useState(false);
  const intent = useIntentKey();
  const queryClient = useQueryClient();
  return (
    <>
      <Button onClick={() => setOpen(true)}>冻结货款</Button>
      <ActionModal<{ frozenMoney: number; releaseDate: Dayjs }>
        open={open}
        title="冻结货款"
        okText="冻结"
        onClose={() => setOpen(false)}
        onSubmit={async (v) => {
          const content = { agentPhone: agent.phone, frozenMoney: String(v.frozenMoney), releaseDate: v.releaseDate.format('YYYY-MM-DD'), remark: v.reason.trim() };
          await call(freezeStore, { ...content, idempotencyKey: intent.for(content) });
          intent.done();
          await queryClient.invalidateQueries({ queryKey: ['selectAgentDetail', agent.agentId] });
          await queryClient.invalidateQueries({ queryKey: ['selectAgentMoneyRecords'] });
        }}
      >
        <Form.Item
          name="frozenMoney"
          label={`冻结金额（元，当前货款余额 ¥${agent.lastStore}）`}
          rules={[{ required: true, message: '请输入冻结金额' }]}
        >
          <InputNumber min={0.01} max={Number(agent.lastStore)} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="releaseDate" label="解冻日期（当天起代理商可解冻）" rules={[{ required: true, message: '请选择解冻日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs().add(1, 'day'), 'day')} />
        </Form.Item>
      </ActionModal>
    </>
  );
}
