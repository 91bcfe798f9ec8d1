import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 512;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, once, at build time; the server
 * picks one by Accept-Encoding (ADR 0015) and never compresses per request. A copy that is not smaller is not kept,
 * and every copy carries its source's modification time so Last-Modified agrees across encodings.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => TEXT.test(f)).map((f) => join(outDir, f));
      await Promise.all(files.map(compressBeside));
    },
  };
}

async function compressBeside(file: string) {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return;
  const { mtime } = await stat(file);
  const copies: Array<[string, Buffer]> = [
    ['.br', await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })],
    ['.gz', await gz(data, { level: 9 })],
  ];
  for (const [ext, copy] of copies) {
    if (copy.length >= data.length) continue;
    await writeFile(file + ext, copy);
    await utimes(file + ext, mtime, mtime);
  }
}
