import { existsSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from './e2e/chromium';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`);

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Pixel 5'],
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 375, height: 812 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // The real server on a fresh SQLite file, serving the built web app (scripts/test.mjs builds it first).
    command: 'node --import tsx apps/api/src/server.ts',
    cwd: root,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATABASE_URL: `sqlite:${join(dataDir, 'e2e.db')}`,
      // E2E_WEB_DIST lets parallel runs test their own build (vite build --outDir ...).
      WEB_DIST: process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist'),
      // Every spec logs in from this one address; the per-address limits are tested in the API suite.
      RATE_LIMIT_SCALE: '10',
      // A one-minute payment window and the jobs every 2 s: orders.spec.ts watches an unpaid order close by itself.
      DEMO_NO_PAY_MINUTES: '1',
      JOBS_INTERVAL_SECONDS: '2',
    },
  },
});
