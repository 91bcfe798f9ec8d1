import { useEffect, useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Popover, Space, Tooltip, theme } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';

const EMPTY = '<p></p>';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Minimum height of the writing area in px. */
  minHeight?: number;
  'aria-label'?: string;
}

/**
 * A controlled rich-text field (tiptap) for an antd Form.Item: bold, italic, underline, strike, headings, lists, links,
 * undo/redo. The HTML it produces is cleaned again by the server (lib/sanitize-html.ts) before it is stored.
 */
export function RichTextEditor({ value, onChange, placeholder, minHeight = 200, ...rest }: RichTextEditorProps) {
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https'] } })],
    content: value || EMPTY,
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes: { 'aria-label': rest['aria-label'] ?? placeholder ?? '正文', role: 'textbox', 'aria-multiline': 'true' } },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
      undo: e?.can().undo() ?? false,
      redo: e?.can().redo() ?? false,
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');

  // A value set from outside (a record loaded into the form, a reset) replaces the content; typing does not loop back.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value || EMPTY, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (title: string, active: boolean | undefined, icon: React.ReactNode, run: () => void, disabled = false) => (
    <Tooltip title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={title} aria-pressed={!!active} disabled={disabled} onClick={run} />
    </Tooltip>
  );
  const heading = (level: 2 | 3, active: boolean | undefined) => (
    <Tooltip title={`标题 ${level}`}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={`标题 ${level}`} aria-pressed={!!active} onClick={() => chain().toggleHeading({ level }).run()}>
        H{level}
      </Button>
    </Tooltip>
  );
  const applyLink = () => {
    const url = href.trim();
    if (!url) chain().extendMarkRange('link').unsetLink().run();
    else if (/^https?:\/\//i.test(url)) chain().extendMarkRange('link').setLink({ href: url }).run();
    else return;
    setLinkOpen(false);
  };

  return (
    <div style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, background: token.colorBgContainer }}>
      <Space size={2} wrap style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}`, width: '100%' }}>
        {tool('加粗', state?.bold, <BoldOutlined />, () => chain().toggleBold().run())}
        {tool('斜体', state?.italic, <ItalicOutlined />, () => chain().toggleItalic().run())}
        {tool('下划线', state?.underline, <UnderlineOutlined />, () => chain().toggleUnderline().run())}
        {tool('删除线', state?.strike, <StrikethroughOutlined />, () => chain().toggleStrike().run())}
        <Divider orientation="vertical" />
        {heading(2, state?.h2)}
        {heading(3, state?.h3)}
        {tool('无序列表', state?.bullet, <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
        {tool('有序列表', state?.ordered, <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            setLinkOpen(open);
            if (open) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
          }}
          trigger="click"
          content={
            <Space.Compact style={{ width: 320 }}>
              <Input
                value={href}
                onChange={(e) => setHref(e.target.value)}
                onPressEnter={applyLink}
                placeholder="https://… 留空则取消链接"
                aria-label="链接地址"
                status={href.trim() && !/^https?:\/\//i.test(href.trim()) ? 'error' : undefined}
              />
              <Button type="primary" onClick={applyLink}>
                确定
              </Button>
            </Space.Compact>
          }
        >
          <Tooltip title="链接（仅 http/https）">
            <Button size="small" type={state?.link ? 'primary' : 'text'} icon={<LinkOutlined />} aria-label="链接" />
          </Tooltip>
        </Popover>
        <Divider orientation="vertical" />
        {tool('撤销', false, <UndoOutlined />, () => chain().undo().run(), !state?.undo)}
        {tool('重做', false, <RedoOutlined />, () => chain().redo().run(), !state?.redo)}
      </Space>
      <div className="rich-text-editor" style={{ padding: '4px 11px', minHeight, cursor: 'text' }} onClick={() => editor.commands.focus()}>
        <style>{`.rich-text-editor .tiptap{outline:none;min-height:${minHeight - 8}px}.rich-text-editor .tiptap p{margin:0 0 6px}.rich-text-editor .tiptap:has(> p:only-child:empty)::before{content:${JSON.stringify(placeholder ?? '')};color:${token.colorTextPlaceholder};float:left;pointer-events:none;height:0}`}</style>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
