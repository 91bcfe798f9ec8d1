// The gzip size of the JavaScript a page loads before it can be used, measured in the system Chromium
// against the real server (so lazy chunks the route needs are counted and chunks it does not load are not).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The built web app the bench serves: BENCH_WEB_DIST (a private build) or apps/web/dist. */
export const webDist = () => process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist');

export async function startServer(port) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  // BENCH_API_ROOT=<folder>: run the server from another checkout (the web build measured is BENCH_WEB_DIST either way).
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: process.env.BENCH_API_ROOT ?? root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`, WEB_DIST: webDist() },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop: () => child.kill('SIGTERM') };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/**
 * Opens `path` (optionally after logging in) and sums the gzip size of every script it fetched until usable.
 * `shown` (a CSS selector): the scripts asked for before that element first appeared are the first-load ones
 * (`files`); the ones asked for after it (/home's query layer, loaded after the first paint) are listed in `later`.
 */
export async function measurePage(base, path, { ready, login, shown } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    if (login) await login(page, base);
    const scripts = new Map();
    const askedAt = new Map();
    let shownAt = Infinity;
    if (shown) {
      await page.exposeFunction('__benchShown', () => {
        shownAt = Math.min(shownAt, performance.now());
      });
      await page.addInitScript((selector) => {
        const seen = () => document.querySelector(selector) && (window.__benchShown(), true);
        new MutationObserver((_m, observer) => seen() && observer.disconnect()).observe(document, { childList: true, subtree: true });
      }, shown);
    }
    page.on('request', (req) => {
      if (req.resourceType() === 'script' && !askedAt.has(req.url())) askedAt.set(req.url(), performance.now());
    });
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      try {
        scripts.set(res.url(), await res.body());
      } catch {
        /* a redirect or an aborted load has no body */
      }
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    if (ready) await ready(page);
    // gzip level 9 and brotli quality 11: what the server sends (vite-precompress.ts writes the files so).
    const all = [...scripts].map(([url, body]) => ({
      url,
      file: new URL(url).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    }));
    const first = (f) => (askedAt.get(f.url) ?? 0) < shownAt;
    const files = all.filter(first);
    const later = all.filter((f) => !first(f));
    const sum = (key, list = files) => list.reduce((n, f) => n + f[key], 0);
    return { files, later, gzip: sum('gzip'), brotli: sum('brotli'), raw: sum('raw'), laterGzip: sum('gzip', later) };
  } finally {
    await browser.close();
  }
}

/**
 * Logs in through the API and stores the session the way the web app keeps it, so the measured page load is the
 * first one of the browser (no script comes from a cache warmed by the login screen).
 */
export async function loginThroughApi(page, base, account, password, platId = 'plat-demo') {
  const storage = await apiSession(base, account, password, platId);
  await page.addInitScript((entries) => {
    for (const [k, v] of entries) {
      localStorage.setItem(k, v);
      sessionStorage.setItem(k, v);
    }
  }, Object.entries(storage));
}

/** Logs in through the API and answers what the web app keeps in storage for that session (key → text). */
export async function apiSession(base, account, password, platId = 'plat-demo') {
  const res = await fetch(`${base}/api/home/newLogin.do`, {
    method: 'POST',
    body: new URLSearchParams({ platId, in: JSON.stringify({ suAccount: account, suPassword: password }) }),
  });
  const env = await res.json();
  if (env.errorType !== 'SUCCESS') throw new Error(`bench login failed: ${env.msg}`);
  return { 'shop.session': JSON.stringify({ platId, userInfo: env.obj, token: env.accessToken, openId: null }) };
}
