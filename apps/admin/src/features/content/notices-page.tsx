import { useState } from 'react';
import { App, Button, Card, DatePicker, Drawer, Form, Input, Modal, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { saveNotice, selectNoticesAdmin } from '@shop/contract/content-console';
import type { z } from 'zod/mini';
import type { noticeAdmin } from '@shop/contract/content-console';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { RichTextEditor } from '../../components/rich-text-editor.js';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

type Notice = z.output<typeof noticeAdmin>;
type Values = { noticeName: string; noticeContent: string; isTimingRelease: boolean; releaseDate?: Dayjs | null };
const TIME = 'YYYY-MM-DD HH:mm:ss';

/** 公告: notices with rich text (sanitised by the server), a preview as the shop shows it, and timed release. */
export default function NoticesPage() {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ notice: Notice | null } | null>(null);
  const [preview, setPreview] = useState<{ title: string; html: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const { tableProps, query } = usePagedOp<typeof selectNoticesAdmin, Notice>(selectNoticesAdmin, { keyword });
  const mayEdit = staffSession.may('saveNotice');
  const timing = Form.useWatch('isTimingRelease', form);

  const open = (notice: Notice | null) => {
    setEditing({ notice });
    form.setFieldsValue({
      noticeName: notice?.noticeName ?? '',
      noticeContent: notice?.noticeContent ?? '',
      isTimingRelease: notice?.isTimingRelease ?? false,
      releaseDate: notice?.isTimingRelease ? dayjs(notice.releaseDate, TIME) : null,
    });
  };
  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const r = await call(saveNotice, {
        id: editing?.notice?.id ?? null,
        noticeName: v.noticeName,
        noticeContent: v.noticeContent ?? '',
        isTimingRelease: v.isTimingRelease,
        releaseDate: v.isTimingRelease && v.releaseDate ? v.releaseDate.format(TIME) : null,
      });
      message.success(r.msg || '公告已保存');
      setEditing(null);
      void query.refetch();
    } catch (e) {
      message.error(e instanceof Error ? e.message : '保存失败，请重试');
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<Notice> = [
    { title: '标题', dataIndex: 'noticeName', ellipsis: true },
    { title: '发布', dataIndex: 'isTimingRelease', width: 100, render: (t: boolean) => (t ? <Tag color="blue">定时发布</Tag> : <Tag>立即发布</Tag>) },
    { title: '发布时间', dataIndex: 'releaseDate', width: 180 },
    { title: '状态', dataIndex: 'released', width: 100, render: (r: boolean) => (r ? <Tag color="green">已发布</Tag> : <Tag color="orange">待发布</Tag>) },
    { title: '创建时间', dataIndex: 'createDate', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, r) => (
        <Space>
          <Button type="link" icon={<EyeOutlined />} onClick={() => setPreview({ title: r.noticeName, html: r.noticeContent })}>
            预览
          </Button>
          {mayEdit && (
            <Button type="link" onClick={() => open(r)} aria-label={`编辑 ${r.noticeName}`}>
              编辑
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="公告"
      extra={
        mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            发布公告
          </Button>
        )
      }
    >
      <Input.Search placeholder="按标题搜索" allowClear onSearch={(v) => setKeyword(v.trim())} style={{ width: 260, marginBottom: 16 }} />
      <QueryError error={query.error} retry={() => void query.refetch()} />
      <Table<Notice> rowKey="id" columns={columns} {...tableProps} />
      <Drawer
        title={editing?.notice ? '编辑公告' : '发布公告'}
        open={!!editing}
        size="large"
        width={760}
        onClose={() => setEditing(null)}
        destroyOnHidden
        extra={
          <Space>
            <Button onClick={() => setPreview({ title: form.getFieldValue('noticeName') ?? '', html: form.getFieldValue('noticeContent') ?? '' })}>预览</Button>
            <Button type="primary" loading={saving} onClick={() => form.submit()}>
              保存
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="noticeName" label="标题" rules={[{ required: true, whitespace: true, message: '请输入公告标题' }, { max: 50, message: '公告标题不能超过50个字' }]}>
            <Input placeholder="最多50个字" />
          </Form.Item>
          <Form.Item name="noticeContent" label="内容" rules={[{ required: true, message: '请输入公告内容' }]}>
            <RichTextEditor placeholder="公告内容" aria-label="公告内容" minHeight={260} />
          </Form.Item>
          <Space align="start" size="large">
            <Form.Item name="isTimingRelease" label="定时发布" valuePropName="checked">
              <Switch />
            </Form.Item>
            {timing && (
              <Form.Item name="releaseDate" label="发布时间（北京时间）" rules={[{ required: true, message: '定时发布须选择发布时间' }]}>
                <DatePicker showTime format={TIME} placeholder="选择发布时间" />
              </Form.Item>
            )}
          </Space>
        </Form>
      </Drawer>
      <Modal title="预览（手机端显示效果）" open={!!preview} onCancel={() => setPreview(null)} footer={null} width={420}>
        <div style={{ width: 375, maxWidth: '100%', margin: '0 auto', border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
          <h3 style={{ marginTop: 0 }}>{preview?.title}</h3>
          {/* The server sanitises what it stores; the preview shows the editor's own markup before saving. */}
          <div dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }} />
        </div>
      </Modal>
    </Card>
  );
}
