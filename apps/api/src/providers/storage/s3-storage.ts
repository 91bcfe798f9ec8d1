import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { StorageProvider } from './storage-provider.js';

/** An S3-compatible bucket (ADR 0040): Aliyun OSS, Tencent COS, MinIO or AWS S3, through the official AWS SDK v3 client. */
export interface S3StorageConfig {
  /** The store's endpoint, e.g. https://oss-cn-hangzhou.aliyuncs.com, https://cos.ap-shanghai.myqcloud.com, http://minio:9000; empty = AWS. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, most local stores) instead of the host name (OSS and COS want the host name). */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several shops ('' = none). */
  prefix: string;
}

/**
 * Uploaded files in a bucket. Files stay private (no public-read ACL): every read still goes through the server's
 * signed links (ADR 0012), which call `get`; so the links and their expiry work the same on every process and store.
 */
export class S3StorageProvider implements StorageProvider {
  readonly name = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly c: S3StorageConfig) {
    this.client = new S3Client({
      region: c.region,
      ...(c.endpoint ? { endpoint: c.endpoint } : {}),
      forcePathStyle: c.forcePathStyle,
      credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey },
      // OSS, COS and older MinIO refuse the SDK's newer default checksum headers: send them only where S3 requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private key(key: string) {
    return `${this.c.prefix}${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.c.bucket, Key: this.key(key), Body: data, ContentLength: data.length, ContentType: contentTypeOf(key) }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.c.bucket, Key: this.key(key) }));
      if (!out.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      // A missing file is an answer (404 to the reader); anything else (credentials, network) is an error to see.
      if (err instanceof NoSuchKey) return null;
      if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return null;
      throw err;
    }
  }

  destroy() {
    this.client.destroy();
  }
}

function contentTypeOf(key: string) {
  if (key.endsWith('.jpg')) return 'image/jpeg';
  if (key.endsWith('.png')) return 'image/png';
  return 'application/octet-stream';
}
