import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Input, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { decideSettingProposal, selectSettingProposals, type SettingProposal, PROPOSAL_STATE } from '@shop/contract/setting-proposals';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { PROPOSALS_QUERY, SETTINGS_QUERY } from './area-form.js';

/** One pending change: before → after in words; approve, or reject with a reason. The proposer cannot decide it. */
function ProposalCard({ p }: { p: SettingProposal }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = async (approve: boolean) => {
    setBusy(true);
    try {
      const reply = await call(decideSettingProposal, { id: p.id, approve, reason: reason.trim() });
      message.success(approve ? '已通过，变更已生效' : reply.msg || '已驳回');
      setRejecting(false);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '操作失败，请重试');
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: [PROPOSALS_QUERY] });
      void client.invalidateQueries({ queryKey: SETTINGS_QUERY });
    }
  };
  return (
    <Card size="small" type="inner" title={`${p.keyName}（${p.proposedBy} 于 ${p.createDate} 提交）`} style={{ marginBottom: 12 }}
      extra={
        p.mine ? (
          <Typography.Text type="secondary">您提交的变更，需由另一名财务或管理员复核</Typography.Text>
        ) : (
          <Space>
            <Button type="primary" loading={busy} onClick={() => void decide(true)}>
              通过
            </Button>
            <Button danger onClick={() => setRejecting(true)}>
              驳回
            </Button>
          </Space>
        )
      }
    >
      <Descriptions column={1} size="small" items={[
        { key: 'before', label: '变更前', children: p.before },
        { key: 'after', label: '变更后', children: <Typography.Text strong>{p.after}</Typography.Text> },
      ]} />
      <Modal open={rejecting} title={`驳回：${p.keyName}`} okText="确认驳回" okButtonProps={{ danger: true }} confirmLoading={busy} onOk={() => void decide(false)} onCancel={() => setRejecting(false)} destroyOnHidden>
        <Input.TextArea aria-label="驳回原因" rows={3} maxLength={80} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder="请填写驳回原因" />
      </Modal>
    </Card>
  );
}

/** 待复核的变更 (ADR 0032): money settings proposed by one member and waiting for another. */
export function ProposalsPanel() {
  const query = useQuery({ queryKey: [PROPOSALS_QUERY], queryFn: () => call(selectSettingProposals, {}) });
  const pending = (query.data?.objs ?? []).filter((p) => p.state === PROPOSAL_STATE.pending);
  const decided = (query.data?.objs ?? []).filter((p) => p.state !== PROPOSAL_STATE.pending).slice(0, 5);
  return (
    <Card size="small" title="待复核的变更" style={{ marginBottom: 16 }} extra={<Typography.Text type="secondary">收款账户、提现规则和收益设置须两人确认后生效</Typography.Text>}>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      {query.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {query.data && pending.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有待复核的变更" />}
      {pending.map((p) => (
        <ProposalCard key={p.id} p={p} />
      ))}
      {decided.length > 0 && (
        <Alert
          type="info"
          style={{ marginTop: 8 }}
          message="最近处理"
          description={decided.map((p) => (
            <div key={p.id}>
              <Tag color={p.state === PROPOSAL_STATE.passed ? 'green' : 'red'}>{p.stateText}</Tag>
              {p.keyName}：{p.proposedBy} 提交，{p.decidedBy} 于 {p.decidedDate} 处理{p.reason ? `（${p.reason}）` : ''}
            </div>
          ))}
        />
      )}
    </Card>
  );
}
