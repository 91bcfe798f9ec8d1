import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../web/e2e/chromium';
import { defineConfig } from '@playwright/test';

/** The console's browser tests: a desktop at 1440×900 in the system Chromium, against the real server (ADR 0020). */
const PORT = Number(process.env.E2E_ADMIN_PORT ?? 8282);
const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'shop-admin-e2e-'));

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`);

export default defineConfig({
  testDir: './e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // The real server on a fresh SQLite file, serving the shop (for the agent's side of a test) and the console.
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
      DATABASE_URL: `sqlite:${join(dataDir, 'admin-e2e.db')}`,
      WEB_DIST: process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist'),
      ADMIN_DIST: process.env.E2E_ADMIN_DIST ?? join(root, 'apps/admin/dist'),
      RATE_LIMIT_SCALE: '10',
    },
  },
});
