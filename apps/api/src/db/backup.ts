import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Backups (ADR 0040), one procedure per database kind, both safe while the shop is running:
 * - SQLite: the online backup API (better-sqlite3 `backup()`), from a connection of its own. All remaining pages are
 *   copied in one step, so writers of other processes cannot make it start over; the copy is then integrity-checked.
 * - PostgreSQL: `pg_dump -Fc` (one consistent snapshot, whatever runs meanwhile); restored with `pg_restore` in one
 *   transaction, stopping at the first error.
 * A restore goes into a fresh, empty database (a new file, or a database just created): it refuses to overwrite one
 * that already holds the shop's tables.
 */
export type DatabaseKind = 'sqlite' | 'postgres';

export const kindOf = (url: string): DatabaseKind => (/^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite');
const sqliteFile = (url: string) => url.replace(/^sqlite:/, '');

export interface BackupResult {
  kind: DatabaseKind;
  file: string;
  bytes: number;
  ms: number;
}

export async function backupDatabase(url: string, file: string): Promise<BackupResult> {
  const started = Date.now();
  const kind = kindOf(url);
  if (existsSync(file)) throw new Error(`备份文件已存在：${file}（请换一个文件名）`);
  mkdirSync(dirname(file), { recursive: true });
  if (kind === 'sqlite') {
    const source = sqliteFile(url);
    if (source === ':memory:' || !existsSync(source)) throw new Error(`找不到数据库文件：${source}`);
    const { default: SQLite } = await import('better-sqlite3');
    const db = new SQLite(source, { fileMustExist: true, timeout: 30_000 });
    try {
      // 2^31-1 pages a step: the first real step copies everything (a restart under concurrent writes is impossible).
      await db.backup(file, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    const copy = new SQLite(file, { readonly: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`备份文件校验失败：${String(check)}`);
    } finally {
      copy.close();
    }
  } else {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);
    // The archive reads back (its table of contents) before it is called a backup.
    await run('pg_restore', ['--list', file]);
  }
  return { kind, file, bytes: statSync(file).size, ms: Date.now() - started };
}

export async function restoreDatabase(file: string, url: string): Promise<{ kind: DatabaseKind; ms: number }> {
  const started = Date.now();
  const kind = kindOf(url);
  if (!existsSync(file)) throw new Error(`找不到备份文件：${file}`);
  if (kind === 'sqlite') {
    const target = sqliteFile(url);
    if (target === ':memory:') throw new Error('不能恢复到内存数据库，请给出数据库文件路径');
    if (existsSync(target) && statSync(target).size > 0) throw new Error(`目标数据库文件已存在：${target}（请先停服并移走它，或恢复到新文件）`);
    mkdirSync(dirname(target), { recursive: true });
    for (const extra of ['-wal', '-shm']) rmSync(`${target}${extra}`, { force: true });
    const { default: SQLite } = await import('better-sqlite3');
    const backup = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      await backup.backup(target, { progress: () => 0x7fffffff });
    } finally {
      backup.close();
    }
  } else {
    if (await postgresHasShop(url)) throw new Error('目标数据库已有商城数据表：请恢复到新建的空数据库');
    await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file]);
  }
  return { kind, ms: Date.now() - started };
}

async function postgresHasShop(url: string): Promise<boolean> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query("SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('agents', 'kysely_migration') LIMIT 1");
    return (r.rowCount ?? 0) > 0;
  } finally {
    await c.end();
  }
}

/** Runs a PostgreSQL client tool; its error output becomes the error (the password never: it is in the URL, not echoed). */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.once('error', (err) => reject(new Error(`${command} 无法运行（请安装 PostgreSQL 客户端工具，版本不低于服务器）：${err.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} 失败（退出码 ${code}）：${stderr.trim().slice(-2000)}`))));
  });
}
