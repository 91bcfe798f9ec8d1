import { z } from 'zod';
import { defineOp } from './operation.js';

/** The app secret stays on the server: a client-sent appSecret is accepted for compatibility and ignored. */
export const wxGetOpenId = defineOp({
  name: 'wxGetOpenId',
  path: '/api/common/wxGetOpenId.do',
  auth: 'public',
  input: z.object({
    code: z.string({ error: '授权码不能为空' }).trim().min(1, '授权码不能为空').max(256),
    appId: z.string().max(64).optional(),
    appSecret: z.string().max(128).optional(),
  }),
  output: z.object({ obj: z.object({ openId: z.string() }) }),
});

export const getSignature = defineOp({
  name: 'getSignature',
  path: '/api/wx/getSignature.do',
  auth: 'public',
  input: z.object({
    reqUrl: z.string({ error: '签名地址不能为空' }).trim().url('签名地址不合法').max(2048),
    appId: z.string().max(64).optional(),
    appSecret: z.string().max(128).optional(),
  }),
  output: z.object({
    obj: z.object({ appid: z.string(), timestamp: z.string(), noncestr: z.string(), signature: z.string() }),
  }),
});
