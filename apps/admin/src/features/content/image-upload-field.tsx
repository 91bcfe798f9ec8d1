import { App, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { uploadStaffImage } from '@shop/contract/content-console';
import { UPLOAD_LIMITS } from '@shop/contract/upload';
import { upload } from '../../lib/api.js';

/**
 * Images for the shop (banners, materials) in an antd Form.Item: value is the list of stored URLs. Each file goes to
 * uploadStaffImage, which checks it by content and re-encodes it; the browser only refuses what is obviously wrong.
 */
export function ImageUploadField({ value = [], onChange, max = 1, label = '上传图片' }: { value?: string[]; onChange?: (urls: string[]) => void; max?: number; label?: string }) {
  const { message } = App.useApp();
  const files: UploadFile[] = value.map((url, i) => ({ uid: `${i}-${url}`, name: url.split('/').pop() ?? url, status: 'done', url }));
  return (
    <Upload
      listType="picture-card"
      accept="image/jpeg,image/png"
      fileList={files}
      maxCount={max}
      beforeUpload={(file) => {
        if (!['image/jpeg', 'image/png'].includes(file.type)) {
          message.error('请上传jpg,png,jpeg格式图片');
          return Upload.LIST_IGNORE;
        }
        if (file.size > UPLOAD_LIMITS.maxBytes) {
          message.error('文件大小不能超过 10M');
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        try {
          const r = await upload(uploadStaffImage, [file as File], {});
          onChange?.([...value, r.obj].slice(-max));
          onSuccess?.(r.obj);
        } catch (e) {
          message.error(e instanceof Error ? e.message : '上传失败，请重试');
          onError?.(e as Error);
        }
      }}
      onRemove={(f) => {
        onChange?.(value.filter((u) => u !== f.url));
        return true;
      }}
    >
      {value.length < max && (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label={label}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{label}</div>
        </button>
      )}
    </Upload>
  );
}
