import { useState } from 'react';
import { Link } from 'react-router';
import { Empty, Steps, Tree, Typography, type TreeDataNode } from 'antd';
import { selectAgentInvitees } from '@shop/contract/staff-agents';
import { call } from '../../lib/api.js';

interface ChainLink {
  agentId: number;
  agentName: string;
  phone: string;
  agentCode: string;
  gradeName: string;
}

const node = (l: ChainLink & { invitees: number }): TreeDataNode => ({
  key: l.agentId,
  title: (
    <span>
      <Link to={`/agents/${l.agentId}`}>{l.agentName}</Link> {l.phone} · {l.gradeName}
      {l.invitees > 0 && <Typography.Text type="secondary"> （邀请 {l.invitees} 人）</Typography.Text>}
    </span>
  ),
  isLeaf: l.invitees === 0,
});

function withChildren(nodes: TreeDataNode[], key: React.Key, children: TreeDataNode[]): TreeDataNode[] {
  return nodes.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children, key, children) } : n));
}

/** 邀请关系: the inviter chain up to the top (top first, as a path down to this agent), and the invitees, loaded level by level. */
export function InviteTree({ agent, chain, invitees }: { agent: ChainLink; chain: ChainLink[]; invitees: number }) {
  const root: TreeDataNode = { ...node({ ...agent, invitees }), key: agent.agentId };
  const [tree, setTree] = useState<TreeDataNode[]>([root]);
  const [error, setError] = useState('');
  const load = async (n: TreeDataNode) => {
    if (n.children) return;
    try {
      const r = await call(selectAgentInvitees, { agentId: Number(n.key) });
      setTree((t) => withChildren(t, n.key, r.objs.map(node)));
    } catch (e) {
      setError(e instanceof Error ? e.message : '加载失败，请重试');
    }
  };
  const path = [...chain].reverse();
  return (
    <div>
      <Typography.Title level={5}>邀请链（从顶层到本人）</Typography.Title>
      {path.length === 0 ? (
        <Typography.Paragraph type="secondary">没有邀请人（顶层代理商）</Typography.Paragraph>
      ) : (
        <Steps
          size="small"
          current={path.length}
          style={{ marginBottom: 24 }}
          items={[
            ...path.map((l) => ({ title: <Link to={`/agents/${l.agentId}`}>{l.agentName}</Link>, description: `${l.phone} · ${l.gradeName}` })),
            { title: agent.agentName, description: '本人' },
          ]}
        />
      )}
      <Typography.Title level={5}>邀请的代理商</Typography.Title>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {invitees === 0 ? <Empty description="尚未邀请代理商" /> : <Tree treeData={tree} loadData={load} defaultExpandedKeys={[agent.agentId]} showLine />}
    </div>
  );
}
