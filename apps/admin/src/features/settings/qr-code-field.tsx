import { App, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { uploadStaffImage } from '@shop/contract/content-console';
import { UPLOAD_LIMITS } from '@shop/contract/upload';
import { upload } from '../../lib/api.js';

/** A receiving account's QR code in a Form.Item: one image through uploadStaffImage (checked by content, re-encoded). */
export function QrCodeField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { message } = App.useApp();
  return (
    <Upload
      listType="picture"
      accept="image/jpeg,image/png"
      maxCount={1}
      fileList={value ? [{ uid: value, name: '收款码', status: 'done', url: value, thumbUrl: value }] : []}
      beforeUpload={(file) => {
        if (!['image/jpeg', 'image/png'].includes(file.type) || file.size > UPLOAD_LIMITS.maxBytes) {
          message.error('请上传10M以内的jpg或png图片');
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        try {
          const r = await upload(uploadStaffImage, [file as File], {});
          onChange?.(r.obj);
          onSuccess?.(r.obj);
        } catch (e) {
          message.error(e instanceof Error ? e.message : '上传失败，请重试');
          onError?.(e as Error);
        }
      }}
      onRemove={() => {
        onChange?.('');
        return true;
      }}
    >
      {!value && (
        <button type="button" aria-label="上传收款码" style={{ border: 0, background: 'none', cursor: 'pointer', padding: 0 }}>
          <UploadOutlined /> 上传
        </button>
      )}
    </Upload>
  );
}
