import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { formInOrder, int, required } from './validation.js';
import { STAFF_PASSWORD_RULE } from './staff-console.js';

/**
 * The staff member's own sessions (ADR 0033): changing one's own password (ends the member's other sessions) and the
 * admin's login log (who, when, from where, success or why not).
 */

export const STAFF_SESSION_MESSAGES = {
  oldPasswordRequired: '请输入当前密码',
  oldPasswordWrong: '当前密码不正确，请重新输入',
  newPasswordRequired: '请输入新密码',
  newPasswordWeak: '新密码至少8位，且须同时包含字母和数字',
  newPasswordSame: '新密码不能与当前密码相同，请换一个',
  confirmRequired: '请再次输入新密码',
  confirmMismatch: '两次输入的新密码不一致，请重新输入',
  dateInvalid: '日期格式应为 YYYY-MM-DD',
} as const;
const M = STAFF_SESSION_MESSAGES;

export const changeOwnStaffPassword = defineOp({
  name: 'changeOwnStaffPassword',
  path: '/api/staff/changeOwnStaffPassword.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      oldPassword: required(M.oldPasswordRequired, z.maxLength(64, M.oldPasswordWrong)),
      newPassword: required(M.newPasswordRequired, z.regex(STAFF_PASSWORD_RULE, M.newPasswordWeak)),
      confirmPassword: required(M.confirmRequired, z.maxLength(64, M.confirmMismatch)),
    }),
    {
      newPassword: (v) => (v.newPassword === v.oldPassword ? M.newPasswordSame : null),
      confirmPassword: (v) => (v.confirmPassword === v.newPassword ? null : M.confirmMismatch),
    },
  ),
  output: z.object({ obj: z.object({ endedSessions: int() }) }),
  successMsg: '密码已修改，其他已登录的窗口需重新登录',
});

/** Why a login failed, as the log records it (the member was told the matching message). */
export const STAFF_LOGIN_RESULT_TEXT: Readonly<Record<string, string>> = {
  ok: '登录成功',
  wrongPassword: '账号或密码错误',
  unknownUser: '账号不存在',
  disabled: '账号已停用',
  locked: '失败次数过多，已锁定',
  totpRequired: '未输入动态验证码',
  totpWrong: '动态验证码错误',
};

export const staffLoginLogRow = z.object({
  id: int(),
  username: z.string(),
  /** The member's name when the account exists, '' otherwise. */
  displayName: z.string(),
  success: z.boolean(),
  /** ok | wrongPassword | unknownUser | disabled | locked | totpRequired | totpWrong */
  result: z.string(),
  resultText: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  createdAt: z.string(),
});

const day = z.optional(z.nullable(z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, M.dateInvalid))));

/** The platform's staff logins, newest first; dates China time, both days included. Admin only. */
export const selectStaffLoginLog = defineOp({
  name: 'selectStaffLoginLog',
  path: '/api/staff/selectStaffLoginLog.do',
  auth: 'staff',
  input: z.object({
    phonePage: phonePageIn,
    /** Part of the account typed at login. */
    username: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(32)))),
    /** 'ok' only successes, 'failed' only failures; empty: both. */
    outcome: z.optional(z.nullable(z.enum(['ok', 'failed', '']))),
    ip: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64)))),
    from: day,
    to: day,
  }),
  output: staffListOut(staffLoginLogRow),
});
