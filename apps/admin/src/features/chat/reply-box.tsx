import { useState } from 'react';
import { App, Button, Flex, Input, Popover, Upload } from 'antd';
import { PictureOutlined, SmileOutlined } from '@ant-design/icons';
import { CHAT_TEXT_MAX, chatTextProblem } from '@shop/contract/chat';

/** A fixed set of common emoticons (the shop offers 60 from unicode-emoji-json; staff need fewer). */
const EMOJI = '😀 😁 😂 😊 😍 😘 😉 😎 🤔 😅 😭 😢 😡 😳 😴 🙏 👍 👌 👏 💪 🤝 🌹 🎉 ❤️ 💯 ✅ 📦 🚚 💰 📞 ⏰ 👋'.split(' ');
/** The upload rules of the server (10 MB, an image by content). */
const MAX_IMAGE = 10 * 1024 * 1024;

const toBase64 = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

interface Props {
  disabled: boolean;
  onText(content: string): boolean;
  onImage(imageBase64: string, previewUrl: string): boolean;
}

/** Text (Enter sends, Shift+Enter a new line), emoticons and an image. */
export function ReplyBox({ disabled, onText, onImage }: Props) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);

  const sendText = () => {
    const problem = chatTextProblem(text);
    if (problem) return void message.warning(problem);
    if (onText(text)) setText('');
  };
  const sendImage = async (file: File) => {
    if (!file.type.startsWith('image/')) return void message.warning('请选择图片文件（JPG、PNG）');
    if (file.size > MAX_IMAGE) return void message.warning('图片不能超过10MB，请压缩后再发送');
    onImage(await toBase64(file), URL.createObjectURL(file));
  };
  const picker = (
    <Flex wrap gap={4} style={{ width: 288 }} role="group" aria-label="表情">
      {EMOJI.map((e) => (
        <Button
          key={e}
          type="text"
          style={{ fontSize: 20, width: 32, height: 32, padding: 0 }}
          aria-label={e}
          onClick={() => {
            setText((t) => t + e);
            setEmojiOpen(false);
          }}
        >
          {e}
        </Button>
      ))}
    </Flex>
  );

  return (
    <Flex vertical gap={8} style={{ padding: 12 }}>
      <Flex gap={8}>
        <Popover content={picker} trigger="click" open={emojiOpen} onOpenChange={setEmojiOpen} placement="topLeft">
          <Button icon={<SmileOutlined />} disabled={disabled}>
            表情
          </Button>
        </Popover>
        <Upload
          accept="image/*"
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file) => {
            void sendImage(file);
            return false;
          }}
        >
          <Button icon={<PictureOutlined />} disabled={disabled}>
            图片
          </Button>
        </Upload>
      </Flex>
      <Input.TextArea
        aria-label="回复内容"
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          if (e.shiftKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          sendText();
        }}
        autoSize={{ minRows: 3, maxRows: 6 }}
        count={{ show: true, max: CHAT_TEXT_MAX, strategy: (t) => Array.from(t).length }}
        placeholder={disabled ? '' : '输入回复，Enter 发送，Shift+Enter 换行'}
      />
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Button type="primary" onClick={sendText} disabled={disabled}>
          发送
        </Button>
      </Flex>
    </Flex>
  );
}
