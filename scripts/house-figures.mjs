#!/usr/bin/env node
// The house's figures at a git revision (docs/ARCHITECTURE.md, ADR 0028), read from git without a checkout:
// - source files over 250 lines under apps/*/src and packages/*/src (.ts, .tsx);
// - imports in apps/api/src from a lower floor into a higher one (relative imports, `export … from` and `import()`
//   included; type-only ones counted too and also shown apart).
// Floors, top to bottom: the composition root (server.ts, app.ts, compose.ts, backup-cli.ts) · routes/ and jobs/ ·
// http/ (transport under the routes) · flows/ · modules/ · db/ · providers/ · lib/. config.ts and deps.ts are
// declarations every floor reads and are left out on both sides. A file of a module that answers routes (the layout
// before ADR 0028) counts as modules/, which is what made those imports climb.
// node scripts/house-figures.mjs [rev …]   (default HEAD; the `duplicates` figure is the tool's own, run apart)
import { execFileSync } from 'node:child_process';
import { posix } from 'node:path';

const LIMIT = 250;
const API = 'apps/api/src/';
const LEVEL = { routes: 6, jobs: 6, http: 5, flows: 4, modules: 3, db: 2, providers: 1, lib: 0 };
const ROOT_FILES = new Set(['server.ts', 'app.ts', 'compose.ts', 'backup-cli.ts']);
const LEFT_OUT = new Set(['config.ts', 'deps.ts']);

function levelOf(path) {
  const rest = path.slice(API.length);
  const [first] = rest.split('/');
  if (!rest.includes('/')) return ROOT_FILES.has(first) ? 7 : LEFT_OUT.has(first) ? null : 7;
  return LEVEL[first] ?? null;
}

function readAll(rev, paths) {
  const out = execFileSync('git', ['cat-file', '--batch'], { input: paths.map((p) => `${rev}:${p}`).join('\n') + '\n', maxBuffer: 1 << 30 });
  const files = new Map();
  let at = 0;
  for (const path of paths) {
    const eol = out.indexOf(10, at);
    const size = Number(out.subarray(at, eol).toString().split(' ')[2]);
    files.set(path, out.subarray(eol + 1, eol + 1 + size).toString('utf8'));
    at = eol + 1 + size + 1;
  }
  return files;
}

function resolve(from, spec, known) {
  const base = posix.normalize(posix.join(posix.dirname(from), spec)).replace(/\.js$/, '');
  return ['.ts', '.tsx', '/index.ts'].map((end) => base + end).find((p) => known.has(p)) ?? null;
}

function figures(rev) {
  const all = execFileSync('git', ['ls-tree', '-r', '--name-only', rev], { maxBuffer: 1 << 30 }).toString().split('\n');
  const source = all.filter((p) => /^(apps|packages)\/[^/]+\/src\/.*\.tsx?$/.test(p));
  const files = readAll(rev, source);
  const long = source.filter((p) => files.get(p).replace(/\n$/, '').split('\n').length > LIMIT);

  const api = source.filter((p) => p.startsWith(API) && p.endsWith('.ts'));
  const known = new Set(api);
  const climbing = [];
  const importRe = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;
  for (const from of api) {
    const fromLevel = levelOf(from);
    if (fromLevel === null) continue;
    for (const m of files.get(from).matchAll(importRe)) {
      const spec = m[3] ?? m[4];
      if (!spec.startsWith('.')) continue;
      const to = resolve(from, spec, known);
      const toLevel = to && levelOf(to);
      if (toLevel == null || toLevel <= fromLevel) continue;
      climbing.push({ from, to, typeOnly: Boolean(m[2]) });
    }
  }
  return { rev, long, climbing };
}

const revs = process.argv.slice(2);
for (const rev of revs.length ? revs : ['HEAD']) {
  const { long, climbing } = figures(rev);
  const typeOnly = climbing.filter((c) => c.typeOnly).length;
  console.log(`${rev}: ${long.length} files over ${LIMIT} lines; ${climbing.length} imports climbing a floor in apps/api/src (${typeOnly} type-only)`);
  if (process.env.VERBOSE) {
    for (const p of long) console.log(`  long  ${p}`);
    for (const c of climbing) console.log(`  up    ${c.from} -> ${c.to}${c.typeOnly ? ' (type)' : ''}`);
  }
}
