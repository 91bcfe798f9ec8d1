#!/usr/bin/env node
// npm start: builds what is missing or older than its sources (the web app, the staff console, the API), then runs the
// compiled server in this process (ADR 0039). `npm run build` builds all three unconditionally.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const all = process.argv.includes('--build-only') && process.argv.includes('--all');
const buildOnly = process.argv.includes('--build-only');

/** The newest modification time under the given paths (files or folders), skipping node_modules and builds. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(join(p, name));
    } else max = Math.max(max, s.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return max;
}

const shared = ['packages/contract/src', 'package-lock.json'];
const targets = [
  { name: 'web app', output: 'apps/web/dist/index.html', sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', ...shared], cmd: ['npm', ['run', 'build', '-w', '@shop/web', '--silent']] },
  { name: 'staff console', output: 'apps/admin/dist/index.html', sources: ['apps/admin/src', 'apps/admin/public', 'apps/admin/index.html', 'apps/admin/vite.config.ts', ...shared], cmd: ['npm', ['run', 'build', '-w', '@shop/admin', '--silent']] },
  { name: 'API', output: 'apps/api/dist/server.js', sources: ['apps/api/src', 'scripts/build-api.mjs', ...shared], cmd: [process.execPath, [join(root, 'scripts/build-api.mjs')]] },
];

for (const t of targets) {
  const out = join(root, t.output);
  const stale = !existsSync(out) || statSync(out).mtimeMs < newest(t.sources);
  if (!all && !stale) continue;
  console.log(`building the ${t.name}${all ? '' : existsSync(out) ? ' (sources changed)' : ' (no build yet)'}`);
  const res = spawnSync(t.cmd[0], t.cmd[1], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`building the ${t.name} failed (exit ${res.status}); fix the error above and run npm start again`);
    process.exit(res.status ?? 1);
  }
}

if (!buildOnly) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(root, 'apps/api/dist/server.js')).href);
}
