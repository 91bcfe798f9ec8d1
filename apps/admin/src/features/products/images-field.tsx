import { useRef, useState } from 'react';
import { App, Button, Flex, Image, Space, Tooltip, Upload } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PRODUCT_MAX_IMAGES } from '@shop/contract/catalog-console';
import { uploadStaffImage } from '@shop/contract/content-console';
import { upload } from '../../lib/api.js';

export interface ImagesFieldProps {
  value?: string[];
  onChange?: (images: string[]) => void;
}

/**
 * The product's pictures in order (the first is the main picture): uploaded through the staff image upload (checked by
 * content on the server), moved left / right, removed.
 */
export function ImagesField({ value = [], onChange }: ImagesFieldProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  // Several files upload at once: each appends to the latest list, not to the one it started with.
  const latest = useRef(value);
  latest.current = value;
  const move = (i: number, by: number) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange?.(next);
  };
  const send = async (file: File) => {
    setBusy(true);
    try {
      const r = await upload(uploadStaffImage, [file], {});
      latest.current = [...latest.current, ...r.obj.split(',').filter(Boolean)].slice(0, PRODUCT_MAX_IMAGES);
      onChange?.(latest.current);
    } catch (e) {
      message.error(e instanceof Error ? e.message : '上传失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex wrap gap={12} align="flex-start">
      {value.map((src, i) => (
        <Space key={`${src}-${i}`} direction="vertical" size={4} align="center" data-testid="product-image">
          <Image src={src} width={104} height={104} style={{ objectFit: 'cover', borderRadius: 8 }} alt={`商品图片${i + 1}`} />
          <Space size={2}>
            <Tooltip title="前移">
              <Button size="small" icon={<ArrowLeftOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label={`图片${i + 1}前移`} />
            </Tooltip>
            <Tooltip title="删除">
              <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onChange?.(value.filter((_, j) => j !== i))} aria-label={`删除图片${i + 1}`} />
            </Tooltip>
            <Tooltip title="后移">
              <Button size="small" icon={<ArrowRightOutlined />} disabled={i === value.length - 1} onClick={() => move(i, 1)} aria-label={`图片${i + 1}后移`} />
            </Tooltip>
          </Space>
          {i === 0 && <span style={{ fontSize: 12, color: '#888' }}>主图</span>}
        </Space>
      ))}
      {value.length < PRODUCT_MAX_IMAGES && (
        <Upload
          listType="picture-card"
          accept="image/jpeg,image/png"
          showUploadList={false}
          multiple
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <button type="button" style={{ border: 0, background: 'none' }} disabled={busy}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{busy ? '上传中' : '上传图片'}</div>
          </button>
        </Upload>
      )}
    </Flex>
  );
}
