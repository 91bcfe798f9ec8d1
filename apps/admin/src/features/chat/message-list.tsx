import { useEffect, useRef } from 'react';
import { Empty, Flex, Image, Typography, theme } from 'antd';
import { CHAT_MSG_TYPE, CHAT_SEND_TYPE } from '@shop/contract/chat';
import type { ShownMessage } from './use-staff-chat.js';

/** The selected conversation, oldest first; service replies on the right; scrolls to the newest message. */
export function MessageList({ messages, agentName }: { messages: ShownMessage[]; agentName: string }) {
  const { token } = theme.useToken();
  const end = useRef<HTMLDivElement>(null);
  // Braces: this Chromium's scrollIntoView answers a Promise, which React would take for the effect's cleanup.
  useEffect(() => {
    void end.current?.scrollIntoView({ block: 'end' });
  }, [messages]);

  if (messages.length === 0) return <Empty style={{ marginTop: 80 }} description="还没有消息" />;
  return (
    <Flex vertical gap={12} role="log" aria-label="会话消息" style={{ padding: 16 }}>
      {messages.map((m) => {
        const mine = m.sendType === CHAT_SEND_TYPE.service;
        return (
          <Flex key={m.id ?? m.clientMsgId} vertical align={mine ? 'flex-end' : 'flex-start'} className={mine ? 'chat-msg service' : 'chat-msg agent'}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {mine ? '客服' : agentName} {m.createDate ?? ''}
            </Typography.Text>
            <div
              style={{
                maxWidth: '70%',
                padding: m.msgType === CHAT_MSG_TYPE.image ? 4 : '8px 12px',
                borderRadius: token.borderRadiusLG,
                background: mine ? token.colorPrimaryBg : token.colorFillTertiary,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
              }}
            >
              {m.msgType === CHAT_MSG_TYPE.image ? <Image src={m.picUrl} width={160} alt={mine ? '客服发送的图片' : '代理商发送的图片'} /> : m.content}
            </div>
            {m.status === 'sending' && <Typography.Text type="secondary" style={{ fontSize: 12 }}>发送中…</Typography.Text>}
            {m.status === 'failed' && <Typography.Text type="danger" style={{ fontSize: 12 }}>{`发送失败：${m.failure ?? ''}`}</Typography.Text>}
          </Flex>
        );
      })}
      <div ref={end} />
    </Flex>
  );
}
