import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { repoRoot } from '../config.js';
import { failure } from './envelope.js';

/** Content-hashed build output: a new build gives new names, so a copy never goes stale. */
const HASHED = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always revalidated (ETag / Last-Modified answer 304). */
const REVALIDATE = 'no-cache';
/** Other public files (demo images, icons) keep their names across builds: cached briefly. */
const PUBLIC = 'public, max-age=3600';

/**
 * The built web app (ADR 0015). The build writes `.br` and `.gz` beside each text asset; the answer carries the one
 * Accept-Encoding prefers (br, then gzip, else the plain file) with `Vary: Accept-Encoding`. Path routes get
 * index.html; an unknown /assets file or /api path answers 404, never the page.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string | null, adminDist: string | null = null) {
  // From the repository root, not this file: the compiled server is one bundle in apps/api/dist (ADR 0039).
  const dist = resolve(webDist ?? join(repoRoot, 'apps/web/dist'));
  const admin = resolve(adminDist ?? join(repoRoot, 'apps/admin/dist'));
  const hasWeb = existsSync(join(dist, 'index.html'));
  const hasAdmin = existsSync(join(admin, 'index.html'));
  // ADR 0038: the consumer store /store/<shopId> is a page of its own (store.html), lighter than the agents' shop.
  const hasStore = existsSync(join(dist, 'store.html'));
  if (hasWeb || hasAdmin) {
    await app.register(fastifyStatic, {
      root: hasWeb ? dist : admin,
      serve: false,
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      index: false,
    });
    if (hasWeb) app.get('/assets/*', (req, reply) => send(reply, `assets/${(req.params as { '*': string })['*']}`, HASHED, dist));
  }
  // The staff console (ADR 0020): its own build and bundle under /admin, with the same caching and compression.
  if (hasAdmin) {
    app.get('/admin/assets/*', (req, reply) => send(reply, `assets/${(req.params as { '*': string })['*']}`, HASHED, admin));
    const page = async (req: { url: string }, reply: FastifyReply) => {
      const file = await publicFile(admin, req.url.split('?')[0]!.replace(/^\/admin/, '') || '/');
      return file ? send(reply, file, PUBLIC, admin) : send(reply, 'index.html', REVALIDATE, admin);
    };
    app.get('/admin', page);
    app.get('/admin/*', page);
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0]!;
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !/^\/(api|assets|admin\/assets)\//.test(path);
    // An /assets miss arrives here from sendFile with the year-long cache header already set: a 404 must not keep it.
    if (!isPage || !hasWeb) return reply.removeHeader('cache-control').removeHeader('vary').status(404).send(failure('NOT_FOUND'));
    const file = await publicFile(dist, path);
    const html = hasStore && /^\/store(\/|$)/.test(path) ? 'store.html' : 'index.html';
    return file ? send(reply, file, PUBLIC, dist) : send(reply, html, REVALIDATE, dist);
  });
}

function send(reply: FastifyReply, file: string, cacheControl: string, root: string) {
  return reply.header('cache-control', cacheControl).header('vary', 'Accept-Encoding').sendFile(file, root);
}

/** A plain file of the build's public folder (not index.html, not a compressed copy), or null. */
async function publicFile(dist: string, path: string): Promise<string | null> {
  let name: string;
  try {
    name = decodeURIComponent(path).slice(1);
  } catch {
    return null;
  }
  if (!name || name === 'index.html' || name === 'store.html' || /\.(br|gz)$/.test(name)) return null;
  const full = resolve(dist, name);
  if (!full.startsWith(dist + sep)) return null;
  const info = await stat(full).catch(() => null);
  return info?.isFile() ? name : null;
}
