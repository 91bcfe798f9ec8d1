#!/usr/bin/env node
// What the web app's entry chunk (and the chunks it imports statically) is made of, by package, rendered bytes.
// node bench/chunk-contents.mjs [outDir]  — a build into a throwaway folder; the shipped dist is not touched.
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const web = resolve(import.meta.dirname, '../apps/web');
const outDir = process.argv.find((a, i) => i > 1 && !a.startsWith('--')) ?? '/tmp/shop-chunk-contents';

const report = {
  name: 'chunk-contents',
  generateBundle(_opts, bundle) {
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
    const entry = chunks.find((c) => c.isEntry);
    const seen = new Set();
    const walk = (c) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const i of c.imports) walk(bundle[i]);
    };
    walk(entry);
    for (const name of seen) {
      const c = bundle[name];
      console.log(`\n${name}: ${(gzipSync(c.code).length / 1024).toFixed(1)} KB gzip, ${(c.code.length / 1024).toFixed(1)} KB raw`);
      const groups = new Map();
      for (const [id, m] of Object.entries(c.modules)) {
        const pkg = id.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
        const key = pkg ? pkg[1] : id.replace(resolve(web, '../..') + '/', '');
        groups.set(key, (groups.get(key) ?? 0) + m.renderedLength);
      }
      for (const [k, v] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${(v / 1024).toFixed(1).padStart(7)} KB  ${k}`);
    }
  },
};

// --split: one chunk per package of the entry, so each one's minified gzip weight shows.
const split = process.argv.includes('--split');
const perPackage = (id) => {
  const pkg = id.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  return pkg ? `pkg-${pkg[1].replace('/', '+')}` : id.includes('/packages/contract/') ? 'pkg-contract' : undefined;
};
await build({
  root: web,
  logLevel: 'warn',
  plugins: [report],
  build: { outDir, emptyOutDir: true, rollupOptions: split ? { output: { manualChunks: perPackage } } : {} },
});
