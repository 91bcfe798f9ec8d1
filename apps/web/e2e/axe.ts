import AxeBuilder from '@axe-core/playwright';
import { test as base, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** WCAG 2.2 AA as axe tags it (ADR 0016). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits until what a person would see has settled: requests done, the loading overlay gone, CSS transitions over and
 * antd-mobile's spring animations (inline opacity/transform) still, so colour contrast is not measured mid-fade.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.locator('.loading-overlay').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () => {
        // antd-mobile's masks and sheets fade and slide by inline styles; a carousel's own motion does not matter.
        const SPRINGS = '.adm-mask, .adm-popup-body, .adm-center-popup-wrap, .adm-center-popup-mask, .adm-toast-mask';
        const w = window as unknown as { __axeLast?: string };
        const running = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        const styles = Array.from(document.querySelectorAll<HTMLElement>(SPRINGS), (el) => el.style.cssText).join('|');
        const still = w.__axeLast === styles;
        w.__axeLast = styles;
        return !running && still;
      },
      undefined,
      { polling: 120, timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** The serious and critical WCAG 2.2 AA violations on the page as it is now. */
export async function blockingViolations(page: Page): Promise<Result[]> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  checked.add(`${new URL(page.url()).pathname}|${await who(page)}`);
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** Violating elements, the number the issue counts per route. */
export const nodeCount = (violations: Result[]) => violations.reduce((n, v) => n + v.nodes.length, 0);

/** One line per violating element: rule, impact, target, axe's summary of what is wrong. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map((n) => {
        const why = (n.failureSummary ?? v.help).replace(/\s+/g, ' ').replace(/^Fix (any|all) of the following: /, '');
        return `  - ${v.id} (${v.impact}) ${n.target.join(' ')}: ${why}`;
      }),
    )
    .join('\n');
}

/** Fails with a readable list when axe finds serious or critical WCAG 2.2 AA violations on the page. */
export async function expectAccessible(page: Page, label: string) {
  const violations = await blockingViolations(page);
  if (violations.length === 0) return;
  throw new Error(`axe: ${nodeCount(violations)} serious/critical violation(s) on ${label} (${page.url()}):\n${describeViolations(violations)}`);
}

/** Who is logged in (the session store's key), so a route is checked once per visitor/agent. */
async function who(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const s = JSON.parse(localStorage.getItem('shop.session') ?? '{}') as { userInfo?: { phone?: string } };
      return s.userInfo?.phone ?? 'visitor';
    })
    .catch(() => 'visitor');
}

/** Routes checked in this worker (path + who), so later tests do not repeat them. */
const checked = new Set<string>();

/**
 * The axe gate of every browser test (ADR 0016). An automatic fixture: it records each page of the app the test's page
 * visits (main-frame navigations, router pushes included); when the test has passed it checks the page as the test left
 * it (open sheets and dialogs included), then opens each other route visited and not yet checked in this worker for
 * the same visitor, and checks it. Checking after the test, not during it, keeps the test's own timing untouched.
 * E2E_AXE=off turns it off for a local run.
 */
export const test = base.extend<{ axeGate: void }>({
  axeGate: [
    async ({ page, baseURL }, use, testInfo) => {
      const visited = new Map<string, string>();
      const onNav = (frame: ReturnType<Page['mainFrame']>) => {
        if (frame !== page.mainFrame() || !baseURL || !frame.url().startsWith(baseURL)) return;
        const url = new URL(frame.url());
        visited.set(url.pathname, url.pathname + url.search);
      };
      page.on('framenavigated', onNav);
      await use();
      page.off('framenavigated', onNav);
      if (process.env.E2E_AXE === 'off' || testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
      if (!baseURL || !page.url().startsWith(baseURL)) return;

      await expectAccessible(page, `${new URL(page.url()).pathname} as the test left it`);
      for (const [path, url] of visited) {
        const key = `${path}|${await who(page)}`;
        if (checked.has(key)) continue;
        checked.add(key);
        await page.goto(url);
        await expectAccessible(page, `${path} (visited by the test)`);
      }
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
