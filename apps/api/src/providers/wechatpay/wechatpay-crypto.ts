import { createCipheriv, createDecipheriv, createPublicKey, createSign, createVerify, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { chinaTimeText } from '@shop/contract/china-time';

/** WeChat Pay API v3 signatures and resource encryption (reference §1.2–§1.4). Pure functions, no I/O. */

export const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';
/** reference §1.4 / wechatpay-go validator: a signed message older or newer than this is refused. */
export const MAX_CLOCK_SKEW_S = 300;
/** The APIv3 key is 32 bytes (AES-256-GCM). Only the reference's test vectors use 16-byte keys. */
export const APIV3_KEY_BYTES = 32;

type Key = KeyObject | string;

/** METHOD \n PATH?QUERY \n TIMESTAMP \n NONCE \n BODY \n — the body is the exact text sent ('' for GET). */
export const requestMessage = (method: string, url: string, timestamp: string | number, nonce: string, body = '') =>
  `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;

/** Responses and notifications: TIMESTAMP \n NONCE \n BODY \n */
export const responseMessage = (timestamp: string | number, nonce: string, body = '') => `${timestamp}\n${nonce}\n${body}\n`;

/** reference §1.3: appId \n timeStamp \n nonceStr \n package \n (signType is not signed). */
export const paySignMessage = (appId: string, timeStamp: string, nonceStr: string, pkg: string) => `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`;

export function authorization(a: { mchid: string; nonce: string; signature: string; timestamp: string | number; serial: string }): string {
  return `${SIGNATURE_TYPE} mchid="${a.mchid}",serial_no="${a.serial}",timestamp="${a.timestamp}",nonce_str="${a.nonce}",signature="${a.signature}"`;
}

/** SHA256withRSA (RSASSA-PKCS1-v1_5), base64. */
export function rsaSign(message: string, privateKey: Key): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** False for a wrong signature, a malformed one or an unusable key; never throws. */
export function rsaVerify(message: string, signature: string, publicKey: Key): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** 32 characters of [0-9A-Z]: WeChat allows at most 32 for nonce_str. */
export function newNonce(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(randomBytes(32), (b) => alphabet[b % 36]).join('');
}

const gcm = (key: Buffer, keyBytes: number) => {
  if (key.length !== keyBytes) throw new Error(`the APIv3 key must be ${keyBytes} bytes`);
  return keyBytes === 16 ? 'aes-128-gcm' : 'aes-256-gcm';
};

/** AEAD_AES_256_GCM: base64(ciphertext ‖ 16-byte tag). `keyBytes` is 32 except in the 16-byte test vectors. */
export function aesGcmEncrypt(plaintext: string, apiV3Key: string, nonce: string, aad: string, keyBytes: 16 | 32 = APIV3_KEY_BYTES): string {
  const key = Buffer.from(apiV3Key, 'utf8');
  const c = createCipheriv(gcm(key, keyBytes), key, Buffer.from(nonce, 'utf8'));
  c.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([c.update(plaintext, 'utf8'), c.final(), c.getAuthTag()]).toString('base64');
}

/** Throws when the tag does not match (tampered ciphertext, nonce, associated data, or a wrong key). */
export function aesGcmDecrypt(ciphertext: string, apiV3Key: string, nonce: string, aad: string, keyBytes: 16 | 32 = APIV3_KEY_BYTES): string {
  const key = Buffer.from(apiV3Key, 'utf8');
  const buf = Buffer.from(ciphertext, 'base64');
  if (buf.length < 16) throw new Error('ciphertext too short');
  const d = createDecipheriv(gcm(key, keyBytes), key, Buffer.from(nonce, 'utf8'));
  d.setAuthTag(buf.subarray(-16));
  d.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([d.update(buf.subarray(0, -16)), d.final()]).toString('utf8');
}

/** Why a signed message was refused. */
export class WechatPaySignatureError extends Error {
  constructor(readonly reason: 'headers' | 'stale' | 'serial' | 'signature' | 'body' | 'decrypt') {
    super(`wechatpay message refused: ${reason}`);
  }
}

type Headers = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: Headers, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const h = headers as Record<string, string | string[] | undefined>;
  const v = h[name.toLowerCase()] ?? h[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The platform keys we trust, by `Wechatpay-Serial` (certificate serial in hex, or a `PUB_KEY_ID_…`). */
export type PlatformKeys = ReadonlyMap<string, KeyObject>;

/**
 * Checks the Wechatpay-* headers of a response or notification against its raw body: a known serial, a timestamp
 * within five minutes of `now`, and the signature of `timestamp\nnonce\nbody\n`. WeChat's deliberately mis-signed
 * probes (signature `WECHATPAY/SIGNTEST/…`) fail here like any other bad signature.
 */
export function verifySigned(headers: Headers, body: string, keys: PlatformKeys, now: Date): void {
  const timestamp = header(headers, 'Wechatpay-Timestamp');
  const nonce = header(headers, 'Wechatpay-Nonce');
  const signature = header(headers, 'Wechatpay-Signature');
  const serial = header(headers, 'Wechatpay-Serial');
  if (!timestamp || !nonce || !signature || !serial || !/^\d{1,12}$/.test(timestamp)) throw new WechatPaySignatureError('headers');
  const type = header(headers, 'Wechatpay-Signature-Type');
  if (type && type !== SIGNATURE_TYPE) throw new WechatPaySignatureError('headers');
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) >= MAX_CLOCK_SKEW_S) throw new WechatPaySignatureError('stale');
  const key = keys.get(serial) ?? keys.get(serial.toUpperCase());
  if (!key) throw new WechatPaySignatureError('serial');
  if (!rsaVerify(responseMessage(timestamp, nonce, body), signature, key)) throw new WechatPaySignatureError('signature');
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
  original_type?: string;
}

export interface OpenedNotification {
  id: string;
  eventType: string;
  /** The decrypted resource, as text (a JSON document). */
  plaintext: string;
}

/** Verifies a notification (headers + raw body), then decrypts its resource with the APIv3 key. */
export function openNotification(p: {
  headers: Headers;
  rawBody: string;
  now: Date;
  keys: PlatformKeys;
  apiV3Key: string;
  keyBytes?: 16 | 32;
}): OpenedNotification {
  verifySigned(p.headers, p.rawBody, p.keys, p.now);
  let body: { id?: unknown; event_type?: unknown; resource?: EncryptedResource };
  try {
    body = JSON.parse(p.rawBody);
  } catch {
    throw new WechatPaySignatureError('body');
  }
  const r = body.resource;
  if (!r || r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') {
    throw new WechatPaySignatureError('body');
  }
  let plaintext: string;
  try {
    plaintext = aesGcmDecrypt(r.ciphertext, p.apiV3Key, r.nonce, r.associated_data ?? '', p.keyBytes);
  } catch {
    throw new WechatPaySignatureError('decrypt');
  }
  return { id: String(body.id ?? ''), eventType: String(body.event_type ?? ''), plaintext };
}

/** What WeChat sends (or a test sends as WeChat): the body and its signed headers. */
export interface SignedNotification {
  headers: Record<string, string>;
  body: string;
}

/** Builds a genuine notification: encrypted resource, body signed with the platform key (sandbox and fakes). */
export function sealNotification(p: {
  id: string;
  eventType: string;
  summary: string;
  resource: unknown;
  originalType: string;
  apiV3Key: string;
  platformKey: Key;
  platformSerial: string;
  now: Date;
  keyBytes?: 16 | 32;
}): SignedNotification {
  const nonce = newNonce().slice(0, 12);
  const aad = p.originalType;
  const body = JSON.stringify({
    id: p.id,
    create_time: rfc3339China(p.now),
    resource_type: 'encrypt-resource',
    event_type: p.eventType,
    summary: p.summary,
    resource: {
      original_type: p.originalType,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: aesGcmEncrypt(JSON.stringify(p.resource), p.apiV3Key, nonce, aad, p.keyBytes),
      associated_data: aad,
      nonce,
    },
  });
  return { headers: { 'content-type': 'application/json', ...signedHeaders(body, p.platformKey, p.platformSerial, p.now) }, body };
}

/** The Wechatpay-* headers of a body signed with a platform key (responses of the fake, notifications). */
export function signedHeaders(body: string, platformKey: Key, serial: string, now: Date): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = newNonce();
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': serial,
    'wechatpay-signature-type': SIGNATURE_TYPE,
    'wechatpay-signature': rsaSign(responseMessage(timestamp, nonce, body), platformKey),
  };
}

/** RFC 3339 in China time, as WeChat writes times: 2025-06-01T12:30:00+08:00 */
export function rfc3339China(at: Date): string {
  return `${chinaTimeText(at).replace(' ', 'T')}+08:00`;
}

/** A platform key from a certificate or a public key (PEM); a certificate also yields its serial (hex). */
export function platformKeyFromPem(pem: string): { key: KeyObject; serial: string | null } {
  if (pem.includes('BEGIN CERTIFICATE')) {
    const cert = new X509Certificate(pem);
    return { key: cert.publicKey, serial: cert.serialNumber.toUpperCase() };
  }
  return { key: createPublicKey(pem), serial: null };
}
