import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { withStartupLock } from './db/startup-lock.js';
import { createLogger } from './lib/logger.js';
import { createFirstAdmin } from './modules/staff/staff.queries.js';

/**
 * `npm run setup:admin -- <账号> <姓名>` (ADR 0047; docs/operations.md, First start): on a production database, which
 * seeds nothing, migrate and make the platform's first admin. The password comes from SETUP_ADMIN_PASSWORD, never
 * from the command line (it would stay in the shell's history and the process list); without it one is generated
 * and printed once, to be changed at the first login.
 */
const [username, displayName] = process.argv.slice(2);
const log = createLogger({ destination: pino.destination({ dest: 1, sync: true }) });

async function main() {
  if (!username || !displayName) throw new Error('用法：SETUP_ADMIN_PASSWORD=<密码> npm run setup:admin -- <账号> <姓名>');
  const config = loadConfig();
  const generated = !process.env.SETUP_ADMIN_PASSWORD;
  // 18 random bytes in base64url: 24 characters; a digit and a letter are added so the staff password rule holds.
  const password = process.env.SETUP_ADMIN_PASSWORD ?? `${randomBytes(18).toString('base64url')}a1`;
  const db = await openDatabase(config.databaseUrl, { seedDemo: false, platId: config.platId, log });
  try {
    // One setup at a time, as migrations: two operators starting it together make one admin, not two.
    const { id } = await withStartupLock(db, () => createFirstAdmin(db, config.platId, { username, displayName, password }, new Date()));
    log.info({ staffId: id, username, platId: config.platId }, `first admin ${username} created on platform ${config.platId}; log in at /admin`);
    if (generated) process.stderr.write(`\n首个管理员 ${username} 的初始密码（只显示这一次，请登录后立即修改）：${password}\n\n`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  log.error({ err }, err instanceof Error ? err.message : String(err));
  process.exit(1);
});
