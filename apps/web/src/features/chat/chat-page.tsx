import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { CHAT_MSG_TYPE, CHAT_SEND_TYPE, chatTextProblem } from '@shop/contract/chat';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, uploadImgFile } from '@shop/contract/upload';
import { upload } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';
import { chatTimeText } from './chat-time.js';
import { EMOTICONS } from './emoticons.js';
import { useChat, type ShownMessage } from './use-chat.js';
import { useFitViewport } from './use-fit-viewport.js';
import './chat.css';

const STATUS_TEXT = { connecting: '连接中...', online: '', reconnecting: '连接已断开，正在重新连接...', closed: '会话已结束', refused: '无法连接客服' };

function Bubble({ m }: { m: ShownMessage }) {
  const mine = m.sendType === CHAT_SEND_TYPE.user;
  return (
    <li className={`chat-row ${mine ? 'mine' : 'theirs'}`} data-client-id={m.clientMsgId}>
      {!mine && <span className="chat-avatar" aria-hidden="true">客</span>}
      <div className="chat-bubble">
        {m.msgType === CHAT_MSG_TYPE.image ? <img className="chat-image" src={m.picUrl} alt={mine ? '我发送的图片' : '客服发送的图片'} /> : m.content}
        {m.pending ? (
          <span className="chat-state">{m.failed ? '发送失败' : '发送中'}</span>
        ) : (
          <time className="chat-time" dateTime={m.createDate.replace(' ', 'T')}>
            {chatTimeText(m.createDate)}
          </time>
        )}
      </div>
    </li>
  );
}

/** /im (spec 3 §2 Customer service, §4 chat events, §5 chat rules). */
export default function ChatPage() {
  const { messages, greeting, status, hasMore, noService, send, loadEarlier } = useChat();
  const page = useRef<HTMLDivElement>(null);
  useFitViewport(page);
  const [text, setText] = useState('');
  const [panel, setPanel] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const loading = useRef(false);
  const keepFromBottom = useRef<number | null>(null);
  const lastId = messages.at(-1)?.clientMsgId;

  // New messages at the bottom scroll into view; earlier ones loaded at the top keep the reader where they were.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else el.scrollTop = el.scrollHeight;
  }, [messages.length, lastId]);

  const onScroll = async () => {
    const el = list.current;
    const oldest = messages.find((m) => !m.pending);
    if (!el || el.scrollTop > 40 || !hasMore || loading.current || !oldest) return;
    loading.current = true;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    try {
      if ((await loadEarlier(oldest.id)) === 0) keepFromBottom.current = null;
    } catch {
      keepFromBottom.current = null;
    } finally {
      loading.current = false;
    }
  };
  useEffect(() => {
    // A first page shorter than the screen cannot be scrolled: the page asks for more itself.
    const el = list.current;
    if (el && hasMore && el.scrollHeight <= el.clientHeight && messages.length > 0) void onScroll();
  });

  const submit = () => {
    const problem = chatTextProblem(text);
    if (problem) return toast(problem);
    if (send({ msgType: 0, content: text })) setText('');
  };

  const pickImage = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!/\.(jpe?g|png)$/i.test(file.name)) return toast(UPLOAD_MESSAGES.type);
    if (file.size > UPLOAD_LIMITS.maxBytes) return toast(UPLOAD_MESSAGES.size);
    try {
      // spec 3 §4: an image message is sent after a successful upload.
      const reply = await upload(uploadImgFile, [file]);
      send({ msgType: 1, picUrl: reply.obj.split(',')[0]!, preview: URL.createObjectURL(file) });
    } catch {
      /* the api client showed the reason */
    }
  };

  return (
    <div className="page chat-page" ref={page}>
      {STATUS_TEXT[status] && (
        <p className="chat-status" role="status">
          {STATUS_TEXT[status]}
        </p>
      )}
      <div className="chat-list" ref={list} onScroll={onScroll} aria-label="聊天记录">
        {hasMore && messages.length > 0 && <p className="chat-more">下拉查看更早的消息</p>}
        {greeting?.greetings && (
          <p className="chat-greeting" role="note">
            {greeting.greetings}
          </p>
        )}
        {noService && (
          <p className="chat-greeting chat-offline" role="status">
            {noService}
          </p>
        )}
        <ul className="chat-messages">
          {messages.map((m) => (
            <Bubble key={m.sendType === CHAT_SEND_TYPE.user ? m.clientMsgId : `s${m.id}`} m={m} />
          ))}
        </ul>
      </div>
      {panel && (
        <div className="chat-emoticons" role="group" aria-label="表情">
          {EMOTICONS.map((e) => (
            <button key={e} type="button" aria-label={`表情 ${e}`} onClick={() => setText((t) => t + e)}>
              {e}
            </button>
          ))}
        </div>
      )}
      <div className="chat-send">
        <button type="button" className="chat-tool" aria-label="表情" aria-expanded={panel} onClick={() => setPanel((p) => !p)}>
          😊
        </button>
        <button type="button" className="chat-tool" aria-label="发送图片" onClick={() => fileInput.current?.click()}>
          ＋
        </button>
        <input ref={fileInput} type="file" accept="image/jpeg,image/png" onChange={pickImage} hidden />
        <textarea
          className="chat-input"
          aria-label="输入消息"
          rows={1}
          value={text}
          placeholder="请输入内容"
          onChange={(e) => setText(e.target.value)}
        />
        <button type="button" className="chat-submit" onClick={submit}>
          发送
        </button>
      </div>
    </div>
  );
}
