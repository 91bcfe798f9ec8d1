import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostgresTools } from './postgres-availability.js';

export interface Cluster {
  url: string;
  port: number;
  stop(): void;
}

/** A throwaway PostgreSQL cluster in a temp dir: trust auth, our own port and socket dir, no fsync (tests only). */
export async function startCluster(tools: PostgresTools): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  if (tools.runAs) {
    const uid = Number(execFileSync('id', ['-u', tools.runAs.user], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', tools.runAs.user], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (bin: string, args: string[]) =>
    tools.runAs
      ? execFileSync(tools.runAs.runuser, ['-u', tools.runAs.user, '--', bin, ...args], { stdio: 'pipe' })
      : execFileSync(bin, args, { stdio: 'pipe' });

  const port = await freePort();
  const stop = () => {
    try {
      run(tools.pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not started or already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(tools.initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    // -l: pg_ctl must not keep our stdout open, or execFileSync waits for the server to exit.
    run(tools.pgCtl, ['-D', data, '-o', options, '-l', log, '-w', 'start']);
  } catch (err) {
    const detail = safeRead(log);
    stop();
    throw new Error(`could not start the throwaway PostgreSQL cluster: ${String(err)}\n${detail}`);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
