import { describe, expect, it } from 'vitest';
import * as contract from '../src/index.js';
import { errorCatalogue, isSuccess, operations } from '../src/index.js';

describe('operations', () => {
  it('have unique names and paths', () => {
    expect(new Set(operations.map((op) => op.name)).size).toBe(operations.length);
    expect(new Set(operations.map((op) => op.path)).size).toBe(operations.length);
  });

  it('are exported under their own name (the server types each handler by it)', () => {
    const exported = Object.entries(contract).filter(([, v]) => typeof v === 'object' && v !== null && 'path' in v && 'input' in v);
    expect(exported.filter(([key, op]) => (op as { name: string }).name !== key).map(([key]) => key)).toEqual([]);
  });

  it('keep the paths and access the spec names (spec 1 §7)', () => {
    const table = Object.fromEntries(operations.map((op) => [op.name, [op.path, op.auth]]));
    expect(table).toMatchObject({
      newLogin: ['/api/home/newLogin.do', 'public'],
      loginOut: ['/api/home/loginOut.do', 'agent'],
      agentInformationRefresh: ['/api/home/agentInformationRefresh.do', 'agent'],
      sendSMSCode: ['/api/home/sendSMSCode.do', 'optional'],
      editPassword: ['/api/home/editPassword.do', 'public'],
      agentSetInfoGet: ['/api/agent/agentSetInfoGet.do', 'public'],
      selectAgentSetInfo: ['/api/agent/selectAgentSetInfo.do', 'public'],
      selectInviterAgent: ['/api/agent/selectInviterAgent.do', 'public'],
      submitApplications: ['/api/agent/submitApplications.do', 'public'],
      // optional since the OAuth redirect: with a session it also binds the openId.
      wxGetOpenId: ['/api/common/wxGetOpenId.do', 'optional'],
      getSignature: ['/api/wx/getSignature.do', 'public'],
    });
    // spec 2 §7 names one consumer path under /vapi (the retail store's read-back, ADR 0038).
    for (const op of operations) expect(op.path).toMatch(/^\/v?api\/[A-Za-z0-9]+\/[A-Za-z0-9]+\.do$/);
  });

  it('answer the success messages the spec shows', () => {
    const msg = Object.fromEntries(operations.map((op) => [op.name, op.successMsg]));
    expect(msg).toMatchObject({
      newLogin: '登录成功',
      sendSMSCode: '验证码发送成功',
      editPassword: '重置成功',
      submitApplications: '注册成功',
    });
  });
});

describe('envelope', () => {
  it('carries the spec 1 §8 messages', () => {
    expect(errorCatalogue).toMatchObject({
      SESSION_EXPIRED: '登录过期，请重新登录',
      NOT_FOUND: '网络请求不存在',
      SERVER_ERROR: '服务器请求异常',
      SMS_TOO_FREQUENT: '请不要重复发送验证码',
      SMS_CODE_WRONG: '验证码输入不正确',
      INVITER_SELF: '不能与注册手机号一致',
      ACCOUNT_DISABLED: '您已退保 系统自动退出',
    });
  });

  it('isSuccess reads errorType or errorTypeBoolean', () => {
    expect(isSuccess({ errorType: 'SUCCESS', errorTypeBoolean: true })).toBe(true);
    expect(isSuccess({ errorType: 'VALIDATION', errorTypeBoolean: false })).toBe(false);
    expect(isSuccess({ errorType: 'SUCCESS', errorTypeBoolean: false })).toBe(true);
  });
});
