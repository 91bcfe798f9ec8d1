import { useState } from 'react';
import { App, Button, Card, DatePicker, Drawer, Form, Image, Input, InputNumber, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod/mini';
import { saveBanner, selectBannersAdmin, type bannerAdmin } from '@shop/contract/content-console';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { ImageUploadField } from './image-upload-field.js';

type Banner = z.output<typeof bannerAdmin>;
type Values = { image: string[]; link: string; sort: number; window?: [Dayjs | null, Dayjs | null] | null; enabled: boolean };
const TIME = 'YYYY-MM-DD HH:mm:ss';
const asTime = (d: Dayjs | null | undefined) => (d ? d.format(TIME) : null);

/** 轮播图: the /home carousel; each banner with its order, time window and switch (the shop shows it only then). */
export default function BannersPage() {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ banner: Banner | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const { tableProps, query } = usePagedOp<typeof selectBannersAdmin, Banner>(selectBannersAdmin, {});
  const mayEdit = staffSession.may('saveBanner');

  const open = (banner: Banner | null) => {
    setEditing({ banner });
    form.setFieldsValue({
      image: banner ? [banner.imgUrl] : [],
      link: banner?.linkUrl ?? '',
      sort: banner?.sort ?? 0,
      window: [banner?.startAt ? dayjs(banner.startAt, TIME) : null, banner?.endAt ? dayjs(banner.endAt, TIME) : null],
      enabled: banner?.enabled ?? true,
    });
  };
  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const r = await call(saveBanner, {
        id: editing?.banner?.id ?? null,
        image: v.image[0] ?? '',
        link: v.link ?? '',
        sort: v.sort ?? 0,
        startAt: asTime(v.window?.[0]),
        endAt: asTime(v.window?.[1]),
        enabled: v.enabled,
      });
      message.success(r.msg || '轮播图已保存');
      setEditing(null);
      void query.refetch();
    } catch (e) {
      message.error(e instanceof Error ? e.message : '保存失败，请重试');
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<Banner> = [
    { title: '图片', dataIndex: 'imgUrl', width: 160, render: (url: string) => <Image src={url} width={140} height={60} style={{ objectFit: 'cover' }} alt="轮播图" /> },
    { title: '跳转链接', dataIndex: 'linkUrl', ellipsis: true, render: (l: string) => l || '—' },
    { title: '排序', dataIndex: 'sort', width: 80 },
    { title: '展示时间', key: 'window', render: (_, b) => `${b.startAt || '不限'} 至 ${b.endAt || '不限'}` },
    {
      title: '状态',
      key: 'state',
      width: 140,
      render: (_, b) => (
        <Space>
          {b.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>}
          {b.showing ? <Tag color="blue">展示中</Tag> : <Tag color="orange">未展示</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, b) =>
        mayEdit && (
          <Button type="link" onClick={() => open(b)} aria-label={`编辑轮播图 ${b.id}`}>
            编辑
          </Button>
        ),
    },
  ];

  return (
    <Card
      title="轮播图"
      extra={
        mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            新增轮播图
          </Button>
        )
      }
    >
      <QueryError error={query.error} retry={() => void query.refetch()} />
      <Table<Banner> rowKey="id" columns={columns} {...tableProps} />
      <Drawer
        title={editing?.banner ? '编辑轮播图' : '新增轮播图'}
        open={!!editing}
        width={560}
        onClose={() => setEditing(null)}
        destroyOnHidden
        extra={
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            保存
          </Button>
        }
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="image" label="图片（建议 750×300）" rules={[{ required: true, type: 'array', min: 1, message: '请上传图片' }]}>
            <ImageUploadField label="上传图片" />
          </Form.Item>
          <Form.Item
            name="link"
            label="跳转链接"
            extra="站内路径（如 /detail?prodId=1&prodType=1）或 https:// 地址，留空则不跳转"
            rules={[{ pattern: /^$|^\/(?!\/)\S*$|^https:\/\/\S+$/, message: '跳转链接须为站内路径（以 / 开头）或 https:// 地址' }]}
          >
            <Input placeholder="/detail?prodId=1&prodType=1" />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="window" label="展示时间（北京时间，可只填一端）">
            <DatePicker.RangePicker showTime format={TIME} allowEmpty={[true, true]} placeholder={['开始（不限）', '结束（不限）']} />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Drawer>
    </Card>
  );
}
