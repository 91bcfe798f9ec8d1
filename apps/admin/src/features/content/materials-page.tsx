import { useState } from 'react';
import { MATERIAL_TYPE } from '@shop/contract/content-area';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Form, Image, Input, InputNumber, Modal, Radio, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined, ScissorOutlined } from '@ant-design/icons';
import type { z } from 'zod/mini';
import {
  MATERIAL_MAX_IMAGES,
  MATERIAL_TYPES,
  saveMaterial,
  saveMaterialClassify,
  selectMaterialClassifiesAdmin,
  selectMaterialsAdmin,
  uploadStaffImage,
  type materialAdmin,
} from '@shop/contract/content-console';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { call, upload } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { ImageUploadField } from './image-upload-field.js';
import { videoFrame } from './video-frame.js';

type Material = z.output<typeof materialAdmin>;
type Values = { classifyId?: number; materialType: 1 | 2; materialContent: string; images: string[]; videoUrl: string; poster: string[] };
type Classify = { id?: number; classifyName: string; sort: number };

/** 素材中心: classifications, and materials of text with images or a video with its poster (spec 3 §2 /source). */
export default function MaterialsPage() {
  const { message } = App.useApp();
  const [classifyId, setClassifyId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ material: Material | null } | null>(null);
  const [classify, setClassify] = useState<Classify | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const [classifyForm] = Form.useForm<Classify>();
  const classifies = useQuery({ queryKey: ['selectMaterialClassifiesAdmin'], queryFn: () => call(selectMaterialClassifiesAdmin, {}) });
  const { tableProps, query } = usePagedOp<typeof selectMaterialsAdmin, Material>(selectMaterialsAdmin, { classifyId });
  const mayEdit = staffSession.may('saveMaterial');
  const type = Form.useWatch('materialType', form);
  const options = (classifies.data?.objs ?? []).map((c) => ({ value: c.id, label: `${c.classifyName}（${c.materialCount}）` }));

  const open = (m: Material | null) => {
    setEditing({ material: m });
    form.setFieldsValue({
      classifyId: m?.classifyId ?? classifyId ?? undefined,
      materialType: (m?.materialType ?? 2) as 1 | 2,
      materialContent: m?.materialContent ?? '',
      images: m?.images ?? [],
      videoUrl: m?.videoUrl ?? '',
      poster: m?.posterUrl ? [m.posterUrl] : [],
    });
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      message.error(e instanceof Error ? e.message : '保存失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  const submit = (v: Values) =>
    run(async () => {
      const video = v.materialType === MATERIAL_TYPE.video;
      const r = await call(saveMaterial, {
        id: editing?.material?.id ?? null,
        classifyId: v.classifyId!,
        materialType: v.materialType,
        materialContent: v.materialContent ?? '',
        images: video ? [] : v.images,
        videoUrl: video ? v.videoUrl : '',
        posterUrl: video ? (v.poster[0] ?? '') : '',
      });
      message.success(r.msg || '素材已保存');
      setEditing(null);
      void query.refetch();
      void classifies.refetch();
    });
  const takeFrame = () =>
    run(async () => {
      const url = String(form.getFieldValue('videoUrl') ?? '').trim();
      if (!url) throw new Error('请先填写视频地址');
      const r = await upload(uploadStaffImage, [await videoFrame(url)], {});
      form.setFieldValue('poster', [r.obj]);
      message.success('已从视频截取封面');
    });
  const saveClassify = (v: Classify) =>
    run(async () => {
      const r = await call(saveMaterialClassify, { id: classify?.id ?? null, classifyName: v.classifyName, sort: v.sort ?? 0 });
      message.success(r.msg || '分类已保存');
      setClassify(null);
      void classifies.refetch();
    });

  const columns: TableColumnsType<Material> = [
    { title: '分类', dataIndex: 'classifyName', width: 120 },
    { title: '类型', dataIndex: 'materialType', width: 80, render: (t: 1 | 2) => <Tag color={t === MATERIAL_TYPE.video ? 'purple' : 'blue'}>{MATERIAL_TYPES[t]}</Tag> },
    { title: '文案', dataIndex: 'materialContent', ellipsis: true },
    {
      title: '图片 / 封面',
      key: 'media',
      width: 240,
      render: (_, m) => (
        <Image.PreviewGroup>
          <Space size={4}>
            {(m.materialType === MATERIAL_TYPE.video ? [m.posterUrl] : m.images.slice(0, 3)).filter(Boolean).map((u) => (
              <Image key={u} src={u} width={56} height={56} style={{ objectFit: 'cover' }} alt="素材图片" />
            ))}
          </Space>
        </Image.PreviewGroup>
      ),
    },
    { title: '创建时间', dataIndex: 'createDate', width: 180 },
    { title: '操作', key: 'actions', width: 80, render: (_, m) => mayEdit && <Button type="link" onClick={() => open(m)}>编辑</Button> },
  ];

  return (
    <Card
      title="素材中心"
      extra={
        mayEdit && (
          <Space>
            <Button onClick={() => (setClassify({ classifyName: '', sort: 0 }), classifyForm.setFieldsValue({ classifyName: '', sort: 0 }))}>新增分类</Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              新增素材
            </Button>
          </Space>
        )
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Select value={classifyId} onChange={setClassifyId} style={{ width: 220 }} aria-label="分类筛选" options={[{ value: null, label: '全部分类' }, ...options]} />
        {mayEdit && classifyId && (
          <Button
            onClick={() => {
              const c = classifies.data?.objs.find((x) => x.id === classifyId);
              if (!c) return;
              setClassify(c);
              classifyForm.setFieldsValue(c);
            }}
          >
            编辑分类
          </Button>
        )}
      </Space>
      <QueryError error={query.error ?? classifies.error} retry={() => (void query.refetch(), void classifies.refetch())} />
      <Table<Material> rowKey="id" columns={columns} {...tableProps} />
      <Drawer
        title={editing?.material ? '编辑素材' : '新增素材'}
        open={!!editing}
        width={640}
        onClose={() => setEditing(null)}
        destroyOnHidden
        extra={
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            保存
          </Button>
        }
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="classifyId" label="分类" rules={[{ required: true, message: '请选择素材分类' }]}>
            <Select options={options} placeholder="选择分类（没有时先新增分类）" />
          </Form.Item>
          <Form.Item name="materialType" label="类型">
            <Radio.Group options={[{ value: MATERIAL_TYPE.images, label: '图片' }, { value: MATERIAL_TYPE.video, label: '视频' }]} />
          </Form.Item>
          <Form.Item name="materialContent" label="文案" rules={[{ max: 2000, message: '素材文案不能超过2000个字' }]}>
            <Input.TextArea rows={4} showCount maxLength={2000} />
          </Form.Item>
          {type === MATERIAL_TYPE.video ? (
            <>
              <Form.Item name="videoUrl" label="视频地址" rules={[{ required: true, pattern: /^(https:\/\/|\/api\/)\S+$/, message: '视频素材请填写视频地址（https://）' }]}>
                <Input placeholder="https://…/video.mp4" />
              </Form.Item>
              <Form.Item label="封面" required extra="上传封面图，或从视频第 1 秒截取一帧（视频须允许跨域读取）">
                <Space align="start">
                  <Form.Item name="poster" noStyle rules={[{ required: true, type: 'array', min: 1, message: '视频素材请上传封面图（或从视频截取一帧）' }]}>
                    <ImageUploadField label="上传封面" />
                  </Form.Item>
                  <Button icon={<ScissorOutlined />} onClick={takeFrame} loading={busy}>
                    从视频截取
                  </Button>
                </Space>
              </Form.Item>
            </>
          ) : (
            <Form.Item name="images" label={`图片（最多${MATERIAL_MAX_IMAGES}张）`} rules={[{ required: true, type: 'array', min: 1, message: '图片素材请至少上传一张图片' }]}>
              <ImageUploadField max={MATERIAL_MAX_IMAGES} />
            </Form.Item>
          )}
        </Form>
      </Drawer>
      <Modal title={classify?.id ? '编辑分类' : '新增分类'} open={!!classify} onCancel={() => setClassify(null)} onOk={() => classifyForm.submit()} confirmLoading={busy} destroyOnHidden>
        <Form form={classifyForm} layout="vertical" onFinish={saveClassify}>
          <Form.Item name="classifyName" label="分类名称" rules={[{ required: true, whitespace: true, message: '请输入分类名称' }, { max: 20, message: '分类名称不能超过20个字' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
