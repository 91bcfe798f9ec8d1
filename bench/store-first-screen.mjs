#!/usr/bin/env node
// The consumer store's first screen (ADR 0038): the scripts store.html loads before its first render (the entry and its
// static imports), gzip level 9 as served, against the 100 KB budget; and that no chunk the store can ever load is one of
// the agents' shop (its entry would start the agents' app inside the store's page). node bench/store-first-screen.mjs <dist>
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const dir = process.argv[2] ?? 'apps/web/dist';
const html = readFileSync(`${dir}/store.html`, 'utf8');
const entry = /src="\/assets\/([^"]+)"/.exec(html)[1];
const seen = new Set(); const stat = new Set();
const walk = (f, dynamic) => {
  if (seen.has(f)) return; seen.add(f);
  const code = readFileSync(`${dir}/assets/${f}`, 'utf8');
  for (const m of code.matchAll(/from"\.\/([^"]+)"|import"\.\/([^"]+)"/g)) { const g = m[1] ?? m[2]; if (!dynamic) stat.add(g); walk(g, dynamic); }
  for (const m of code.matchAll(/import\("\.\/([^"]+)"\)/g)) walk(m[1], true);
  // vite's preload deps list
  for (const m of code.matchAll(/"assets\/([^"]+\.js)"/g)) walk(m[1], true);
};
stat.add(entry); walk(entry, false);
const bad = [...seen].filter((f) => /^(index|screen-base|screen-parts|query-layer|ui|tab-bar)-/.test(f));
const first = [...stat];
const kb = first.reduce((n, f) => n + gzipSync(readFileSync(`${dir}/assets/${f}`), { level: 9 }).length, 0);
console.log('first screen:', first.join(' '), (kb / 1024).toFixed(1), 'KB gzip');
console.log('reachable:', seen.size, 'agent chunks reachable:', bad.join(' ') || 'none');
if (bad.length || kb > 100 * 1024) process.exit(1);
