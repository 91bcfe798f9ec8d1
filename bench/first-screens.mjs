#!/usr/bin/env node
// The first-screen figures alone (no API or order benches): first-load JS of /login and /home, gzip and brotli as
// served (/home: the scripts asked for before its first product card appeared; the query layer loads after), and Lighthouse on /login, /home and /detail. BENCH_WEB_DIST=<folder> measures a build made elsewhere;
// LH_RUNS=n takes the median run; LH_SKIP=1 measures bytes only.
import { apiSession, loginThroughApi, measurePage, startServer } from './bundle-size.mjs';
import { measureLighthouse } from './lighthouse.mjs';

const kb = (bytes) => (bytes / 1024).toFixed(1);
const server = await startServer(Number(process.env.BENCH_PORT ?? 8192));
try {
  // A product of the demo seed for /detail.
  const session = JSON.parse((await apiSession(server.base, '13800000001', 'demo1234'))['shop.session']);
  const list = await fetch(`${server.base}/api/prod/selectProdListByType.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accessToken: session.token },
    body: new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify({ prodType: 1, phonePage: { pageSize: 1, pageNum: 1 }, pageType: 1, isPhoneShow: 1 }) }),
  }).then((r) => r.json());
  const detailPath = `/detail?prodId=${list.objs[0].prodId}&prodType=1`;
  const pages = [
    ['/login', { ready: (p) => p.getByRole('button', { name: '登录' }).waitFor() }],
    ['/home', { login: (p, b) => loginThroughApi(p, b, '13800000001', 'demo1234'), ready: (p) => p.locator('.prod-card').first().waitFor(), shown: '.prod-card' }],
    // /detail has no byte budget (ADR 0004 and ADR 0015 name /login and /home); listed so its weight is seen.
    [detailPath, { login: (p, b) => loginThroughApi(p, b, '13800000001', 'demo1234'), ready: (p) => p.locator('.detail-name').waitFor() }],
  ];
  for (const [path, opts] of pages) {
    const m = await measurePage(server.base, path, opts);
    const after = m.later.length ? `; after the first paint ${kb(m.laterGzip)} KB gzip, ${m.later.length} scripts` : '';
    console.log(`${path.split('?')[0]}: ${kb(m.gzip)} KB gzip, ${kb(m.brotli)} KB brotli, ${m.files.length} scripts${after}`);
    if (process.env.VERBOSE) for (const f of [...m.files, ...m.later]) console.log(`  ${m.later.includes(f) ? '(after) ' : ''}${f.file}  ${kb(f.gzip)} KB`);
  }
  if (!process.env.LH_SKIP) {
    const lh = await measureLighthouse(server.base, [
      { path: '/login' },
      { path: '/home', login: ['13800000001', 'demo1234'] },
      { path: detailPath, login: ['13800000001', 'demo1234'] },
    ]);
    for (const r of lh) {
      console.log(`${r.path.split('?')[0].padEnd(8)} score ${r.score.toFixed(2)}  FCP ${r.fcp}  LCP ${r.lcp}  TBT ${r.tbt}  CLS ${r.cls.toFixed(3)}  SI ${r.si}  ${kb(r.bytes)} KB`);
    }
  }
} finally {
  server.stop();
}
