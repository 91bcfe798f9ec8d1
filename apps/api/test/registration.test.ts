import { describe, expect, it } from 'vitest';
import {
  agentSetInfoGet,
  newLogin,
  selectAgentSetInfo,
  selectInviterAgent,
  submitApplications,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';

const t = useTestApp();
const INVITER = '13800000001';

async function gradeId(name: string): Promise<number> {
  const row = await t.db.kysely.selectFrom('grades').select('id').where('grade_name', '=', name).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** What the /register form submits (spec 1 §3 agentApplyInfo). */
async function application(overrides: Record<string, unknown> = {}) {
  return {
    isShare: 0,
    platId: 'plat-demo',
    agentName: '陈新',
    phone: '13900000001',
    gradeId: await gradeId('银卡代理'),
    gradeName: '银卡代理',
    password: 'secret12',
    inviterPhone: INVITER,
    ...overrides,
  };
}

describe('agentSetInfoGet', () => {
  it('answers the registration agreement, enabled', async () => {
    const reply = await t.call(agentSetInfoGet, { platId: 'plat-demo' });
    expect(reply.body.errorType).toBe('SUCCESS');
    expect(reply.body.obj).toMatchObject({ agreementTitle: '代理商注册协议', isEnable: 1 });
    expect(reply.body.obj.agreementContent).toContain('<h3>一、总则</h3>');
  });
});

describe('selectAgentSetInfo', () => {
  it('lists the three grades open for registration as parallel lists, and names the inviter', async () => {
    const reply = await t.call(selectAgentSetInfo, { phone: INVITER, platId: 'plat-demo', isShare: 0 });
    expect(reply.body.errorType).toBe('SUCCESS');
    const open = ['体验代理', '银卡代理', '金卡代理'];
    const ids = await Promise.all(open.map(gradeId));
    expect(reply.body.obj).toMatchObject({
      levelIds: ids.join(','),
      levelNames: open.join(','),
      isEnable: 1,
      invitationTitle: '邀请好友',
      isContainName: 1,
      inviterName: '张明',
    });
    expect(reply.body.obj.levelNames).not.toContain('钻石代理');
  });

  it('answers an empty inviterName for an unknown phone or none', async () => {
    const unknown = await t.call(selectAgentSetInfo, { phone: '13912345678', isShare: 1 });
    expect(unknown.body.obj.inviterName).toBe('');
    expect(unknown.body.obj.levelNames).toBe('体验代理,银卡代理,金卡代理');
    const none = await t.call(selectAgentSetInfo, {});
    expect(none.body.obj.inviterName).toBe('');
  });
});

describe('selectInviterAgent', () => {
  it("answers the inviter's name", async () => {
    const reply = await t.call(selectInviterAgent, await application({ phone: '13900000002' }));
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', obj: { inviterName: '张明', inviterPhone: INVITER } });
  });

  it.each([
    [{ inviterPhone: '13912345678' }, 'INVITER_NOT_FOUND', '邀请人不存在'],
    [{ phone: INVITER, inviterPhone: INVITER }, 'VALIDATION', '不能与注册手机号一致'],
    [{ inviterPhone: '' }, 'VALIDATION', '请输入邀请人手机号'],
    [{ inviterPhone: '1380000000' }, 'VALIDATION', '请输入正确的手机号'],
  ])('refuses %j with "%s %s"', async (overrides, errorType, message) => {
    const reply = await t.call(selectInviterAgent, await application(overrides));
    expect(reply.body).toMatchObject({ errorType, msg: message, obj: null });
  });
});

describe('submitApplications', () => {
  it('creates the agent under the inviter; the new agent logs in with agentStatus 0 at the chosen grade', async () => {
    const grade = await gradeId('金卡代理');
    const reply = await t.call(submitApplications, await application({ phone: '13900000010', gradeId: grade }));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '注册成功' });

    const { user } = await t.login('13900000010', 'secret12');
    expect(user).toMatchObject({
      suPhone: '13900000010',
      agentName: '陈新',
      agentStatus: 0,
      isNeedBondStatus: 0,
      gradeId: grade,
      gradeName: '金卡代理',
      apgId: await t.agentIdOf(INVITER),
      payPassword: false,
    });
    expect(user.agentCode).toMatch(/^DL\d{6}$/);
  });

  it('refuses a phone that is already registered ("该手机号已注册")', async () => {
    const reply = await t.call(submitApplications, await application({ phone: '13800000002' }));
    expect(reply.body).toMatchObject({ errorType: 'PHONE_TAKEN', msg: '该手机号已注册' });
    // The existing agent keeps their password.
    await t.login('13800000002', 'demo1234');
  });

  it('refuses an unknown inviter ("邀请人不存在")', async () => {
    const reply = await t.call(submitApplications, await application({ phone: '13900000011', inviterPhone: '13912345678' }));
    expect(reply.body).toMatchObject({ errorType: 'INVITER_NOT_FOUND', msg: '邀请人不存在' });
    expect((await t.call(newLogin, { suAccount: '13900000011', suPassword: 'secret12' })).body.errorType).toBe('LOGIN_FAILED');
  });

  it('refuses an inviter who has left (is_active = 0)', async () => {
    await t.db.kysely.updateTable('agents').set({ is_active: 0 }).where('phone', '=', '13800000003').execute();
    try {
      const reply = await t.call(submitApplications, await application({ phone: '13900000012', inviterPhone: '13800000003' }));
      expect(reply.body.msg).toBe('邀请人不存在');
    } finally {
      await t.db.kysely.updateTable('agents').set({ is_active: 1 }).where('phone', '=', '13800000003').execute();
    }
  });

  it('refuses the own phone as inviter ("不能与注册手机号一致")', async () => {
    const reply = await t.call(submitApplications, await application({ phone: '13900000013', inviterPhone: '13900000013' }));
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', msg: '不能与注册手机号一致' });
  });

  it('refuses a grade that is not open for registration ("该代理商级别暂不开放注册")', async () => {
    for (const grade of [await gradeId('钻石代理'), 9999]) {
      const reply = await t.call(submitApplications, await application({ phone: '13900000014', gradeId: grade }));
      expect(reply.body).toMatchObject({ errorType: 'GRADE_NOT_OPEN', msg: '该代理商级别暂不开放注册' });
    }
  });

  it.each([
    [{ agentName: '' }, '请输入姓名'],
    [{ agentName: '   ' }, '请输入姓名'],
    [{ agentName: '一二三四五六七八九十一' }, '姓名长度不能超过10个字符'],
    [{ phone: '' }, '请输入手机号'],
    [{ phone: '23900000015' }, '请输入正确的手机号'],
    [{ phone: '1390000001' }, '请输入正确的手机号'],
    [{ gradeId: '' }, '请选择注册代理商级别'],
    [{ gradeId: undefined }, '请选择注册代理商级别'],
    [{ gradeId: 0 }, '请选择注册代理商级别'],
    [{ password: '' }, '请输入您的登录密码'],
    [{ password: 'abc12' }, '登录密码长度6~10个字符'],
    [{ password: 'abcdefghijk' }, '登录密码长度6~10个字符'],
    [{ inviterPhone: '' }, '请输入邀请人手机号'],
    [{ inviterPhone: '1380000000x' }, '请输入正确的手机号'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const reply = await t.call(submitApplications, await application({ phone: '13900000015', ...overrides }));
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', msg: message });
  });

  it('answers the first message in form order when several fields are wrong', async () => {
    const reply = await t.call(submitApplications, { agentName: '', phone: '', password: '', inviterPhone: '' });
    expect(reply.body.msg).toBe('请输入姓名');
    expect((await t.call(newLogin, { suAccount: '13900000015', suPassword: 'secret12' })).body.errorType).toBe('LOGIN_FAILED');
  });

  it('trims phone, password and inviter', async () => {
    const reply = await t.call(
      submitApplications,
      await application({ agentName: ' 周六 ', phone: ' 13900000016 ', password: ' trim123 ', inviterPhone: ' 13800000001 ' }),
    );
    expect(reply.body.errorType).toBe('SUCCESS');
    const { user } = await t.login('13900000016', 'trim123');
    expect(user).toMatchObject({ suPhone: '13900000016', agentName: '周六', apgId: await t.agentIdOf(INVITER) });
  });

  it('two registrations of one new phone at once: exactly one succeeds, the other answers "该手机号已注册"', async () => {
    const body = await application({ phone: '13900000017' });
    const replies = await Promise.all([t.call(submitApplications, body), t.call(submitApplications, body)]);
    const types = replies.map((r) => r.body.errorType).sort();
    expect(types).toEqual(['PHONE_TAKEN', 'SUCCESS']);
    expect(replies.find((r) => r.body.errorType === 'PHONE_TAKEN')!.body.msg).toBe('该手机号已注册');
    const rows = await t.db.kysely.selectFrom('agents').select('id').where('phone', '=', '13900000017').execute();
    expect(rows).toHaveLength(1);
  });

  it('registers from the share page (isShare 1) with an openId', async () => {
    const reply = await t.call(submitApplications, await application({ phone: '13900000018', isShare: 1, openId: 'oAbc123' }));
    expect(reply.body.errorType).toBe('SUCCESS');
    const row = await t.db.kysely.selectFrom('agents').select('open_id').where('phone', '=', '13900000018').executeTakeFirstOrThrow();
    expect(row.open_id).toBe('oAbc123');
  });
});
