import { describe, expect, it } from 'vitest';
import { exportLedgerRecords, LEDGER_COUNT_CAP, selectLedgerRecords, STORE_CHANGE } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/**
 * ADR 0048: the 资金流水 screen counts at most LEDGER_COUNT_CAP records (the platform's five million are not counted
 * per page); above it the reply says totalCapped and pages up to the cap; a narrower filter gives the exact count.
 * The records are this file's own agent's, inserted directly (a read-only test of the count).
 */
const t = useTestApp();

/** `n` records that net to nothing (+1, −1, …; a 0 when n is odd), so the agent's balance still equals their sum. */
async function records(agentId: number, n: number, code: string) {
  const at = t.clock.now().toISOString();
  const { last_store: start } = await t.db.kysely.selectFrom('agents').select('last_store').where('id', '=', agentId).executeTakeFirstOrThrow();
  let balance = Number(start);
  const rows = Array.from({ length: n }, (_, i) => {
    const amount = i === n - 1 && n % 2 === 1 ? 0 : i % 2 === 0 ? 1 : -1;
    balance += amount;
    return {
      plat_id: t.config.platId, agent_id: agentId, account: 'store', amount, balance_after: balance,
      change_state: Object.values(STORE_CHANGE)[0] as number, order_code: code, remark: '测试', created_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await t.db.kysely.insertInto('account_changes').values(rows.slice(i, i + 500)).execute();
}

describe('资金流水: the count capped at 10000 (ADR 0048)', () => {
  it('counts exactly up to the cap, then says 10000+ and still pages', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const a = await freshAgent(t, { status: 1 });
    const ask = async (input: Record<string, unknown>) => {
      const r = await staffCall(t, selectLedgerRecords, { keyword: a.phone, ...input }, { staffToken: finance });
      expect(r.body.errorType).toBe('SUCCESS');
      return r.body;
    };
    const before = (await ask({ phonePage: { pageSize: 20, pageNum: 1 } })).obj.total as number;
    await records(a.agentId, LEDGER_COUNT_CAP - before, 'CAP-A');
    const exact = await ask({ phonePage: { pageSize: 20, pageNum: 1 } });
    expect(exact.obj).toMatchObject({ total: LEDGER_COUNT_CAP, totalCapped: false, phonePage: { pageTotal: LEDGER_COUNT_CAP / 20 } });

    await records(a.agentId, 2, 'CAP-B');
    const capped = await ask({ phonePage: { pageSize: 20, pageNum: 1 } });
    expect(capped.obj).toMatchObject({ total: LEDGER_COUNT_CAP, totalCapped: true, phonePage: { pageTotal: LEDGER_COUNT_CAP / 20 } });
    expect(capped.objs).toHaveLength(20);
    // The last page of the cap is full; a narrower filter counts exactly.
    expect((await ask({ phonePage: { pageSize: 20, pageNum: LEDGER_COUNT_CAP / 20 } })).objs).toHaveLength(20);
    expect((await ask({ code: 'CAP-B', phonePage: { pageSize: 20, pageNum: 1 } })).obj).toMatchObject({ total: 2, totalCapped: false });

    // The export still refuses more than it can write, with what to do.
    const exp = await staffCall(t, exportLedgerRecords, { keyword: a.phone }, { staffToken: finance });
    expect(exp.body.errorType).toBe('VALIDATION');
    expect(exp.body.msg).toMatch(/缩小|筛选|日期|范围/);
  });
});
