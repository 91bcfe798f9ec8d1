/** Where uploaded files live: local disk by default, an S3-compatible store at scale (ARCHITECTURE providers). */
export interface StorageProvider {
  readonly name: 'local' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
}
