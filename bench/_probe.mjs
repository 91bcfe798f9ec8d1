import autocannon from 'autocannon';
import { startServer } from './bundle-size.mjs';
const server = await startServer(8098);
const run = (opts) => new Promise((r) => autocannon({ connections: 50, duration: 4, ...opts }, (e, res) => r(res)));
const login = await fetch(server.base + '/api/home/newLogin.do', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify({ suAccount: '13800000001', suPassword: 'demo1234' }) }) }).then((r) => r.json());
const h = { 'content-type': 'application/x-www-form-urlencoded', accessToken: login.accessToken };
for (const [name, o] of [
  ['healthz GET', { url: server.base + '/healthz' }],
  ['agreement (public, 1 query)', { url: server.base + '/api/agent/agentSetInfoGet.do', method: 'POST', headers: h, body: 'platId=plat-demo&in={}' }],
  ['cart count (session + 2 queries)', { url: server.base + '/api/prod/selectOrderShopCartCount.do', method: 'POST', headers: h, body: 'platId=plat-demo&in={}' }],
  ['product list', { url: server.base + '/api/prod/selectProdListByType.do', method: 'POST', headers: h, body: 'platId=plat-demo&in=' + encodeURIComponent(JSON.stringify({ prodType: 1, phonePage: { pageSize: 10, pageNum: 1 } })) }],
]) {
  const r = await run(o);
  console.log(name.padEnd(36), Math.round(r.requests.average), 'req/s p99', r.latency.p99, 'non2xx', r.non2xx);
}
server.stop();
