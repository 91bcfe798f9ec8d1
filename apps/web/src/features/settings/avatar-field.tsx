import { useState } from 'react';
import { ACCOUNT_AREA_MESSAGES } from '@shop/contract/account-area';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, uploadImgFile } from '@shop/contract/upload';
import { upload } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';

const TYPES = ['image/jpeg', 'image/png', 'image/jpg'];

/** A single avatar (spec 3 §5): jpg/png/jpeg up to 10 MB, uploaded at once; `onChange` gets the stored link. */
export function AvatarField({ shown, onChange }: { shown: string; onChange: (url: string) => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'uploading' | 'failed'>('idle');
  return (
    <div className="center-avatar">
      {preview || shown ? <img src={preview ?? shown} alt="头像" /> : <span className="avatar-empty">头像</span>}
      <label>
        {state === 'uploading' ? '上传中...' : state === 'failed' ? '上传失败，重新选择' : '更换头像'}
        <input
          type="file"
          accept="image/jpeg,image/png"
          aria-label="上传头像"
          onChange={async (e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length === 0) return;
            if (files.length > 1) return void toast(ACCOUNT_AREA_MESSAGES.avatarOne);
            const file = files[0]!;
            if (!TYPES.includes(file.type)) return void toast(UPLOAD_MESSAGES.type);
            if (file.size > UPLOAD_LIMITS.maxBytes) return void toast(UPLOAD_MESSAGES.size);
            setPreview(URL.createObjectURL(file));
            setState('uploading');
            try {
              const reply = await upload(uploadImgFile, [file], { background: true });
              onChange(reply.obj);
              setState('idle');
            } catch {
              setState('failed');
            }
          }}
        />
      </label>
    </div>
  );
}
