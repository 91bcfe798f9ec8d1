import { resolve } from 'node:path';

/** Configuration from the environment, with safe defaults for the demo. See the README's table. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  platId: string;
  /** Where the built web app lives; served with an index.html fallback. */
  webDist: string | null;
  smsProvider: 'local' | 'aliyun';
  wechatProvider: 'sandbox' | 'official';
  /** Parcel tracking: `local` (plausible traces from the waybill) or `kdniao` (快递鸟). */
  logisticsProvider: 'local' | 'kdniao';
  kdniao: { eBusinessId: string; appKey: string; url: string; requestType: '1002' | '8001' };
  wechatAppId: string;
  wechatAppSecret: string;
  /** WeChat Pay v3 merchant settings, read with WECHAT_PROVIDER=official (the sandbox makes its own keys). */
  wechatPay: {
    mchId: string;
    merchantSerial: string;
    privateKeyPath: string;
    platformCertPath: string;
    platformPublicKeyPath: string;
    /** The public key's id (PUB_KEY_ID_...), or a certificate serial overriding the certificate's own. */
    platformSerial: string;
    apiV3Key: string;
    notifyUrl: string;
    baseUrl: string;
  };
  /** Origins whose pages may be signed for the JS-SDK (getSignature); empty = the request's own host. */
  publicOrigins: string[];
  /** Secret mixed into token and SMS-code hashes. */
  hashSecret: string;
  sessionHours: number;
  rememberDays: number;
  smsDailyLimit: number;
  /** Where uploaded images are kept: outside the web root. */
  uploadDir: string;
  /** Where uploads are stored (ADR 0040): `local` (uploadDir, the default) or an S3-compatible bucket. */
  storageProvider: 'local' | 's3';
  s3: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean; prefix: string };
  /** Multiplies the per-address rate limits (a browser-test run makes many logins from one address). */
  rateLimitScale: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (else it could be forged). */
  trustProxy: boolean;
  /** Staff second factor (ADR 0020): 'required' makes admin and finance give a TOTP code; default in production. */
  staff2fa: 'required' | 'optional';
  /** Where the built staff console lives (served under /admin). */
  adminDist: string | null;
  /** Bearer token for /metrics from elsewhere than loopback (ADR 0039); empty = loopback only. */
  metricsToken: string;
}

const DEFAULT_SECRET = 'dev-only-secret-change-me';
/**
 * The repository root, so `data/shop.db` is the same file whichever folder starts the server. apps/api/src (tsx) and
 * apps/api/dist (the compiled bundle, ADR 0039) are at the same depth.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
export const repoRoot = ROOT;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  return {
    env: mode,
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? `sqlite:${resolve(ROOT, 'data/shop.db')}`,
    platId: env.PLAT_ID ?? 'plat-demo',
    webDist: env.WEB_DIST ?? null,
    smsProvider: env.SMS_PROVIDER === 'aliyun' ? 'aliyun' : 'local',
    wechatProvider: env.WECHAT_PROVIDER === 'official' ? 'official' : 'sandbox',
    logisticsProvider: env.LOGISTICS_PROVIDER === 'kdniao' ? 'kdniao' : 'local',
    kdniao: {
      eBusinessId: env.KDNIAO_EBUSINESS_ID ?? '',
      appKey: env.KDNIAO_APP_KEY ?? '',
      url: env.KDNIAO_URL || 'https://api.kdniao.com/Ebusiness/EbusinessOrderHandle.aspx',
      requestType: env.KDNIAO_REQUEST_TYPE === '8001' ? '8001' : '1002',
    },
    wechatAppId: env.WECHAT_APP_ID ?? 'wx-sandbox-app',
    wechatAppSecret: env.WECHAT_APP_SECRET ?? DEFAULT_SECRET,
    wechatPay: {
      mchId: env.WECHATPAY_MCHID ?? '',
      merchantSerial: env.WECHATPAY_SERIAL ?? '',
      privateKeyPath: env.WECHATPAY_PRIVATE_KEY_PATH ?? '',
      platformCertPath: env.WECHATPAY_PLATFORM_CERT_PATH ?? '',
      platformPublicKeyPath: env.WECHATPAY_PLATFORM_PUBLIC_KEY_PATH ?? '',
      platformSerial: env.WECHATPAY_PLATFORM_SERIAL ?? '',
      apiV3Key: env.WECHATPAY_APIV3_KEY ?? '',
      notifyUrl: env.WECHATPAY_NOTIFY_URL ?? '',
      baseUrl: env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com',
    },
    publicOrigins: (env.PUBLIC_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    hashSecret: env.HASH_SECRET ?? DEFAULT_SECRET,
    sessionHours: Number(env.SESSION_HOURS ?? 12),
    rememberDays: 7,
    smsDailyLimit: Number(env.SMS_DAILY_LIMIT ?? 10),
    rateLimitScale: Math.max(1, Number(env.RATE_LIMIT_SCALE ?? 1)),
    uploadDir: env.UPLOAD_DIR ?? resolve(ROOT, 'data/uploads'),
    storageProvider: env.STORAGE_PROVIDER === 's3' ? 's3' : 'local',
    s3: {
      endpoint: env.S3_ENDPOINT ?? '',
      region: env.S3_REGION || 'us-east-1',
      bucket: env.S3_BUCKET ?? '',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
      prefix: env.S3_PREFIX ?? '',
    },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    staff2fa: (env.STAFF_2FA ?? (mode === 'production' ? 'required' : 'optional')) === 'required' ? 'required' : 'optional',
    adminDist: env.ADMIN_DIST ?? null,
    metricsToken: env.METRICS_TOKEN ?? '',
  };
}

/** Production refuses to start on demo providers or default secrets (ARCHITECTURE server rules). */
export function assertProductionReady(config: Config): void {
  if (config.env !== 'production') return;
  const problems: string[] = [];
  if (config.smsProvider === 'local') problems.push('SMS_PROVIDER is local');
  if (config.wechatProvider === 'sandbox') problems.push('WECHAT_PROVIDER is sandbox');
  if (config.logisticsProvider === 'local') problems.push('LOGISTICS_PROVIDER is local');
  else if (!config.kdniao.eBusinessId || !config.kdniao.appKey) problems.push('KDNIAO_EBUSINESS_ID or KDNIAO_APP_KEY is empty');
  if (config.hashSecret === DEFAULT_SECRET || config.hashSecret.length < 32) problems.push('HASH_SECRET is default or short');
  if (config.wechatAppSecret === DEFAULT_SECRET) problems.push('WECHAT_APP_SECRET is default');
  if (config.wechatProvider === 'official') problems.push(...wechatPayProblems(config.wechatPay));
  if (config.publicOrigins.length === 0) problems.push('PUBLIC_ORIGINS is empty');
  if (config.rateLimitScale !== 1) problems.push('RATE_LIMIT_SCALE is set');
  if (config.staff2fa !== 'required') problems.push('STAFF_2FA is not required');
  if (config.storageProvider === 's3' && (!config.s3.bucket || !config.s3.accessKeyId || !config.s3.secretAccessKey)) {
    problems.push('S3_BUCKET, S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY is empty');
  }
  if (problems.length) throw new Error(`refusing to start in production: ${problems.join('; ')}`);
}

/** What WeChat Pay needs to run for real; the APIv3 key must be 32 bytes (AES-256-GCM). */
export function wechatPayProblems(c: Config['wechatPay']): string[] {
  const problems: string[] = [];
  if (!c.mchId || !c.merchantSerial || !c.privateKeyPath) problems.push('WECHATPAY_MCHID, WECHATPAY_SERIAL or WECHATPAY_PRIVATE_KEY_PATH is empty');
  if (!c.platformCertPath && !c.platformPublicKeyPath) problems.push('WECHATPAY_PLATFORM_CERT_PATH or WECHATPAY_PLATFORM_PUBLIC_KEY_PATH is needed');
  if (c.platformPublicKeyPath && !c.platformSerial) problems.push('WECHATPAY_PLATFORM_SERIAL (the public key id) is empty');
  if (Buffer.byteLength(c.apiV3Key, 'utf8') !== 32) problems.push('WECHATPAY_APIV3_KEY is not 32 bytes');
  if (!/^https:\/\/[^?#]+$/.test(c.notifyUrl)) problems.push('WECHATPAY_NOTIFY_URL is not a public https URL without a query');
  return problems;
}
