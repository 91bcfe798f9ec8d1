import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.js';
import type { Db } from '../src/db/connect.js';
import { DEMO_AGENTS, DEMO_GRADES } from '../src/db/seed/demo-data.js';
import { TEST_START } from './helpers/app.js';
import { sharedDatabase, type SharedDatabase } from './helpers/processes.js';

/**
 * ADR 0025, ADR 0040: migrations and the demo seed run once under the startup lock (pg_advisory_lock on PostgreSQL,
 * an exclusive lock file beside a SQLite file). Two migrators started together on a fresh database: each finishes,
 * every migration is recorded once (032-shared-limits included) and the demo data exists once.
 * SQLite's lock file is taken synchronously (better-sqlite3): two openers in ONE process would block each other's event
 * loop, so there they run one after the other here; real SQLite processes at once are startup-processes.test.ts.
 */
let shared: SharedDatabase | null = null;
const opened: Db[] = [];

afterAll(async () => {
  for (const db of opened.splice(0)) await db.close();
  await shared?.close();
});

describe('two migrators at once on a fresh database', () => {
  it('migrate and seed once; both go on', { timeout: 120_000 }, async () => {
    shared = await sharedDatabase();
    const url = shared.url;
    const open = () => openDatabase(url, { seedDemo: true, platId: 'plat-demo', now: TEST_START });
    const both = shared.kind === 'postgres' ? await Promise.all([open(), open()]) : [await open(), await open()];
    opened.push(...both);
    const k = both[1]!.kysely;
    const names = (await k.selectFrom('kysely_migration' as any).select('name').execute()).map((m: any) => String(m.name));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('032-shared-limits');
    const grades = await k.selectFrom('grades').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(grades.n)).toBe(DEMO_GRADES.length);
    const phones = (await k.selectFrom('agents').select('phone').execute()).map((p) => p.phone);
    for (const a of DEMO_AGENTS) expect(phones.filter((p) => p === a.phone), a.phone).toHaveLength(1);
    // The shared limits table is there for both.
    await both[0]!.kysely.selectFrom('rate_counters').select('key').limit(1).execute();
  });
});
