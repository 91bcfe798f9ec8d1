import { readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import type { Config } from '../../config.js';
import { OfficialWechatPayProvider } from './official-wechatpay.js';
import { SandboxWechatPayProvider } from './sandbox-wechatpay.js';
import { platformKeyFromPem } from './wechatpay-crypto.js';
import type { WechatPayProvider } from './wechatpay-provider.js';

/** WECHAT_PROVIDER=official: the merchant's keys from the configured files; otherwise the sandbox. */
export function createWechatPay(config: Config): WechatPayProvider {
  if (config.wechatProvider !== 'official') return new SandboxWechatPayProvider(config.wechatAppId);
  const c = config.wechatPay;
  const platformKeys = new Map<string, KeyObject>();
  if (c.platformCertPath) {
    const { key, serial } = platformKeyFromPem(readFileSync(c.platformCertPath, 'utf8'));
    platformKeys.set(serial ?? c.platformSerial, key);
  }
  if (c.platformPublicKeyPath) {
    // 微信支付公钥: selected by its id; during a migration both it and the certificate are trusted.
    if (!c.platformSerial) throw new Error('WECHATPAY_PLATFORM_SERIAL (the public key id) is needed with a public key');
    platformKeys.set(c.platformSerial, platformKeyFromPem(readFileSync(c.platformPublicKeyPath, 'utf8')).key);
  }
  return new OfficialWechatPayProvider({
    appId: config.wechatAppId,
    mchId: c.mchId,
    merchantSerial: c.merchantSerial,
    merchantPrivateKey: readFileSync(c.privateKeyPath, 'utf8'),
    platformKeys,
    apiV3Key: c.apiV3Key,
    notifyUrl: c.notifyUrl,
    baseUrl: c.baseUrl,
  });
}
