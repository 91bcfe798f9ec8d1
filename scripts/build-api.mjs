#!/usr/bin/env node
// npm run build -w @shop/api: the API as one ES module, apps/api/dist/server.js (ADR 0039). The contract package's
// TypeScript source is compiled in; every other package stays an import from node_modules (native modules, pdfkit's
// fonts and sharp load their files relative to themselves). dist/ sits at the same depth as src/, so the paths the
// server finds from its own location (the repository root, data/, the web builds) are the same in both.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const contractSrc = join(root, 'packages/contract/src');
const started = Date.now();

/** @shop/contract → its source (compiled in); any other bare import → external. */
const resolvePackages = {
  name: 'packages',
  setup(b) {
    b.onResolve({ filter: /^@shop\/contract(\/.*)?$/ }, (args) => {
      const sub = args.path.slice('@shop/contract'.length).replace(/^\//, '');
      return { path: join(contractSrc, `${sub || 'index'}.ts`) };
    });
    b.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true }));
  },
};

const result = await build({
  entryPoints: [join(root, 'apps/api/src/server.ts')],
  outfile: join(root, 'apps/api/dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // The contract's error map registers itself on import (packages/contract package.json sideEffects).
  plugins: [resolvePackages],
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});
const out = result.metafile.outputs['apps/api/dist/server.js'] ?? Object.values(result.metafile.outputs).find((o) => o.entryPoint);
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name;
console.log(`${version}: API compiled to apps/api/dist/server.js (${Math.round((out?.bytes ?? 0) / 1024)} KB) in ${Date.now() - started} ms`);
