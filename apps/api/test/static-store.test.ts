import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers/app.js';

// ADR 0038: the consumer store /store/<shopId> is a page of its own (store.html, the store's light entry); every other
// path route keeps the agents' shop (index.html).
const INDEX = '<!doctype html><html><head><title>代理商城</title></head><body><div id="root"></div></body></html>';
const STORE = '<!doctype html><html><head><title>店铺</title></head><body><div id="root"></div></body></html>';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'shop-static-store-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'store.html'), STORE);
  t = await makeApp({ env: { WEB_DIST: dist } });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res;
};

describe('the consumer store page', () => {
  it.each(['/store/12', '/store/12/', '/store/12/item?prodId=3', '/store/12/checkout', '/store/12/result?out_trade_no=VD1'])(
    '%s answers store.html, revalidated',
    async (url) => {
      const res = await page(url);
      expect(res.body).toBe(STORE);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/home', '/my', '/storeOrders', '/myStore', '/stores/1', '/'])('%s keeps the agents’ shop (index.html)', async (url) => {
    expect((await page(url)).body).toBe(INDEX);
  });

  it('does not hand out store.html as a plain public file', async () => {
    const res = await page('/store.html');
    expect(res.body).toBe(INDEX);
  });
});
