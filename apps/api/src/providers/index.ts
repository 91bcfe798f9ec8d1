import type { Config } from '../config.js';
import { KdniaoLogisticsProvider } from './logistics/kdniao-logistics.js';
import { LocalLogisticsProvider } from './logistics/local-logistics.js';
import type { LogisticsProvider } from './logistics/logistics-provider.js';
import { AliyunSmsProvider } from './sms/aliyun-sms.js';
import { LocalSmsProvider } from './sms/local-sms.js';
import type { SmsProvider } from './sms/sms-provider.js';
import { OfficialWechatProvider } from './wechat/official-wechat.js';
import { SandboxWechatProvider } from './wechat/sandbox-wechat.js';
import type { WechatProvider } from './wechat/wechat-provider.js';
import { createWechatPay } from './wechatpay/create-wechatpay.js';
import type { WechatPayProvider } from './wechatpay/wechatpay-provider.js';
import { LocalStorageProvider } from './storage/local-storage.js';
import { S3StorageProvider } from './storage/s3-storage.js';
import { LocalTemplateProvider } from './wechat-template/local-template.js';
import { OfficialTemplateProvider } from './wechat-template/official-template.js';
import type { TemplateProvider } from './wechat-template/template-provider.js';
import type { StorageProvider } from './storage/storage-provider.js';

export interface Providers {
  logistics: LogisticsProvider;
  sms: SmsProvider;
  wechat: WechatProvider;
  /** WeChat Pay v3 (JSAPI): official or the local sandbox, chosen with WECHAT_PROVIDER like `wechat`. */
  wechatPay: WechatPayProvider;
  storage: StorageProvider;
  /** WeChat template messages (ADR 0037): official with WECHAT_PROVIDER=official, else the local outbox. */
  wechatTemplate: TemplateProvider;
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
            one_time_password: env.ALIYUN_SMS_TEMPLATE_ONE_TIME_PASSWORD ?? '',
            confirm_phone: env.ALIYUN_SMS_TEMPLATE_CONFIRM_PHONE ?? '',
          },
        })
      : new LocalSmsProvider();
  const wechat =
    config.wechatProvider === 'official'
      ? new OfficialWechatProvider(config.wechatAppId, config.wechatAppSecret)
      : new SandboxWechatProvider(config.wechatAppId);
  // ADR 0040: several processes need one store; the local disk stays the default for a single process.
  const storage = config.storageProvider === 's3' ? new S3StorageProvider(config.s3) : new LocalStorageProvider(config.uploadDir);
  const logistics: LogisticsProvider =
    config.logisticsProvider === 'kdniao' ? new KdniaoLogisticsProvider(config.kdniao) : new LocalLogisticsProvider();
  const wechatTemplate =
    config.wechatProvider === 'official'
      ? new OfficialTemplateProvider({ appId: config.wechatAppId, appSecret: config.wechatAppSecret })
      : new LocalTemplateProvider();
  return { sms, wechat, wechatPay: createWechatPay(config), storage, logistics, wechatTemplate };
}
