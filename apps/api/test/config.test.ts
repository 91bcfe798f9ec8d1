import { describe, expect, it } from 'vitest';
import { assertProductionReady, loadConfig } from '../src/config.js';

const READY = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'aliyun',
  WECHAT_PROVIDER: 'official',
  LOGISTICS_PROVIDER: 'kdniao',
  KDNIAO_EBUSINESS_ID: '1237100',
  KDNIAO_APP_KEY: 'a-real-kdniao-app-key',
  WECHAT_APP_ID: 'wx0123456789abcdef',
  WECHAT_APP_SECRET: 'a-real-app-secret-from-the-wechat-console',
  HASH_SECRET: 'k'.repeat(48),
  PUBLIC_ORIGINS: 'https://shop.example.com',
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY_PATH: '/etc/shop/apiclient_key.pem',
  WECHATPAY_PLATFORM_CERT_PATH: '/etc/shop/wechatpay_platform.pem',
  WECHATPAY_APIV3_KEY: 'k'.repeat(32),
  WECHATPAY_NOTIFY_URL: 'https://shop.example.com/api/v3/wechatpay/notify.do',
};

describe('loadConfig', () => {
  it('has safe demo defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      platId: 'plat-demo',
      smsProvider: 'local',
      wechatProvider: 'sandbox',
      sessionHours: 12,
      rememberDays: 7,
      smsDailyLimit: 10,
      publicOrigins: [],
    });
    expect(config.databaseUrl).toMatch(/^sqlite:.*data\/shop\.db$/);
  });

  it('reads the environment', () => {
    const config = loadConfig({ ...READY, PORT: '9000', DATABASE_URL: 'postgres://db/shop', SMS_DAILY_LIMIT: '3' });
    expect(config).toMatchObject({
      env: 'production',
      port: 9000,
      databaseUrl: 'postgres://db/shop',
      smsProvider: 'aliyun',
      wechatProvider: 'official',
      smsDailyLimit: 3,
      publicOrigins: ['https://shop.example.com'],
    });
  });
});

describe('assertProductionReady', () => {
  it('refuses production on the demo defaults, naming every problem', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(() => assertProductionReady(config)).toThrow(/refusing to start in production/);
    try {
      assertProductionReady(config);
    } catch (err) {
      const text = String(err);
      for (const name of ['SMS_PROVIDER', 'WECHAT_PROVIDER', 'LOGISTICS_PROVIDER', 'HASH_SECRET', 'WECHAT_APP_SECRET', 'PUBLIC_ORIGINS']) {
        expect(text).toContain(name);
      }
    }
  });

  it.each([
    ['SMS_PROVIDER', { SMS_PROVIDER: 'local' }],
    ['WECHAT_PROVIDER', { WECHAT_PROVIDER: 'sandbox' }],
    ['LOGISTICS_PROVIDER', { LOGISTICS_PROVIDER: 'local' }],
    ['KDNIAO_APP_KEY', { KDNIAO_APP_KEY: undefined }],
    ['HASH_SECRET', { HASH_SECRET: 'dev-only-secret-change-me' }],
    ['HASH_SECRET', { HASH_SECRET: 'short-secret' }],
    ['WECHAT_APP_SECRET', { WECHAT_APP_SECRET: undefined }],
    ['PUBLIC_ORIGINS', { PUBLIC_ORIGINS: ' , ' }],
  ])('refuses production when %s is not set properly (%j)', (name, change) => {
    const env: Record<string, string | undefined> = { ...READY, ...change };
    expect(() => assertProductionReady(loadConfig(env))).toThrow(name);
  });

  it('passes with real providers and proper secrets', () => {
    expect(() => assertProductionReady(loadConfig(READY))).not.toThrow();
  });

  it('never refuses development or test', () => {
    expect(() => assertProductionReady(loadConfig({}))).not.toThrow();
    expect(() => assertProductionReady(loadConfig({ NODE_ENV: 'test' }))).not.toThrow();
  });
});
