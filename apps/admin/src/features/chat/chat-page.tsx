import { useRef } from 'react';
import { App, Alert, Badge, Button, Card, Empty, Flex, Menu, Space, Tag, Typography, theme } from 'antd';
import type { ChatConversation } from '@shop/contract/chat';
import { MessageList } from './message-list.js';
import { ReplyBox } from './reply-box.js';
import { useStaffChat, type LinkState } from './use-staff-chat.js';

const LINK: Record<LinkState, { color: string; text: string }> = {
  connecting: { color: 'processing', text: '连接中' },
  online: { color: 'success', text: '在线' },
  reconnecting: { color: 'warning', text: '连接断开，正在重连' },
  refused: { color: 'error', text: '无权使用' },
};

const nameOf = (c: ChatConversation | undefined) => (c ? c.cusName || `代理商 #${c.cusId}` : '');

function ConversationLabel({ c }: { c: ChatConversation }) {
  return (
    <Flex vertical style={{ lineHeight: 1.5, minWidth: 0 }}>
      <Flex justify="space-between" gap={8}>
        <Typography.Text strong ellipsis>
          {nameOf(c)}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
          {c.lastDate.slice(5, 16)}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
        {c.lastContent || '（刚进入会话，尚无消息）'}
      </Typography.Text>
    </Flex>
  );
}

/** 客服会话: the open conversations (unread counts), the selected one live over the staff socket, replies, 结束会话. */
export default function ChatPage() {
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const chat = useStaffChat((msg) => message.error(msg));
  // A closed conversation leaves the list; its header keeps the agent's name.
  const seen = useRef<ChatConversation | undefined>(undefined);
  const listed = chat.conversations.find((c) => c.chatId === chat.selected);
  if (listed) seen.current = listed;
  const current = listed ?? (seen.current?.chatId === chat.selected ? seen.current : undefined);
  const unread = chat.conversations.reduce((n, c) => n + c.unread, 0);

  const confirmClose = () =>
    chat.selected !== null &&
    modal.confirm({
      title: `结束与 ${nameOf(current)} 的会话？`,
      content: '结束后代理商会看到“会话已结束”，需重新进入客服页面才能继续咨询。',
      okText: '结束会话',
      okButtonProps: { danger: true },
      onOk: () => {
        if (!chat.close(chat.selected!)) message.error('连接已断开，正在重新连接，请稍后再试');
      },
    });

  if (chat.link === 'refused') return <Alert type="error" showIcon title="您的角色不能使用客服会话" description="如需接待代理商，请联系管理员为您分配客服角色。" />;

  return (
    <Card styles={{ body: { padding: 0 } }}>
      <Flex style={{ height: 'calc(100vh - 170px)', minHeight: 480 }}>
        <Flex vertical style={{ width: 300, borderRight: `1px solid ${token.colorBorderSecondary}` }}>
          <Flex justify="space-between" align="center" style={{ padding: '12px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <Space>
              <Typography.Text strong>进行中的会话</Typography.Text>
              <Badge count={unread} aria-label={`未读 ${unread} 条`} />
            </Space>
            <Tag color={LINK[chat.link].color}>{LINK[chat.link].text}</Tag>
          </Flex>
          <div style={{ overflowY: 'auto', flex: 1 }}>
            {chat.conversations.length === 0 ? (
              <Empty style={{ marginTop: 80 }} description="暂无进行中的会话" />
            ) : (
              <Menu
                aria-label="会话列表"
                selectedKeys={chat.selected === null ? [] : [String(chat.selected)]}
                onClick={(e) => chat.select(Number(e.key))}
                style={{ borderInlineEnd: 'none' }}
                items={chat.conversations.map((c) => ({
                  key: String(c.chatId),
                  label: <ConversationLabel c={c} />,
                  extra: <Badge count={c.unread} />,
                  style: { height: 'auto', paddingBlock: 8 },
                }))}
              />
            )}
          </div>
        </Flex>
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          {chat.selected === null ? (
            <Empty style={{ margin: 'auto' }} description="请从左侧选择一个会话开始回复" />
          ) : (
            <>
              <Flex justify="space-between" align="center" style={{ padding: '12px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {nameOf(current) || '会话'}
                </Typography.Title>
                <Button danger onClick={confirmClose} disabled={chat.closed}>
                  结束会话
                </Button>
              </Flex>
              {chat.closed && <Alert type="info" showIcon banner title="会话已结束，代理商重新进入客服页面后会出现在左侧列表。" />}
              <div style={{ flex: 1, overflowY: 'auto' }}>
                <MessageList messages={chat.messages} agentName={nameOf(current) || '代理商'} />
              </div>
              <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}` }}>
                <ReplyBox
                  disabled={chat.closed || chat.link !== 'online'}
                  onText={(content) => chat.reply({ msgType: 0, content })}
                  onImage={(imageBase64, previewUrl) => chat.reply({ msgType: 1, imageBase64, previewUrl })}
                />
              </div>
            </>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
