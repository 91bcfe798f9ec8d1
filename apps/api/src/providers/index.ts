import type { Config } from '../config.js';
import { AliyunSmsProvider } from './sms/aliyun-sms.js';
import { LocalSmsProvider } from './sms/local-sms.js';
import type { SmsProvider } from './sms/sms-provider.js';
import { OfficialWechatProvider } from './wechat/official-wechat.js';
import { SandboxWechatProvider } from './wechat/sandbox-wechat.js';
import type { WechatProvider } from './wechat/wechat-provider.js';

export interface Providers {
  sms: SmsProvider;
  wechat: WechatProvider;
}

export function createProviders(config: Config, env: NodeJS.ProcessEnv = process.env): Providers {
  const sms =
    config.smsProvider === 'aliyun'
      ? new AliyunSmsProvider({
          accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
          accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
          signName: env.ALIYUN_SMS_SIGN_NAME ?? '',
          templates: {
            reset_password: env.ALIYUN_SMS_TEMPLATE_RESET ?? '',
            reset_pay_password: env.ALIYUN_SMS_TEMPLATE_PAY ?? '',
          },
        })
      : new LocalSmsProvider();
  const wechat =
    config.wechatProvider === 'official'
      ? new OfficialWechatProvider(config.wechatAppId, config.wechatAppSecret)
      : new SandboxWechatProvider(config.wechatAppId);
  return { sms, wechat };
}
