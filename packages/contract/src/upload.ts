import * as z from 'zod/mini';
import { defineOp } from './operation.js';

/** spec 2 §5 / spec 3 §5 vouchers: jpg, png, jpeg; at most 10 MB each and 6 images. */
export const UPLOAD_LIMITS = { maxBytes: 10 * 1024 * 1024, maxFiles: 6 } as const;
export const UPLOAD_MESSAGES = {
  type: '请上传jpg,png,jpeg格式图片',
  size: '文件大小不能超过 10M',
  count: '最多上传6张图片',
  none: '请选择要上传的图片',
} as const;

/** Multipart files named 0, 1, ...; answers the stored images' URLs joined by commas. */
export const uploadImgFile = defineOp({
  name: 'uploadImgFile',
  path: '/api/common/uploadImgFile.do',
  auth: 'agent',
  body: 'multipart',
  input: z.object({}),
  output: z.object({ obj: z.string() }),
  successMsg: '上传成功',
});
