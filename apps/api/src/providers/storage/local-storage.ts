import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StorageProvider } from './storage-provider.js';

/** Files under a directory outside the web root; keys are server-made names, never a client's file name. */
export class LocalStorageProvider implements StorageProvider {
  readonly name = 'local' as const;
  constructor(private readonly dir: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, key), data);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(join(this.dir, key));
    } catch {
      return null;
    }
  }
}
