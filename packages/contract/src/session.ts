import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { flag, formInOrder, int, length, mobile, numberIn, optionalText, required, trimmed } from './validation.js';

/** spec 1 §3 userInfo. `payPassword` only says whether one is set (ARCHITECTURE security departures). */
export const userInfo = z.object({
  suId: int(),
  suName: z.string(),
  suAccount: z.string(),
  suPhone: z.string(),
  platId: z.string(),
  agentId: int(),
  agentType: int(),
  agentStatus: int(),
  isNeedBondStatus: int(),
  gradeId: int(),
  gradeName: z.string(),
  agentName: z.string(),
  agentCode: z.string(),
  headImgUrl: z.string(),
  apgId: z.nullable(int()),
  apgCode: z.nullable(z.string()),
  apgSysCode: z.nullable(z.string()),
  /** The upline's name (who the agent buys from); null under headquarters (总部). */
  apgName: z.nullable(z.string()),
  payPassword: z.boolean(),
});
export type UserInfo = z.output<typeof userInfo>;

const empty = z.object({});

// spec 1 §5 login: account required, max 11; password required, max 10.
export const loginInput = z.object({
  suAccount: required('请输入账号', z.maxLength(11, '账号不能超过11位')),
  suPassword: required('请输入密码', z.maxLength(10, '密码不能超过10位')),
  openId: optionalText(128),
  /** "remember password": a 7-day session; the password itself is never kept. */
  rememberMe: z.optional(flag()),
});

export const newLogin = defineOp({
  name: 'newLogin',
  path: '/api/home/newLogin.do',
  auth: 'public',
  input: loginInput,
  /**
   * mustChangePassword: the password was a staff reset's one-time password (ADR 0024); the session may only set a new
   * password (OPEN_BEFORE_NEW_PASSWORD) until it is done.
   */
  output: z.object({ obj: userInfo, accessToken: z.string(), mustChangePassword: z.boolean() }),
  successMsg: '登录成功',
});

/**
 * ADR 0024: what a session opened with a one-time password may call: change the password (which ends the session), log
 * out, and read the agent's own info (the shell reads it on start). Everything else answers PASSWORD_CHANGE_REQUIRED.
 */
export const OPEN_BEFORE_NEW_PASSWORD: readonly string[] = ['editPasswordBySuId', 'loginOut', 'agentInformationRefresh'];

export const loginOut = defineOp({
  name: 'loginOut',
  path: '/api/home/loginOut.do',
  auth: 'agent',
  input: empty,
  output: empty,
});

export const agentInformationRefresh = defineOp({
  name: 'agentInformationRefresh',
  path: '/api/home/agentInformationRefresh.do',
  auth: 'agent',
  input: z.object({ suAccount: optionalText(11), platId: optionalText(64) }),
  /** null when the agent has left (deposit withdrawn): the client logs out with '您已退保 系统自动退出'. */
  output: z.object({ obj: z.nullable(userInfo) }),
});

/** funcType 2: password reset; 6: payment-password codes (sent to the logged-in agent's own phone). */
export const SMS_FUNC = { resetPassword: 2, payPassword: 6 } as const;

export const sendSMSCode = defineOp({
  name: 'sendSMSCode',
  path: '/api/home/sendSMSCode.do',
  auth: 'optional',
  input: z.object({
    funcType: z.pipe(numberIn('验证码类型有误'), z.union([z.literal(2), z.literal(6)], { error: '验证码类型有误' })),
    suPhone: mobile(),
  }),
  output: empty,
  successMsg: '验证码发送成功',
});

export const smsCode = required('验证码不能为空', z.regex(/^\d{6}$/, '验证码输入不正确'));
export const loginPassword = (requiredMessage: string, lengthMessage: string) =>
  required(requiredMessage, ...length(6, 10, lengthMessage));

export const editPasswordInput = z.object({
  suPhone: mobile(),
  smsCode,
  newPassword: loginPassword('请输入新密码', '密码长度为6~10位'),
});

export const editPassword = defineOp({
  name: 'editPassword',
  path: '/api/home/editPassword.do',
  auth: 'public',
  input: editPasswordInput,
  output: empty,
  successMsg: '重置成功',
});

/** The /password form: the wire payload plus the confirmation, in the order the form shows them. */
export const forgotPasswordForm = formInOrder(
  z.object({
    suPhone: mobile(),
    smsCode,
    newPassword: loginPassword('请输入新密码', '密码长度为6~10位'),
    confirmPassword: required('请再次输入新密码'),
  }),
  { confirmPassword: (v) => (trimmed(v.confirmPassword) === trimmed(v.newPassword) ? null : '两次密码输入不一致') },
);
