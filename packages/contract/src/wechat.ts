import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { optionalText, required } from './validation.js';

/** The app secret stays on the server: a client-sent appSecret is accepted for compatibility and ignored. */
export const wxGetOpenId = defineOp({
  name: 'wxGetOpenId',
  path: '/api/common/wxGetOpenId.do',
  // With a session the openId is bound to the agent (OAuth inside WeChat after a remembered login).
  auth: 'optional',
  input: z.object({
    code: required('授权码不能为空', z.maxLength(256)),
    appId: optionalText(64),
    appSecret: optionalText(128),
  }),
  output: z.object({ obj: z.object({ openId: z.string() }) }),
});

export const getSignature = defineOp({
  name: 'getSignature',
  path: '/api/wx/getSignature.do',
  auth: 'public',
  input: z.object({
    reqUrl: required('签名地址不能为空', z.maxLength(2048), z.url('签名地址不合法')),
    appId: optionalText(64),
    appSecret: optionalText(128),
  }),
  output: z.object({
    obj: z.object({ appid: z.string(), timestamp: z.string(), noncestr: z.string(), signature: z.string() }),
  }),
});
