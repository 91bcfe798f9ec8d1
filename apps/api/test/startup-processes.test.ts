import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { connect } from '../src/db/connect.js';
import { DEMO_AGENTS, DEMO_GRADES } from '../src/db/seed/demo-data.js';
import { testDbKind } from './helpers/postgres-availability.js';

/**
 * ADR 0025: several server processes started together on one empty database migrate and seed once; the others wait for
 * the startup lock and go on. Real processes (`node --import tsx apps/api/src/server.ts`), as an operator starts them.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  for (const clean of cleanups) await clean();
});

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/** Starts one server process; resolves with its output so far when it exits (a crash) or never. */
function start(databaseUrl: string, port: number, dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JOBS: 'off',
      WEB_DIST: join(dir, 'no-web-dist'),
      ADMIN_DIST: join(dir, 'no-admin-dist'),
      UPLOAD_DIR: join(dir, 'uploads'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<string>((r) => child.once('exit', (code) => r(`exited with ${code}: ${output.slice(-2000)}`)));
  return { child, exited, output: () => output };
}

async function healthy(port: number, exited: Promise<string>, deadline: number): Promise<void> {
  let crash: string | null = null;
  void exited.then((why) => (crash = why));
  while (Date.now() < deadline) {
    if (crash) throw new Error(`server on ${port} ${crash}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} not healthy in time`);
}

async function freshDatabase(dir: string): Promise<string> {
  if (testDbKind() === 'sqlite') return `sqlite:${join(dir, 'shop.db')}`;
  const admin = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(statement).finally(() => c.end());
  };
  await run(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    for (let i = 0; ; i++) {
      try {
        return await run(`DROP DATABASE IF EXISTS ${name}`);
      } catch (err) {
        if (i >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

describe('three processes started together on one empty database', () => {
  it('all become healthy, and the schema and the demo data exist once', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-startup-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const url = await freshDatabase(dir);
    const ports = [await freePort(), await freePort(), await freePort()];
    const servers = ports.map((port) => start(url, port, dir));
    const deadline = Date.now() + 150_000;
    await Promise.all(servers.map((s, i) => healthy(ports[i]!, s.exited, deadline)));
    for (const s of servers) {
      expect(s.child.exitCode).toBeNull();
      expect(s.output()).not.toMatch(/duplicate key|UNIQUE constraint|migration .* failed/i);
    }

    const db = await connect(url);
    try {
      const k = db.kysely;
      const count = async (table: 'grades' | 'agent_settings' | 'staff', where?: [string, string]) => {
        let q = k.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
        if (where) q = q.where(where[0] as any, '=', where[1]);
        return Number((await q.executeTakeFirstOrThrow()).n);
      };
      expect(await count('grades')).toBe(DEMO_GRADES.length);
      expect(await count('agent_settings')).toBe(1);
      expect(await count('staff', ['username', 'admin'])).toBe(1);
      const phones = (await k.selectFrom('agents').select('phone').execute()).map((p) => p.phone);
      for (const a of DEMO_AGENTS) expect(phones.filter((p) => p === a.phone), a.phone).toHaveLength(1);
      const migrations = await k.selectFrom('kysely_migration' as any).select('name').execute();
      expect(new Set(migrations.map((m: any) => m.name)).size).toBe(migrations.length);
    } finally {
      await db.close();
    }
  });
});
