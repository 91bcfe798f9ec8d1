import { describe, expect, it } from 'vitest';
import { selMyStore, selectMyPageData, staffSaveAgentStore, staffSaveGradeStore } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/** spec 1 §3 /my: the shop-enabled flag and the shop id answer the agent's store as headquarters set it (ADR 0042). */
const t = useTestApp();

const myPage = async (token: string) => {
  const r = await t.call(selectMyPageData, {}, { token });
  expect(r.body.errorType, r.text).toBe('SUCCESS');
  return r.body.obj as { isOpenShop: number; shopId: number | null; shopUrl: string };
};

describe('selectMyPageData isOpenShop / shopId', () => {
  it('answers 0 and no id until headquarters opens the store, then 1 and the store’s shopId, and 0 again once closed', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const agent = await freshAgent(t, { status: 1, gradeIndex: 0 });
    expect(await myPage(agent.token)).toMatchObject({ isOpenShop: 0, shopId: null, shopUrl: '' });

    expect((await staffCall(t, staffSaveAgentStore, { agentId: agent.agentId, override: 1 }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
    const open = await myPage(agent.token);
    const store = (await t.call(selMyStore, {}, { token: agent.token })).body.obj;
    expect(store.shopId).toEqual(expect.any(Number));
    expect(open).toMatchObject({ isOpenShop: 1, shopId: store.shopId, shopUrl: `/store/${store.shopId}` });
    // The same id on every read (the store row is made once).
    expect((await myPage(agent.token)).shopId).toBe(store.shopId);

    expect((await staffCall(t, staffSaveAgentStore, { agentId: agent.agentId, override: 0 }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
    expect(await myPage(agent.token)).toMatchObject({ isOpenShop: 0, shopId: null, shopUrl: '' });
  });

  it('an agent’s own switch and the grade’s: each agent answers its own store', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const a = await freshAgent(t, { status: 1, gradeIndex: 0 });
    const b = await freshAgent(t, { status: 1, gradeIndex: 0 });
    await staffCall(t, staffSaveAgentStore, { agentId: a.agentId, override: 1 }, { staffToken: admin });
    expect((await myPage(a.token)).isOpenShop).toBe(1);
    expect(await myPage(b.token)).toMatchObject({ isOpenShop: 0, shopId: null });
    // Opened for the whole grade: b opens too, with its own store; a closed on its own stays closed.
    await staffCall(t, staffSaveAgentStore, { agentId: a.agentId, override: 0 }, { staffToken: admin });
    const { grade_id: gradeId } = await t.db.kysely.selectFrom('agents').select('grade_id').where('id', '=', b.agentId).executeTakeFirstOrThrow();
    expect((await staffCall(t, staffSaveGradeStore, { gradeId, storeEnabled: 1 }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
    const bPage = await myPage(b.token);
    expect(bPage).toMatchObject({ isOpenShop: 1, shopId: expect.any(Number) });
    expect(bPage.shopId).toBe((await t.call(selMyStore, {}, { token: b.token })).body.obj.shopId);
    expect(await myPage(a.token)).toMatchObject({ isOpenShop: 0, shopId: null });
    await staffCall(t, staffSaveGradeStore, { gradeId, storeEnabled: 0 }, { staffToken: admin });
  });
});
