// A PostgreSQL cluster kept between `npm run seed:volume` and `npm run bench:volume` (seeding a million orders takes
// minutes; the bench is run more than once on the same data). VOLUME_DATABASE_URL names any other server instead.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresAvailability } from '../apps/api/test/helpers/postgres-availability.js';

export const VOLUME_DIR = process.env.VOLUME_DIR ?? join(tmpdir(), 'shop-volume');

/** The URL of the volume database: VOLUME_DATABASE_URL, or the kept cluster in VOLUME_DIR (started when needed). */
export function volumeUrl(opts: { create: boolean }): { url: string; stop: () => void } {
  if (process.env.VOLUME_DATABASE_URL) return { url: process.env.VOLUME_DATABASE_URL, stop: () => undefined };
  const pg = postgresAvailability();
  if (!pg.available || pg.mode !== 'cluster') throw new Error(`no PostgreSQL: set VOLUME_DATABASE_URL (${pg.available ? pg.mode : pg.reason})`);
  const { tools } = pg;
  const data = join(VOLUME_DIR, 'data');
  const portFile = join(VOLUME_DIR, 'port');
  const run = (bin: string, args: string[]) =>
    tools.runAs ? execFileSync(tools.runAs.runuser, ['-u', tools.runAs.user, '--', bin, ...args], { stdio: 'pipe' }) : execFileSync(bin, args, { stdio: 'pipe' });
  if (!existsSync(data)) {
    if (!opts.create) throw new Error(`no volume database in ${VOLUME_DIR}: run npm run seed:volume first`);
    mkdirSync(VOLUME_DIR, { recursive: true });
    if (tools.runAs) {
      const uid = Number(execFileSync('id', ['-u', tools.runAs.user], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', tools.runAs.user], { encoding: 'utf8' }).trim());
      chownSync(VOLUME_DIR, uid, gid);
    }
    run(tools.initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    writeFileSync(portFile, String(Number(process.env.VOLUME_PG_PORT ?? 5433)));
  }
  const port = Number(readFileSync(portFile, 'utf8'));
  const running = (() => {
    try {
      run(tools.pgCtl, ['-D', data, 'status']);
      return true;
    } catch {
      return false;
    }
  })();
  if (!running) {
    // Bench settings of a small production box; fsync stays on (the figures are for a real disk's database).
    const options = `-p ${port} -k ${VOLUME_DIR} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=512MB -c work_mem=16MB -c maintenance_work_mem=512MB -c max_wal_size=8GB -c synchronous_commit=off`;
    run(tools.pgCtl, ['-D', data, '-o', options, '-l', join(VOLUME_DIR, 'server.log'), '-w', 'start']);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run(tools.pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']),
  };
}
