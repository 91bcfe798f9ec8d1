import { createHmac, randomUUID } from 'node:crypto';
import type { SmsProvider, SmsPurpose, SmsSendRequest, SmsSendResult } from './sms-provider.js';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: Record<SmsPurpose, string>;
  endpoint?: string;
}

const encode = (s: string) =>
  encodeURIComponent(s).replace(/\+/g, '%20').replace(/\*/g, '%2A').replace(/%7E/g, '~');

/** Aliyun Dysmsapi SendSms (2017-05-25), RPC signature HMAC-SHA1. Not idempotent: the caller never retries blindly. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun' as const;
  constructor(private readonly cfg: AliyunSmsConfig) {}

  async send(req: SmsSendRequest): Promise<SmsSendResult> {
    const params: Record<string, string> = {
      AccessKeyId: this.cfg.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      OutId: req.traceId,
      PhoneNumbers: req.phone,
      RegionId: 'cn-hangzhou',
      SignName: this.cfg.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.cfg.templates[req.purpose],
      TemplateParam: JSON.stringify(req.params),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const canonical = Object.keys(params)
      .sort()
      .map((k) => `${encode(k)}=${encode(params[k]!)}`)
      .join('&');
    const toSign = `POST&${encode('/')}&${encode(canonical)}`;
    const signature = createHmac('sha1', `${this.cfg.accessKeySecret}&`).update(toSign).digest('base64');
    const res = await fetch(this.cfg.endpoint ?? 'https://dysmsapi.aliyuncs.com/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `Signature=${encode(signature)}&${canonical}`,
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json()) as { Code?: string; BizId?: string };
    const accepted = body.Code === 'OK';
    return {
      provider: 'aliyun',
      accepted,
      providerMessageId: body.BizId,
      errorCode: accepted ? undefined : body.Code,
      rateLimited: body.Code === 'isv.BUSINESS_LIMIT_CONTROL',
    };
  }
}
