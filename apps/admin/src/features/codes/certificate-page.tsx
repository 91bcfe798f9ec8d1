import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Col, Descriptions, Form, Image, InputNumber, Row, Space, Spin, Typography, Upload } from 'antd';
import {
  CERT_FIELD_TEXT,
  CERT_FIELDS,
  CERT_HEIGHT,
  CERT_WIDTH,
  previewCertificateTemplate,
  saveCertificateTemplate,
  selectCertificateTemplate,
  type CertFields,
} from '@shop/contract/codes-console';
import { QueryError } from '../../components/query-error.js';
import { call, upload } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

interface Fields {
  fields: CertFields;
  clearBackground: boolean;
}

const png = (base64: string) => `data:image/png;base64,${base64}`;

/** 授权证书模板 (ADR 0022): background image and where each value goes, with the certificate as agents will see it. */
export default function CertificatePage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const template = useQuery({ queryKey: [selectCertificateTemplate.name], queryFn: () => call(selectCertificateTemplate, {}) });
  const mayEdit = staffSession.may('saveCertificateTemplate');

  useEffect(() => {
    if (!template.data) return;
    form.setFieldsValue({ fields: template.data.obj.fields, clearBackground: false });
    setPreview(template.data.obj.previewBase64);
  }, [template.data, form]);

  /** The live preview: re-rendered by the server half a second after the last change. */
  const refresh = (nextFile = file) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const values = form.getFieldsValue(true) as Fields;
      if (!values.fields) return;
      setPreviewing(true);
      try {
        const reply = await upload(previewCertificateTemplate, nextFile ? [nextFile] : [], { fields: values.fields, clearBackground: !!values.clearBackground });
        setPreview(reply.obj.previewBase64);
      } catch (err) {
        message.error(err instanceof Error ? err.message : '预览失败，请检查字段位置');
      } finally {
        setPreviewing(false);
      }
    }, 500);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = async (values: Fields) => {
    setSaving(true);
    try {
      const reply = await upload(saveCertificateTemplate, file ? [file] : [], { fields: values.fields, clearBackground: !!values.clearBackground });
      message.success('证书模板已保存，代理商的授权证书将使用新模板');
      setFile(null);
      client.setQueryData([selectCertificateTemplate.name], reply);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '保存失败，请重试');
    } finally {
      setSaving(false);
    }
  };

  const position = (key: (typeof CERT_FIELDS)[number]) => (
    <Space key={key} align="baseline">
      <Typography.Text style={{ display: 'inline-block', width: 84 }}>{CERT_FIELD_TEXT[key]}</Typography.Text>
      {(['x', 'y', 'size'] as const).map((p) => (
        <Form.Item
          key={p}
          name={['fields', key, p]}
          label={{ x: '横坐标', y: '纵坐标', size: '字号' }[p]}
          rules={[{ required: true, message: '必填' }]}
          style={{ marginBottom: 12 }}
        >
          <InputNumber
            aria-label={`${CERT_FIELD_TEXT[key]}${{ x: '横坐标', y: '纵坐标', size: '字号' }[p]}`}
            min={p === 'size' ? 12 : 0}
            max={p === 'x' ? CERT_WIDTH : p === 'y' ? CERT_HEIGHT : 96}
            precision={0}
            style={{ width: 80 }}
          />
        </Form.Item>
      ))}
    </Space>
  );

  return (
    <Card title="授权证书模板">
      <QueryError error={template.error} retry={() => template.refetch()} />
      <Row gutter={32}>
        <Col flex="680px">
          <Form form={form} onFinish={save} onValuesChange={() => refresh()} disabled={!mayEdit || !template.data}>
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="当前模板">{template.data?.obj.custom ? `自定义（${template.data.obj.updateDate}保存）` : '系统默认'}</Descriptions.Item>
              <Descriptions.Item label="证书尺寸">
                {CERT_WIDTH} × {CERT_HEIGHT} 像素；姓名以横坐标为中心，其余字段从横坐标开始，纵坐标为文字底线
              </Descriptions.Item>
            </Descriptions>
            <Form.Item label="背景图片" extra="JPG或PNG，不超过10MB，按750×1050裁切铺满；上传自定义背景后只绘制各字段的值">
              <Space>
                <Upload
                  accept="image/jpeg,image/png"
                  maxCount={1}
                  showUploadList={false}
                  beforeUpload={(f) => {
                    setFile(f);
                    refresh(f);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />}>选择背景图片</Button>
                </Upload>
                {file && <Typography.Text type="secondary">{file.name}（未保存）</Typography.Text>}
              </Space>
            </Form.Item>
            {template.data?.obj.hasBackground && !file && (
              <Form.Item name="clearBackground" valuePropName="checked">
                <Checkbox>恢复默认背景</Checkbox>
              </Form.Item>
            )}
            {CERT_FIELDS.map(position)}
            {mayEdit && (
              <Space style={{ marginTop: 8 }}>
                <Button type="primary" htmlType="submit" loading={saving}>
                  保存模板
                </Button>
                <Button
                  onClick={() => {
                    setFile(null);
                    if (template.data) form.setFieldsValue({ fields: template.data.obj.fields, clearBackground: false });
                    refresh(null);
                  }}
                >
                  撤销修改
                </Button>
              </Space>
            )}
          </Form>
        </Col>
        <Col flex="auto">
          <Typography.Title level={5}>预览（示例代理商）</Typography.Title>
          <Spin spinning={previewing || template.isLoading}>
            {preview ? <Image src={png(preview)} alt="证书预览" width={375} style={{ border: '1px solid #f0f0f0' }} /> : <div style={{ width: 375, height: 525 }} />}
          </Spin>
        </Col>
      </Row>
    </Card>
  );
}
