import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export type TestDbKind = 'sqlite' | 'postgres';

/** TEST_DB: `sqlite` (default) or `postgres`. */
export function testDbKind(env: NodeJS.ProcessEnv = process.env): TestDbKind {
  const value = (env.TEST_DB ?? '').trim().toLowerCase();
  if (value === '' || value === 'sqlite') return 'sqlite';
  if (value === 'postgres' || value === 'postgresql' || value === 'pg') return 'postgres';
  throw new Error(`TEST_DB must be "sqlite" or "postgres", not "${env.TEST_DB}"`);
}

export interface PostgresTools {
  initdb: string;
  pgCtl: string;
  /** initdb and pg_ctl refuse to run as root: then they run as this user through runuser. */
  runAs: { user: string; runuser: string } | null;
}

export type PostgresAvailability =
  | { available: true; mode: 'url'; reason: string }
  | { available: true; mode: 'cluster'; reason: string; tools: PostgresTools }
  | { available: false; reason: string };

/** Whether the PostgreSQL run can happen: a given server (TEST_DATABASE_URL) or a throwaway cluster (initdb/pg_ctl). */
export function postgresAvailability(env: NodeJS.ProcessEnv = process.env): PostgresAvailability {
  if (env.TEST_DATABASE_URL) return { available: true, mode: 'url', reason: 'TEST_DATABASE_URL is set' };
  const initdb = findBinary('initdb', env);
  const pgCtl = findBinary('pg_ctl', env);
  if (!initdb || !pgCtl) {
    return { available: false, reason: 'no TEST_DATABASE_URL and no initdb/pg_ctl on PATH' };
  }
  let runAs: PostgresTools['runAs'] = null;
  if (process.getuid?.() === 0) {
    const user = env.TEST_PG_USER ?? 'postgres';
    const runuser = findBinary('runuser', env);
    if (!runuser) return { available: false, reason: 'running as root and no runuser to run initdb as another user' };
    if (spawnSync('id', ['-u', user]).status !== 0) {
      return { available: false, reason: `running as root and no "${user}" user to run initdb as` };
    }
    runAs = { user, runuser };
  }
  return { available: true, mode: 'cluster', reason: `initdb at ${initdb}`, tools: { initdb, pgCtl, runAs } };
}

function findBinary(name: string, env: NodeJS.ProcessEnv): string | null {
  const dirs = [...(env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin', '/sbin'];
  // Debian keeps the server binaries off PATH.
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  for (const dir of dirs) {
    const file = join(dir, name);
    if (existsSync(file)) return file;
  }
  return null;
}
