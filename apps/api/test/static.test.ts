import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInformationRefresh } from '@shop/contract';
import { makeApp, type TestApp } from './helpers/app.js';

// A built web app as the web build leaves it: hashed assets with .br/.gz beside them, index.html likewise, and a
// public demo image (ADR 0015).
const SCRIPT = `console.log(${JSON.stringify('代理商城 '.repeat(200))});`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<div></div>'.repeat(100)}</body></html>`;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'shop-static-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'demo'));
  writeWithCopies(join(dist, 'index.html'), INDEX);
  writeWithCopies(join(dist, 'assets/index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'demo/banner.svg'), SVG);
  t = await makeApp({ env: { WEB_DIST: dist } });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('hashed assets', () => {
  it('sends brotli when the browser accepts it, with the type, length and a year-long immutable cache', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('honours q-values: br;q=0 gets gzip', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the plain file without Accept-Encoding, still varying on it', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
  });

  it('answers 404 for an unknown asset, never the page, and does not let it be cached', async () => {
    const res = await get('/assets/index-Gone9999.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!doctype html>');
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('index.html', () => {
  it('is sent compressed with no-cache for a path route', async () => {
    const res = await get('/home?tab=2', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('revalidates with 304 by ETag and by Last-Modified', async () => {
    const first = await get('/login', { 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    const modified = String(first.headers['last-modified']);
    expect(etag).toBeTruthy();
    expect(modified).toBeTruthy();

    const byTag = await get('/login', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    const byDate = await get('/login', { 'accept-encoding': 'gzip', 'if-modified-since': modified });
    expect(byDate.statusCode).toBe(304);
  });

  it('gives each encoding its own ETag, so a cache never answers brotli to a gzip-only browser', async () => {
    const br = await get('/login', { 'accept-encoding': 'br' });
    const gz = await get('/login', { 'accept-encoding': 'gzip' });
    const plain = await get('/login');
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    expect((await get('/login', { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })).statusCode).toBe(200);
  });
});

describe('other public files', () => {
  it('are cached for a short while, not forever and not revalidated on every load', async () => {
    const res = await get('/demo/banner.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(SVG);
  });

  it('never serve a file outside the build', async () => {
    const res = await get('/..%2f..%2fetc%2fpasswd');
    expect(res.body).not.toContain('root:');
  });
});

describe('API responses', () => {
  it('are left alone: no cache or encoding headers of the static files', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const res = await t.app.inject({
      method: 'POST',
      url: agentInformationRefresh.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accesstoken: token, 'accept-encoding': 'br, gzip' },
      payload: new URLSearchParams({ platId: 'plat-demo', in: '{}' }).toString(),
    });
    expect(res.json().errorType).toBe('SUCCESS');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).not.toMatch(/immutable|max-age=3600/);
  });

  it('an unknown API path is a 404 envelope, not the page', async () => {
    const res = await get('/api/nothing/here.do', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorType).toBeDefined();
  });
});
