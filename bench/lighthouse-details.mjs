#!/usr/bin/env node
// Lighthouse on the named first screens only, with the reasons (ADR 0049): node bench/lighthouse-details.mjs home my
// Pages: login home detail orders my check store (default: all). LH_RUNS=n takes the median run per page (default 1);
// LH_DETAILS=1 prints each run's audit details (LCP element and phases, long tasks and their scripts, render-blocking,
// unused JS, requests). BENCH_WEB_DIST=<a build>. Prints the load average (`uptime`) with every figure.
import { loadavg } from 'node:os';
import { apiSession, startServer } from './bundle-size.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { demoStore } from './store-demo.mjs';

const agent = ['13800000001', 'demo1234'];
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const server = await startServer(Number(process.env.BENCH_PORT ?? 8194));
try {
  const session = JSON.parse((await apiSession(server.base, ...agent))['shop.session']);
  const list = await fetch(`${server.base}/api/prod/selectProdListByType.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accessToken: session.token },
    body: new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify({ prodType: 1, phonePage: { pageSize: 1, pageNum: 1 }, pageType: 1, isPhoneShow: 1 }) }),
  }).then((r) => r.json());
  const all = {
    login: { path: '/login' },
    home: { path: '/home', login: agent },
    detail: { path: `/detail?prodId=${list.objs[0].prodId}&prodType=1`, login: agent },
    orders: { path: '/orders', login: agent },
    my: { path: '/my', login: agent },
    check: { path: '/check' },
    store: { path: 'store' },
  };
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(all);
  for (const name of names) {
    const page = all[name];
    if (!page) throw new Error(`unknown page ${name}`);
    if (page.path === 'store') page.path = `/store/${await demoStore(server.base)}`;
    const before = load();
    const [r] = await measureLighthouse(server.base, [page], { runs: Number(process.env.LH_RUNS ?? 1) });
    console.log(`${name.padEnd(7)} score ${r.score.toFixed(2)}  FCP ${r.fcp}  LCP ${r.lcp}  TBT ${r.tbt}  CLS ${r.cls.toFixed(3)}  SI ${r.si}  ${(r.bytes / 1024).toFixed(1)} KB  load ${before} → ${load()}`);
  }
} finally {
  server.stop();
}
