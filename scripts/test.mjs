#!/usr/bin/env node
// npm test: contract and web unit tests, API tests on SQLite and on PostgreSQL (when a server can be had),
// then the browser tests in the system Chromium (when it is installed). Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv[2]; // 'e2e' runs the browser tests alone
const out = mkdtempSync(join(tmpdir(), 'shop-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const ran = [];
let failedSteps = 0;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) failedSteps++;
  return res.status === 0;
}

function vitest(label, projects, env = {}) {
  const file = join(out, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  run(label, 'npx', args, env);
  if (!existsSync(file)) return 0;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  return r.numTotalTests;
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (only !== 'e2e') {
  if (vitest('contract and web unit tests', ['contract', 'web'])) ran.push('contract + web unit');
  if (vitest('API tests on SQLite', ['api'], { TEST_DB: 'sqlite' })) ran.push('API on SQLite');
  // The vitest config finds a server (TEST_DATABASE_URL, or initdb/pg_ctl for a throwaway cluster) or says why not.
  if (vitest('API tests on PostgreSQL', ['api'], { TEST_DB: 'postgres' })) ran.push('API on PostgreSQL');
  else console.log('API tests on PostgreSQL: skipped (see the reason above)');
}

/** One Playwright run after its app's build; its JSON report adds to the totals. */
function browserTests(label, workspace, config, name) {
  if (!run(`build ${workspace} for the browser tests`, 'npm', ['run', 'build', '-w', workspace, '--silent'])) return;
  const file = join(out, `${name}.json`);
  run(label, 'npx', ['playwright', 'test', '-c', config, '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: chromium });
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  totals.passed += s.expected + (s.flaky ?? 0);
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  ran.push(name);
}

if (existsSync(chromium)) {
  browserTests('browser tests (Playwright, system Chromium, 375x812)', '@shop/web', 'apps/web/playwright.config.ts', 'browser (Chromium)');
  // The staff console (ADR 0020): its own build at a desktop viewport; the shop's build (above) serves the agent's side.
  browserTests('console browser tests (Playwright, system Chromium, 1440x900)', '@shop/admin', 'apps/admin/playwright.config.ts', 'console browser (Chromium)');
} else {
  console.log(`\n=== browser tests: skipped, Chromium not found at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH) ===`);
}

// The deployment check (ADR 0039): PostgreSQL, two compiled API processes and nginx from deploy/nginx/shop.conf.
// Counted as one test per check line; needs nginx and initdb (.ci/run installs nginx).
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);
if (only !== 'e2e' && nginx) {
  console.log('\n=== deployment check (nginx in front of two compiled API processes on PostgreSQL) ===');
  const res = spawnSync('npm', ['run', 'test:deploy', '--silent'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(res.stdout ?? '');
  const m = /deploy check: (\d+) passed, (\d+) failed/.exec(res.stdout ?? '');
  totals.passed += Number(m?.[1] ?? 0);
  totals.failed += m ? Number(m[2]) : res.status === 0 ? 0 : 1;
  if (res.status !== 0) failedSteps++;
  ran.push('deployment check');
} else if (only !== 'e2e') {
  console.log('\n=== deployment check: skipped, nginx not found (apt-get install -y nginx) ===');
}

console.log(`\nSuites run: ${ran.join(', ') || 'none'}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps > 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
