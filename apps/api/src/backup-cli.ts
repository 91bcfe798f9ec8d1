import { join, resolve } from 'node:path';
import pino from 'pino';
import { loadConfig } from './config.js';
import { backupDatabase, kindOf, restoreDatabase } from './db/backup.js';
import { createLogger } from './lib/logger.js';

/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file> [<database url>]` (ADR 0040; docs in the README).
 * The database is DATABASE_URL (as the server reads it) unless a restore names another.
 */
const [command, ...args] = process.argv.slice(2);
const config = loadConfig();
const ROOT = resolve(import.meta.dirname, '../../..');
// The process's one logger, as the server's (pino JSON); written synchronously, since the command exits right after.
const log = createLogger({ destination: pino.destination({ dest: 1, sync: true }) });

async function main() {
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = resolve(args[0] ?? join(ROOT, 'backups', `shop-${stamp}.${kindOf(config.databaseUrl) === 'sqlite' ? 'sqlite' : 'pgdump'}`));
    const r = await backupDatabase(config.databaseUrl, file);
    log.info({ kind: r.kind, file: r.file, bytes: r.bytes, ms: r.ms }, `backup ok: ${r.kind} → ${r.file} (${r.bytes} bytes, ${r.ms} ms)`);
  } else if (command === 'restore') {
    if (!args[0]) throw new Error('用法：npm run restore -- <备份文件> [目标数据库 URL，默认 DATABASE_URL]');
    const target = args[1] ?? config.databaseUrl;
    const r = await restoreDatabase(resolve(args[0]), target);
    log.info({ kind: r.kind, ms: r.ms }, `restore ok: ${r.kind} (${r.ms} ms); start the server on it: it migrates what the backup lacks`);
  } else {
    throw new Error('用法：backup-cli.ts backup [文件] | restore <文件> [数据库 URL]');
  }
}

main().catch((err: unknown) => {
  log.error({ err }, err instanceof Error ? err.message : String(err));
  process.exit(1);
});
