import { describe, expect, it } from 'vitest';
import { saveAgentPointSign, selectAgentMyPointChange, selectAgentPointSign } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { DAY, HOUR, MINUTE } from './helpers/time.js';

const t = useTestApp();
const points = async (token: string) => (await t.call(selectAgentPointSign, {}, { token })).body.obj.laveIntegral as number;

describe('sign-in (spec 3 §4)', () => {
  it('shows the setting and an unbroken empty streak, then credits fixedIntegral (code 12) whatever the client claims', async () => {
    const { token } = await newAgent(t);
    const page = await t.call(selectAgentPointSign, {}, { token });
    expect(page.body.obj).toMatchObject({
      basePointSetBo: { signState: 1, isContinuitySign: 1, continuityNum: 7, fixedIntegral: 5, continuityIntegral: 20 },
      agentPointSignSummaryBo: { lastSignDateStr: '', countinueSign: 0, isSignToday: 0 },
      laveIntegral: 0,
    });
    const signed = await t.call(saveAgentPointSign, { isHaveContinue: 1, changeCountAll: 9999, countinueSign: 6 }, { token });
    expect(signed.body).toMatchObject({ errorType: 'SUCCESS', msg: '签到成功', obj: { changeCountAll: 5, countinueSign: 1, laveIntegral: 5 } });
    const history = await t.call(selectAgentMyPointChange, { phonePage: { pageNum: 1, pageSize: 10 } }, { token });
    expect(history.body.objs).toEqual([expect.objectContaining({ changeSource: 12, changeType: 1, changeCount: 5 })]);
    const after = await t.call(selectAgentPointSign, {}, { token });
    expect(after.body.obj.agentPointSignSummaryBo).toMatchObject({ countinueSign: 1, isSignToday: 1 });
  });

  it('refuses a second sign-in on the same China day ("今日已签到") and credits nothing', async () => {
    const { token } = await newAgent(t);
    await t.call(saveAgentPointSign, {}, { token });
    const again = await t.call(saveAgentPointSign, {}, { token });
    expect(again.body).toMatchObject({ errorType: 'VALIDATION', msg: '今日已签到' });
    expect(await points(token)).toBe(5);
  });

  it('counts days in China time: 23:50 and 00:10 the next China day are two days of one streak', async () => {
    const { token } = await newAgent(t);
    // The clock stands at 10:00 China; move to 23:50 China (15:50 UTC), then 20 minutes on (16:10 UTC, same UTC day).
    const now = t.clock.now();
    const chinaMinutes = ((now.getUTCHours() + 8) % 24) * 60 + now.getUTCMinutes();
    t.clock.advance((23 * 60 + 50 - chinaMinutes + 24 * 60) % (24 * 60) * MINUTE);
    expect((await t.call(saveAgentPointSign, {}, { token })).body.obj.countinueSign).toBe(1);
    t.clock.advance(20 * MINUTE);
    const next = await t.call(saveAgentPointSign, {}, { token });
    expect(next.body).toMatchObject({ errorType: 'SUCCESS', obj: { countinueSign: 2 } });
    t.clock.advance(10 * HOUR);
  });

  it('adds continuityIntegral (code 13) on the 7th consecutive day, then starts again at day 1', async () => {
    const me = await newAgent(t);
    let token = me.token;
    const days: number[] = [];
    for (let d = 1; d <= 8; d++) {
      token = (await t.login(me.phone, 'demo1234', { rememberMe: 1 })).token;
      const r = await t.call(saveAgentPointSign, {}, { token });
      expect(r.body.errorType, `day ${d}`).toBe('SUCCESS');
      days.push(r.body.obj.changeCountAll);
      expect(r.body.obj.countinueSign).toBe(d === 8 ? 1 : d);
      t.clock.advance(DAY);
    }
    expect(days).toEqual([5, 5, 5, 5, 5, 5, 25, 5]);
    const history = await t.call(selectAgentMyPointChange, { phonePage: { pageNum: 1, pageSize: 20 } }, { token });
    expect(history.body.objs.filter((r: { changeSource: number }) => r.changeSource === 13)).toEqual([
      expect.objectContaining({ changeType: 1, changeCount: 20 }),
    ]);
    expect(await points(token)).toBe(60);
  });

  it('breaks the streak after a missed day', async () => {
    const { token } = await newAgent(t);
    await t.call(saveAgentPointSign, {}, { token });
    t.clock.advance(DAY);
    await t.call(saveAgentPointSign, {}, { token });
    t.clock.advance(2 * DAY);
    expect((await t.call(selectAgentPointSign, {}, { token })).body.obj.agentPointSignSummaryBo.countinueSign).toBe(0);
    expect((await t.call(saveAgentPointSign, {}, { token })).body.obj.countinueSign).toBe(1);
  });

  it('20 parallel taps credit once (unique agent + day)', async () => {
    const { token, id } = await newAgent(t);
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.call(saveAgentPointSign, {}, { token })));
    const ok = replies.filter((r) => r.body.errorType === 'SUCCESS');
    expect(ok).toHaveLength(1);
    for (const r of replies) if (r.body.errorType !== 'SUCCESS') expect(r.body.msg).toBe('今日已签到');
    expect(await points(token)).toBe(5);
    const rows = await t.db.kysely.selectFrom('point_signs').select('id').where('agent_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 签到未开启 when sign-in is switched off', async () => {
    const { token } = await newAgent(t);
    await t.db.kysely.updateTable('point_settings').set({ sign_state: 0 }).execute();
    try {
      const r = await t.call(saveAgentPointSign, {}, { token });
      expect(r.body).toMatchObject({ errorType: 'VALIDATION', msg: '签到未开启' });
      expect(await points(token)).toBe(0);
    } finally {
      await t.db.kysely.updateTable('point_settings').set({ sign_state: 1 }).execute();
    }
  });

  it('needs a session', async () => {
    expect((await t.call(saveAgentPointSign, {})).status).toBe(401);
  });
});
