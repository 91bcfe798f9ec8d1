import { describe, expect, it } from 'vitest';
import { selectAgentPointSign, selectBasePointSet } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';

const t = useTestApp();

// spec 3 §3 Point settings: selectBasePointSet carries the sign-in fields, the same the sign page reads.
describe('selectBasePointSet', () => {
  it('answers the sign-in part of the setting as /sign reads it', async () => {
    const me = await newAgent(t);
    await t.db.kysely
      .updateTable('sign_settings')
      .set({ is_continuity_sign: 1, continuity_num: 5, fixed_integral: 3, continuity_integral: 20, bg_image: '/media/sign-bg.png' })
      .where('plat_id', '=', t.config.platId)
      .execute();
    const set = (await t.call(selectBasePointSet, {}, { token: me.token })).body.obj;
    expect(set).toMatchObject({ isContinuitySign: 1, continuityNum: 5, fixedIntegral: 3, continuityIntegral: 20, bgImage: '/media/sign-bg.png' });
    const sign = (await t.call(selectAgentPointSign, {}, { token: me.token })).body.obj.basePointSetBo;
    for (const k of ['signState', 'isContinuitySign', 'continuityNum', 'fixedIntegral', 'continuityIntegral', 'bgImage'] as const) expect(set[k]).toEqual(sign[k]);
  });

  it('without a sign-in setting row the sign-in part reads off and empty', async () => {
    const me = await newAgent(t);
    await t.db.kysely.deleteFrom('sign_settings').where('plat_id', '=', t.config.platId).execute();
    const set = (await t.call(selectBasePointSet, {}, { token: me.token })).body.obj;
    expect(set).toMatchObject({ isContinuitySign: 0, continuityNum: 0, fixedIntegral: 0, continuityIntegral: 0, bgImage: '' });
  });
});
