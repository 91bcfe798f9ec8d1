import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.js';
import { restoreDatabase } from '../src/db/backup.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { sharedDatabase, type SharedDatabase } from './helpers/processes.js';
import { payOrder, placeOrder, setGoodsFund } from './helpers/refund-fixture.js';
import { addProduct, ledgerHolds, orderLedgerBreaches } from './helpers/shop-fixture.js';

/**
 * ADR 0040: `npm run backup` while agents are placing and paying orders and goods funds are topped up, then
 * `npm run restore` into a fresh database: every ledger invariant holds on the copy (each balance equals the sum of its
 * change records, none negative; what each order took equals its records), and the copy has what was paid before it.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

function cli(args: string[], databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/backup-cli.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    child.once('exit', (code) => ok({ code, output }));
  });
}

const paidCount = async (t: Pick<TestApp, 'db'>) =>
  Number((await t.db.kysely.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('circulation_state', 'not in', [0, 6, 7]).executeTakeFirstOrThrow()).n);

describe('backup under write load, restore into a fresh database (ADR 0040)', () => {
  it('the copy holds every ledger invariant and what was paid before the backup began', { timeout: 240_000 }, async () => {
    const source: SharedDatabase = await sharedDatabase();
    cleanups.push(() => source.close());
    const t = await makeApp({ databaseUrl: source.url });
    cleanups.push(() => t.close());
    const dir = mkdtempSync(join(tmpdir(), 'shop-backup-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

    const top = await freshAgent(t, { status: 1, gradeIndex: 2 });
    const buyers = await Promise.all([0, 1, 2].map(() => freshAgent(t, { status: 1, gradeIndex: 0, inviterPhone: top.phone })));
    const p = await addProduct(t, { stock: 100_000, finalPrice: 10_000 });
    for (const b of buyers) await setGoodsFund(t, b.agentId, 200_000);

    // The load: each buyer places and pays orders from the goods fund and tops it up now and then, until told to stop.
    let stop = false;
    let done = 0;
    const workers = buyers.map(async (b) => {
      let n = 0;
      while (!stop) {
        const order = await placeOrder(t, b, [{ singleProdId: p.singleProdId, buyNum: 1 }]);
        await payOrder(t, b, Number(order.id), 1);
        done += 1;
        n += 1;
        if (n % 3 === 0) {
          const { last_store } = await t.db.kysely.selectFrom('agents').select('last_store').where('id', '=', b.agentId).executeTakeFirstOrThrow();
          await setGoodsFund(t, b.agentId, Number(last_store) + 30_000);
        }
      }
    });
    const workersDone = Promise.all(workers);
    while (done < 6) await new Promise((r) => setTimeout(r, 20));

    const paidBefore = await paidCount(t);
    const file = join(dir, source.kind === 'sqlite' ? 'shop.sqlite' : 'shop.pgdump');
    const doneAtStart = done;
    const backup = await cli(['backup', file], source.url);
    const doneDuringBackup = done;
    // Orders were paid while the backup ran.
    expect(doneDuringBackup).toBeGreaterThan(doneAtStart);
    expect(backup.output).toMatch(/backup ok/);
    expect(backup.code).toBe(0);
    // The load went on while the backup ran, and after it.
    while (done < doneDuringBackup + 3) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await workersDone;

    // A second backup to the same file is refused, not overwritten.
    const again = await cli(['backup', file], source.url);
    expect(again.code).toBe(1);
    expect(again.output).toContain('备份文件已存在');

    // Restore into a fresh database, through the command an operator runs.
    const target: SharedDatabase = await sharedDatabase();
    cleanups.push(() => target.close());
    const restored = await cli(['restore', file], target.url);
    expect(restored.output).toMatch(/restore ok/);
    expect(restored.code).toBe(0);

    const copy = await connect(target.url);
    cleanups.push(() => copy.close());
    const onCopy = { db: copy } as TestApp;
    expect(await ledgerHolds(onCopy)).toBe(true);
    expect(await orderLedgerBreaches(onCopy)).toEqual([]);
    const paidOnCopy = await paidCount(onCopy);
    expect(paidOnCopy).toBeGreaterThanOrEqual(paidBefore);
    expect(paidOnCopy).toBeLessThanOrEqual(await paidCount(t));
    // The source held them too, after all that.
    expect(await ledgerHolds(t)).toBe(true);

    // A restore never overwrites a database that holds the shop.
    await expect(restoreDatabase(file, source.url)).rejects.toThrow(/已存在|已有商城数据表/);
    expect(existsSync(file)).toBe(true);
  });
});
