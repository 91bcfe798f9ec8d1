// Lighthouse performance of the first screens, as a phone on a slow 4G line sees them: Lighthouse's default mobile
// settings (Moto G Power screen, simulated throttling: 150 ms RTT, 1.6 Mbps down, 4x CPU slowdown), in the system
// Chromium, against the real server serving the compressed build.
//
// Logged-in pages: the session is written into a Chromium profile first (Playwright opens the profile on a JSON URL
// of the origin, so no page script or asset enters its cache, and stores the session the way the web app keeps it);
// Lighthouse then runs on the same profile. Its storage reset clears the HTTP cache and service workers but not
// localStorage (`clearStorageTypes` leaves it out), so the measured load is a cold one of a logged-in agent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { apiSession, CHROMIUM } from './bundle-size.mjs';

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Writes `storage` (key → text) into localStorage of `base`'s origin in the profile at `profile`. */
async function seedProfile(profile, base, storage) {
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: FLAGS.filter((f) => !f.startsWith('--headless')), headless: true });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/healthz`);
    await page.evaluate((entries) => {
      for (const [k, v] of entries) localStorage.setItem(k, v);
    }, Object.entries(storage));
  } finally {
    await context.close();
  }
}

/** One Lighthouse navigation of `url` in a fresh Chromium on `profile`: the performance score and its metrics. */
async function audit(url, profile) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, userDataDir: profile, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    const lhr = result.lhr;
    // LH_REPORT_DIR=<folder>: keep each full report (open with https://googlechrome.github.io/lighthouse/viewer/).
    if (process.env.LH_REPORT_DIR) writeFileSync(join(process.env.LH_REPORT_DIR, `${new URL(url).pathname.slice(1) || 'root'}-${Date.now()}.json`), result.report);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // LH_DETAILS=1: print why the score is what it is (bench/lighthouse-details.mjs).
    if (process.env.LH_DETAILS) printDetails(lhr);
    const ms = (id) => Math.round(lhr.audits[id].numericValue);
    return {
      url: lhr.finalDisplayedUrl,
      score: lhr.categories.performance.score,
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      si: ms('speed-index'),
      bytes: lhr.audits['total-byte-weight'].numericValue,
    };
  } finally {
    chrome.kill();
  }
}

const short = (u) => String(u ?? '').replace(/^https?:\/\/[^/]+/, '');
const tableOf = (audit) => (audit?.details?.type === 'list' ? audit.details.items : [audit?.details]).filter((d) => d?.type === 'table');

/**
 * The audit's reasons, one page: the LCP element and its phases (TTFB, load delay, load time, render delay), TBT's long
 * tasks with their scripts, the main-thread time per script, render-blocking resources, unused JS, the network
 * requests before LCP (start, end, priority) and layout shifts.
 */
export function printDetails(lhr) {
  const a = lhr.audits;
  const ms = (v) => `${Math.round(v)} ms`;
  console.log(`\n=== ${lhr.finalDisplayedUrl}  score ${lhr.categories.performance.score}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'max-potential-fid'])
    console.log(`  ${id.padEnd(26)} ${a[id]?.displayValue ?? ''}  (score ${a[id]?.score})`);
  const [el, phases] = tableOf(a['largest-contentful-paint-element']);
  for (const item of el?.items ?? []) console.log(`  LCP element: ${item.node?.nodeLabel} | ${item.node?.snippet}`);
  for (const item of phases?.items ?? []) console.log(`    ${String(item.phase).padEnd(14)} ${ms(item.timing)}`);
  const lcpImg = a['prioritize-lcp-image'];
  if (lcpImg?.details?.items?.length) console.log(`  prioritize-lcp-image: ${lcpImg.displayValue ?? ''}`);
  console.log('  long tasks (observed, unthrottled start/duration):');
  for (const t of a['long-tasks']?.details?.items ?? []) console.log(`    ${short(t.url).padEnd(50)} start ${ms(t.startTime)} dur ${ms(t.duration)}`);
  console.log('  main-thread time by script (bootup-time, simulated):');
  for (const t of (a['bootup-time']?.details?.items ?? []).slice(0, 8)) console.log(`    ${short(t.url).padEnd(50)} total ${ms(t.total)} script ${ms(t.scripting)} parse ${ms(t.scriptParseCompile)}`);
  console.log('  main-thread work by kind:');
  for (const t of a['mainthread-work-breakdown']?.details?.items ?? []) console.log(`    ${String(t.groupLabel).padEnd(30)} ${ms(t.duration)}`);
  console.log(`  render-blocking: ${(a['render-blocking-resources']?.details?.items ?? []).map((r) => `${short(r.url)} (${Math.round(r.wastedMs)} ms)`).join(', ') || 'none'}`);
  console.log(`  unused JS: ${(a['unused-javascript']?.details?.items ?? []).map((r) => `${short(r.url)} ${Math.round(r.wastedBytes / 1024)}/${Math.round(r.totalBytes / 1024)} KB`).join(', ') || 'none'}`);
  const lcp = a['largest-contentful-paint'].numericValue;
  console.log('  network (observed, ms from navigation):');
  for (const r of a['network-requests']?.details?.items ?? [])
    console.log(`    ${String(Math.round(r.networkRequestTime)).padStart(6)}–${String(Math.round(r.networkEndTime)).padEnd(6)} ${String(r.priority).padEnd(8)} ${String(r.resourceType).padEnd(10)} ${Math.round((r.transferSize ?? 0) / 1024)} KB ${short(r.url)}`);
  for (const s of a['layout-shifts']?.details?.items ?? []) console.log(`  layout shift ${s.score?.toFixed?.(3)} ${s.node?.snippet ?? ''}`);
  console.log(`  (simulated LCP ${ms(lcp)})`);
}

/**
 * Lighthouse now and then fails to record the trace (NO_NAVSTART, NO_FCP under heavy host load); such a run says
 * nothing about the page, so it is taken again (at most twice).
 */
async function auditRetrying(url, profile) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await audit(url, profile);
    } catch (err) {
      if (attempt >= 2 || !/NO_NAVSTART|NO_FCP|NO_LCP/.test(String(err))) throw err;
      console.error(`(retrying: ${String(err).split('\n')[0]})`);
    }
  }
}

/**
 * Audits each of `pages` ({ path, login?: [account, password] }), each run in a fresh profile; with LH_RUNS > 1 the
 * run with the median score counts (Lighthouse's advice for a noisy host).
 */
export async function measureLighthouse(base, pages, { runs = Number(process.env.LH_RUNS ?? 1) } = {}) {
  const results = [];
  for (const { path, login } of pages) {
    const all = [];
    for (let i = 0; i < runs; i++) {
      const profile = mkdtempSync(join(tmpdir(), 'shop-lh-'));
      try {
        if (login) await seedProfile(profile, base, await apiSession(base, ...login));
        all.push(await auditRetrying(`${base}${path}`, profile));
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    }
    all.sort((a, b) => a.score - b.score);
    results.push({ path, ...all[Math.floor(all.length / 2)] });
  }
  return results;
}
