import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLogin, uploadImgFile } from '@shop/contract';
import { createUploadService } from '../src/modules/upload/upload.service.js';
import { S3StorageProvider } from '../src/providers/storage/s3-storage.js';
import { sharedDatabase, type Instance, type SharedDatabase } from './helpers/processes.js';

/**
 * ADR 0040: uploads in an S3-compatible bucket (MinIO, Aliyun OSS, Tencent COS speak the same API), tested against a
 * local S3 server started here (s3rver checks the access key id, not the V4 signature itself). Two app instances on one database stand for two
 * processes: a voucher written through one is read through the other's signed link.
 */
const BUCKET = 'shop-uploads';
let s3: S3rver;
let endpoint = '';
let dir = '';
let shared: SharedDatabase;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shop-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  shared = await sharedDatabase();
}, 120_000);

afterAll(async () => {
  await shared?.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const s3Env = (over: Record<string, string> = {}) => ({
  STORAGE_PROVIDER: 's3',
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_BUCKET: BUCKET,
  // s3rver's fixed account
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
  S3_PREFIX: 'vouchers/',
  ...over,
});

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();

async function upload(i: Instance, token: string, data: Buffer) {
  const form = new FormData();
  form.set('platId', i.config.platId);
  form.set('in', '{}');
  form.set('0', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'v.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await i.app.inject({
    method: 'POST',
    url: uploadImgFile.path,
    remoteAddress: '10.251.0.1',
    headers: { 'content-type': request.headers.get('content-type')!, accessToken: token },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() };
}

async function login(i: Instance, phone: string) {
  const reply = await i.post(newLogin.path, { suAccount: phone, suPassword: 'demo1234' }, {}, '10.251.0.2');
  expect(reply.body.errorType).toBe('SUCCESS');
  return { token: reply.body.accessToken as string, agentId: Number(reply.body.obj.agentId) };
}

describe('uploads in an S3-compatible bucket (ADR 0040)', () => {
  it('a voucher uploaded through one process is in the bucket and opens through the other process\'s signed link', { timeout: 60_000 }, async () => {
    const A = await shared.instance(s3Env());
    const B = await shared.instance(s3Env());
    expect(A.providers.storage.name).toBe('s3');
    const agent = await login(A, '13800000001');

    const stored = await upload(A, agent.token, await png());
    expect(stored.body).toMatchObject({ errorType: 'SUCCESS', msg: '上传成功' });
    const url = String(stored.body.obj);
    const name = url.split('/').pop()!;

    // In the bucket under the prefix, re-encoded JPEG; nothing on A's local disk.
    const raw = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const object = await raw.send(new GetObjectCommand({ Bucket: BUCKET, Key: `vouchers/${name}` }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(object.ContentType).toBe('image/jpeg');
    raw.destroy();
    expect(() => readdirSync(A.config.uploadDir)).toThrow();

    // Read through B: the signed link (made by B, as B's order detail would) answers the same bytes.
    const link = createUploadService(B as never, B.providers.storage).signedUrl(url, { agentId: agent.agentId });
    const res = await B.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(bytes)).toBe(true);

    // The link still guards the bucket: unsigned, tampered or for another viewer opens nothing.
    expect((await B.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const other = createUploadService(B as never, B.providers.storage).signedUrl(url, { agentId: agent.agentId + 1 });
    expect((await B.app.inject({ method: 'GET', url: other })).statusCode).toBe(404);
  });

  it('a missing object is "not found", never an error; an unknown access key stores nothing and say so', { timeout: 60_000 }, async () => {
    const store = new S3StorageProvider({ endpoint, region: 'us-east-1', bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'p/' });
    expect(await store.get('00000000-0000-0000-0000-000000000000.jpg')).toBeNull();
    await store.put('a.jpg', Buffer.from('x'));
    expect((await store.get('a.jpg'))?.toString()).toBe('x');
    store.destroy();

    const C = await shared.instance(s3Env({ S3_ACCESS_KEY_ID: 'NOT-A-KEY' }));
    const agent = await login(C, '13800000004');
    const before = await C.db.kysely.selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const reply = await upload(C, agent.token, await png());
    expect(reply.body).toMatchObject({ errorType: 'STORAGE_FAILED', msg: '图片保存失败，请稍后重新上传' });
    const after = await C.db.kysely.selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
