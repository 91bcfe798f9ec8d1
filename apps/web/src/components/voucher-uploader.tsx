import { useRef, useState } from 'react';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, uploadImgFile } from '@shop/contract/upload';
import { upload } from '../lib/api.js';
import { toast } from '../lib/toast.js';

export interface Voucher {
  key: string;
  preview: string;
  status: 'uploading' | 'success' | 'failed';
  url?: string;
}

/** spec 2 §5: jpg, png, jpeg by name (the server checks the content), at most 10 MB each and 6 images. */
export function checkVoucherFile(file: { name: string; size: number }): string | null {
  if (!/\.(jpe?g|png)$/i.test(file.name)) return UPLOAD_MESSAGES.type;
  if (file.size > UPLOAD_LIMITS.maxBytes) return UPLOAD_MESSAGES.size;
  return null;
}

/** Voucher images: each uploads on choice and shows uploading / done / 'upload failed'. */
export function VoucherUploader({
  value,
  onChange,
  label = '打款凭证',
}: {
  value: Voucher[];
  onChange: (next: (prev: Voucher[]) => Voucher[]) => void;
  /** What the images are, for their alt text and the buttons' names (after-sales photos reuse the rules). */
  label?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [seq, setSeq] = useState(0);

  async function choose(files: FileList | null) {
    const chosen = [...(files ?? [])];
    if (input.current) input.current.value = '';
    if (value.length + chosen.length > UPLOAD_LIMITS.maxFiles) return toast(UPLOAD_MESSAGES.count);
    for (const file of chosen) {
      const problem = checkVoucherFile(file);
      if (problem) return toast(problem);
    }
    for (const file of chosen) {
      const key = `v${seq}-${file.name}-${Math.random()}`;
      setSeq((n) => n + 1);
      onChange((prev) => [...prev, { key, preview: URL.createObjectURL(file), status: 'uploading' }]);
      upload(uploadImgFile, [file], { background: true })
        .then((r) => onChange((prev) => prev.map((v) => (v.key === key ? { ...v, status: 'success', url: r.obj } : v))))
        .catch(() => onChange((prev) => prev.map((v) => (v.key === key ? { ...v, status: 'failed' } : v))));
    }
  }

  return (
    <div className="vouchers">
      {value.map((v) => (
        <figure key={v.key} className={`voucher ${v.status}`}>
          <img src={v.preview} alt={label} />
          {v.status !== 'success' && <figcaption>{v.status === 'uploading' ? '上传中' : '上传失败'}</figcaption>}
          <button type="button" aria-label={`删除${label}`} onClick={() => onChange((prev) => prev.filter((x) => x.key !== v.key))}>
            ×
          </button>
        </figure>
      ))}
      {value.length < UPLOAD_LIMITS.maxFiles && (
        <label className="voucher add">
          <span>+</span>
          <input ref={input} type="file" accept="image/jpeg,image/png" multiple aria-label={`上传${label}`} onChange={(e) => void choose(e.target.files)} />
        </label>
      )}
    </div>
  );
}
