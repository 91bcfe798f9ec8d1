import { describe, expect, it } from 'vitest';
import {
  applicationInput,
  editPasswordInput,
  forgotPasswordForm,
  loginInput,
  registrationForm,
  selectInviterAgent,
  sendSMSCode,
} from '../src/index.js';
import { shown, walk } from './form-walk.js';


describe('login form (spec 1 §5)', () => {
  it('shows the messages in order', () => {
    expect(
      walk(loginInput, {}, [
        { suAccount: '138000000011' },
        { suAccount: '13800000001' },
        { suPassword: 'demo1234567' },
        { suPassword: 'demo1234' },
      ]),
    ).toEqual(['请输入账号', '账号不能超过11位', '请输入密码', '密码不能超过10位', 'OK']);
  });

  it('treats blank as empty and accepts rememberMe as 0/1', () => {
    expect(shown(loginInput, { suAccount: '  ', suPassword: 'x' })).toBe('请输入账号');
    expect(shown(loginInput, { suAccount: 'a', suPassword: '  ' })).toBe('请输入密码');
    expect(loginInput.safeParse({ suAccount: 'a', suPassword: 'b', rememberMe: '1' }).data).toMatchObject({ rememberMe: 1 });
    expect(shown(loginInput, { suAccount: 'a', suPassword: 'b', rememberMe: 2 })).not.toBe('OK');
  });
});

describe('forgot-password form (spec 1 §5)', () => {
  it('shows the messages in order', () => {
    expect(
      walk(forgotPasswordForm, {}, [
        { suPhone: '1380000000' },
        { suPhone: '13800000001' },
        { smsCode: '12345' },
        { smsCode: '123456' },
        { newPassword: 'abc12' },
        { newPassword: 'abcdefghijk' },
        { newPassword: 'abc123' },
        { confirmPassword: 'abc124' },
        { confirmPassword: 'abc123' },
      ]),
    ).toEqual([
      '手机号不能为空',
      '请输入正确的手机号',
      '验证码不能为空',
      '验证码输入不正确',
      '请输入新密码',
      '密码长度为6~10位',
      '密码长度为6~10位',
      '请再次输入新密码',
      '两次密码输入不一致',
      'OK',
    ]);
  });

  it('the wire payload carries no confirmation', () => {
    expect(editPasswordInput.safeParse({ suPhone: '13800000001', smsCode: '123456', newPassword: 'abc123' }).success).toBe(true);
  });
});

describe('registration form (spec 1 §5)', () => {
  // Field rules top to bottom; the checks across fields (repeat matches, inviter is not the own phone, agreement)
  // run once every field is valid, in the spec's order.
  const steps = [
    { agentName: '一二三四五六七八九十一' },
    { agentName: '陈新' },
    { phone: '1390000001' },
    { phone: '13900000001' },
    { gradeId: 2 },
    { password: 'abc12' },
    { password: 'abc123' },
    { repeatPassword: 'abc1' },
    { repeatPassword: 'abc123' },
    { inviterPhone: '1380000000' },
    { inviterPhone: '13800000001', repeatPassword: 'abc124' },
    { repeatPassword: 'abc123', inviterPhone: '13900000001' },
    { inviterPhone: '13800000001' },
  ];
  const messages = [
    '请输入姓名',
    '姓名长度不能超过10个字符',
    '请输入手机号',
    '请输入正确的手机号',
    '请选择注册代理商级别',
    '请输入您的登录密码',
    '登录密码长度6~10个字符',
    '请再次输入您的登录密码',
    '登录密码长度6~10个字符',
    '请输入邀请人手机号',
    '请输入正确的手机号',
    '与登录密码不一致',
    '不能与注册手机号一致',
  ];

  it('with the agreement enabled, shows every message in order, the agreement last', () => {
    const seen = walk(registrationForm(true), { agreed: false }, [...steps, { agreed: true }]);
    expect(seen).toEqual([...messages, '请勾选代理商注册协议', 'OK']);
  });

  it('with the agreement off, does not ask for it', () => {
    const seen = walk(registrationForm(false), { agreed: false }, steps);
    expect(seen).toEqual([...messages, 'OK']);
  });

  it('reports one message at a time, top to bottom: an empty form asks for the name only', () => {
    const result = registrationForm(true).safeParse({ agreed: false });
    expect(result.error!.issues.map((i) => i.message)).toEqual(['请输入姓名']);
  });

  it('a password mismatch is shown before a missing inviter (the spec order, not the schema internals)', () => {
    const form = { agentName: '陈新', phone: '13900000001', gradeId: 2, password: 'abc123', repeatPassword: 'abc124', inviterPhone: '' };
    expect(shown(registrationForm(true), form)).toBe('与登录密码不一致');
    expect(shown(registrationForm(true), { ...form, repeatPassword: 'abc123' })).toBe('请输入邀请人手机号');
  });

  it('a missing agreement flag counts as not ticked', () => {
    const form = { agentName: '陈新', phone: '13900000001', gradeId: 2, password: 'abc123', repeatPassword: 'abc123', inviterPhone: '13800000001' };
    expect(shown(registrationForm(true), form)).toBe('请勾选代理商注册协议');
    expect(shown(registrationForm(false), form)).toBe('OK');
  });

  it('trims phone, password and inviter', () => {
    const form = { agentName: '陈新', phone: ' 13900000001', gradeId: '2', password: ' abc123 ', repeatPassword: 'abc123', inviterPhone: '13800000001 ', agreed: true };
    const result = registrationForm(true).safeParse(form);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ phone: '13900000001', gradeId: 2, password: 'abc123', inviterPhone: '13800000001' });
  });
});

describe('registration wire payload (agentApplyInfo)', () => {
  const valid = { agentName: '陈新', phone: '13900000001', gradeId: 2, password: 'abc123', inviterPhone: '13800000001' };

  it('parses with isShare defaulting to 0 and text grade ids', () => {
    expect(applicationInput.safeParse({ ...valid, gradeId: '2' }).data).toMatchObject({ ...valid, isShare: 0 });
  });

  it.each([
    [{ gradeId: undefined }, '请选择注册代理商级别'],
    [{ gradeId: '' }, '请选择注册代理商级别'],
    [{ gradeId: 'x' }, '请选择注册代理商级别'],
    [{ gradeId: 1.5 }, '请选择注册代理商级别'],
    [{ inviterPhone: '13900000001' }, '不能与注册手机号一致'],
    [{ inviterPhone: ' 13900000001 ' }, '不能与注册手机号一致'],
  ])('refuses %j with "%s"', (change, message) => {
    expect(shown(applicationInput, { ...valid, ...change })).toBe(message);
  });

  it('the inviter lookup refuses the own phone and asks for the inviter', () => {
    expect(shown(selectInviterAgent.input, { phone: '13800000001', inviterPhone: '13800000001' })).toBe('不能与注册手机号一致');
    expect(shown(selectInviterAgent.input, { phone: '13900000001' })).toBe('请输入邀请人手机号');
    expect(shown(selectInviterAgent.input, { phone: '13900000001', inviterPhone: '13800000001' })).toBe('OK');
  });
});

describe('sendSMSCode input', () => {
  it.each([
    [{ funcType: 2, suPhone: '' }, '手机号不能为空'],
    [{ funcType: 2 }, '手机号不能为空'],
    [{ funcType: 2, suPhone: '1380000000' }, '请输入正确的手机号'],
    [{ funcType: 3, suPhone: '13800000001' }, '验证码类型有误'],
    [{ suPhone: '13800000001' }, '验证码类型有误'],
    [{ funcType: 2, suPhone: '13800000001' }, 'OK'],
    [{ funcType: '6', suPhone: '13800000001' }, 'OK'],
  ])('%j shows "%s"', (payload, message) => {
    expect(shown(sendSMSCode.input, payload)).toBe(message);
  });
});
