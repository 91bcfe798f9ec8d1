#!/usr/bin/env node
// npm run bench: builds the web app, starts the real server and prints each figure against its target.
import { spawnSync } from 'node:child_process';
import { loginThroughApi, measurePage, startServer } from './bundle-size.mjs';

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [];

const build = spawnSync('npm', ['run', 'build', '-w', '@shop/web', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const server = await startServer(Number(process.env.BENCH_PORT ?? 8191));
try {
  const login = await measurePage(server.base, '/login', {
    ready: (page) => page.getByRole('button', { name: '登录' }).waitFor(),
  });
  console.log('\n/login scripts (gzip):');
  for (const f of login.files) console.log(`  ${f.file}  ${kb(f.gzip)} KB (raw ${kb(f.raw)} KB)`);
  rows.push({ figure: 'JS /login loads before use (gzip)', value: `${kb(login.gzip)} KB`, target: '<= 110 KB', ok: login.gzip <= 110 * 1024 });

  // /home after logging in as the demo inviter: everything its first screen loads until the first product shows.
  const home = await measurePage(server.base, '/home', {
    login: (page, base) => loginThroughApi(page, base, '13800000001', 'demo1234'),
    ready: (page) => page.locator('.prod-card').first().waitFor(),
  });
  console.log('\n/home scripts (gzip):');
  for (const f of home.files) console.log(`  ${f.file}  ${kb(f.gzip)} KB (raw ${kb(f.raw)} KB)`);
  rows.push({ figure: 'JS /home first screen loads (gzip)', value: `${kb(home.gzip)} KB`, target: '<= 120 KB', ok: home.gzip <= 120 * 1024 });
} finally {
  server.stop();
}

console.log('\nbenchmark                                  value        target      ');
for (const r of rows) console.log(`${r.figure.padEnd(42)} ${r.value.padEnd(12)} ${r.target.padEnd(12)} ${r.ok ? 'ok' : 'OVER'}`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
