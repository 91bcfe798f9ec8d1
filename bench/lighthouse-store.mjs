#!/usr/bin/env node
// Lighthouse of the consumer store alone (ADR 0042): node bench/lighthouse-store.mjs, with BENCH_WEB_DIST=<a build>
// and LH_RUNS=3 for the median of three. The same measure as npm run bench's /store/<shopId> row, without the other
// figures (their throughput runs would load a shared machine for nothing).
import { loadavg } from 'node:os';
import { startServer } from './bundle-size.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { demoStore } from './store-demo.mjs';

const server = await startServer(Number(process.env.BENCH_PORT ?? 8193));
try {
  const shopId = await demoStore(server.base);
  const load = loadavg().map((n) => n.toFixed(2)).join(' ');
  const [r] = await measureLighthouse(server.base, [{ path: `/store/${shopId}` }]);
  console.log(`Lighthouse (mobile, simulated slow 4G), median of ${process.env.LH_RUNS ?? 1}; load average before: ${load}`);
  console.log(`  ${r.path} score ${r.score.toFixed(2)}  FCP ${r.fcp} ms  LCP ${r.lcp} ms  TBT ${r.tbt} ms  CLS ${r.cls.toFixed(3)}  SI ${r.si} ms  ${(r.bytes / 1024).toFixed(1)} KB`);
  console.log(`  target >= 0.95: ${r.score >= 0.95 ? 'ok' : 'OVER'}`);
  process.exitCode = r.score >= 0.95 ? 0 : 1;
} finally {
  server.stop();
}
