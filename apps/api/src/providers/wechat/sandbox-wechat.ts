import { createHash } from 'node:crypto';
import type { WechatProvider } from './wechat-provider.js';

/** Answers without the internet: a stable openId per code and a fixed ticket, signed with the real algorithm. */
export class SandboxWechatProvider implements WechatProvider {
  readonly name = 'sandbox' as const;
  constructor(readonly appId: string) {}

  async openIdFromCode(code: string): Promise<string> {
    return `sandbox_${createHash('sha256').update(code).digest('hex').slice(0, 24)}`;
  }

  async jsapiTicket(): Promise<string> {
    return 'sandbox-jsapi-ticket';
  }
}
